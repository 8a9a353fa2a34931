import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// GLM: a key's closer left out right before its value's opening. A key is a name, never text with tags in it, so the
// key ends there (one reading); the call keeps only keys the tool declares.
describe("GLM: a key's closer left out before its value", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the last pair's", "Checking. <tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Oslo</arg_value>\n<arg_key>days<arg_value>2</arg_value>\n</tool_call>", [["get_weather", { city: "Oslo", days: 2 }]], "Checking."],
    ["the first pair's", "<tool_call>get_weather<arg_key>city<arg_value>Oslo</arg_value><arg_key>days</arg_key><arg_value>2</arg_value></tool_call>", [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["with space around the key", "<tool_call>get_weather<arg_key> city <arg_value>Oslo</arg_value></tool_call>", [["get_weather", { city: "Oslo" }]], ""],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a key the tool does not declare", "<tool_call>get_weather<arg_key>town<arg_value>Oslo</arg_value></tool_call>"],
    ["words for a key", "<tool_call>get_weather<arg_key>the city<arg_value>Oslo</arg_value></tool_call>"],
    ["the value's closer left out too", "<tool_call>get_weather<arg_key>city<arg_value>Oslo</tool_call>"],
    ["the block never closed", "<tool_call>get_weather<arg_key>city<arg_value>Oslo</arg_value>"],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
