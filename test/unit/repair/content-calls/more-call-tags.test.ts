import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Nemotron-Mini's <toolcall>, Glaive's <functioncall> and the <tool_code> tag", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Nemotron-Mini", '<toolcall> {"name": "get_weather", "arguments": {"city": "Paris"}} </toolcall>', [["get_weather", { city: "Paris" }]], ""],
    ["a pythonic call in <tool_code>", '<tool_code>get_weather(city="Paris")</tool_code>', [["get_weather", { city: "Paris" }]], ""],
    ["Glaive's <functioncall>, arguments as a quoted string", "<functioncall> {\"name\": \"get_weather\", \"arguments\": '{\"city\": \"Paris\"}'} <|endoftext|>", [["get_weather", { city: "Paris" }]], ""],
    ["Glaive's quoted arguments keep their JSON escapes", String.raw`<functioncall> {"name": "get_weather", "arguments": '{"city": "O\"Brien \\n"}'}`, [["get_weather", { city: 'O"Brien \\n' }]], ""],
    ["Glaive's <functioncall> after prose", 'Sure.\n<functioncall> {"name": "get_time", "arguments": {"tz": "UTC"}}', [["get_time", { tz: "UTC" }]], "Sure."],
    ["Gemini's printed call in <tool_code>, after prose", 'Sure.\n<tool_code>\nprint(default_api.get_weather(city="Paris"))\n</tool_code>', [["get_weather", { city: "Paris" }]], "Sure."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["other Python in <tool_code>", '<tool_code>\nprint("hello")\n</tool_code>'],
    ["a <toolcall> naming no declared tool", '<toolcall> {"name": "get_forecast", "arguments": {}} </toolcall>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
