import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("GLM's line breaks between tags written as the two characters \\n", () => {
  it.each([
    ["between every tag", String.raw`<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>杭州</arg_value>\n</tool_call>`, [["get_weather", { city: "杭州" }]]],
    ["after the name only", String.raw`<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>NYC</arg_value></tool_call>`, [["get_weather", { city: "NYC" }]]],
    ["two arguments", String.raw`<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>`, [["get_weather", { city: "Oslo", days: 2 }]]],
    ["a value's own \\n kept", String.raw`<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>a\nb\n</arg_value></tool_call>`, [["get_weather", { city: String.raw`a\nb\n` }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each([
    ["\\n then words, no tags", String.raw`<tool_call>get_weather\nParis</tool_call>`],
    ["\\n before a JSON object", String.raw`<tool_call>get_weather\n{"city": "Paris"}</tool_call>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
