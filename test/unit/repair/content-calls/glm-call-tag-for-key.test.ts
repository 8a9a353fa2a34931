import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("GLM writing <tool_call> where its first <arg_key> belongs", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one argument, prose around", "before <tool_call>get_time<tool_call>tz</arg_key><arg_value>UTC</arg_value></tool_call> after", [["get_time", { tz: "UTC" }]], "before after"],
    [
      "two arguments, the second with its own tag",
      "<tool_call>get_weather<tool_call>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key><arg_value>3</arg_value></tool_call>",
      [["get_weather", { city: "Paris", days: 3 }]],
      "",
    ],
    [
      "a second call after it, well formed",
      "<tool_call>get_time<tool_call>tz</arg_key><arg_value>UTC</arg_value></tool_call>\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>",
      [["get_time", { tz: "UTC" }], ["get_weather", { city: "Paris" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["the same slip at the second argument", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><tool_call>days</arg_key><arg_value>3</arg_value></tool_call>"],
    ["the slip twice", "<tool_call>get_weather<tool_call>city</arg_key><arg_value>Paris</arg_value><tool_call>days</arg_key><arg_value>3</arg_value></tool_call>"],
    ["the block never closed", "<tool_call>get_time<tool_call>tz</arg_key><arg_value>UTC</arg_value>"],
    ["an undeclared tool", "<tool_call>get_forecast<tool_call>city</arg_key><arg_value>Paris</arg_value></tool_call>"],
    ["a second tag with no key closer after it", "<tool_call>get_time<tool_call>tz<arg_value>UTC</arg_value></tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
