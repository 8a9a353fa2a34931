import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("openPangu's [unused11]…[unused12] around a JSON list of calls", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", '[unused11][{"name": "get_weather", "arguments": {"city": "Paris"}}][unused12]', [["get_weather", { city: "Paris" }]], ""],
    ["text before", 'I will call the tool now. [unused11][{"name": "get_weather", "arguments": {"city": "Boston"}}][unused12]', [["get_weather", { city: "Boston" }]], "I will call the tool now."],
    ["line breaks around the list", 'some content\n[unused11]\n[{"name": "get_time", "arguments": {}}]\n[unused12]', [["get_time", {}]], "some content"],
    [
      "two calls",
      '[unused11][{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}][unused12]',
      [["get_weather", { city: "Paris" }], ["get_time", {}]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose between the tokens", "[unused11] hello [unused12]"],
    ["JSON that is data", '[unused11][{"city": "Paris"}][unused12]'],
    ["an undeclared tool", '[unused11][{"name": "rm", "arguments": {}}][unused12]'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
