import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("JSON calls in <function> or <functions> tags", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call in <function>", '<function>{"name": "get_weather", "arguments": {"city": "Paris"}}</function>', [["get_weather", { city: "Paris" }]], ""],
    ["with line breaks inside", '<function>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</function>', [["get_time", { tz: "UTC" }]], ""],
    ["a list in <functions>, after prose", 'Sure.\n<functions>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</functions>', [["get_weather", { city: "Paris" }]], "Sure."],
    [
      "two <function> blocks",
      '<function>{"name": "get_weather", "arguments": {"city": "Paris"}}</function>\n<function>{"name": "get_time", "parameters": {"tz": "UTC"}}</function>',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a name only", "<function>get_weather</function>"],
    ["prose in the tag", "<function>It returns the weather.</function>"],
    ["JSON that is no call", '<function>{"city": "Paris"}</function>'],
    ["an undeclared tool", '<function>{"name": "read_file", "arguments": {"path": "a"}}</function>'],
    ["JSON and prose in the tag", '<function>{"name": "get_weather", "arguments": {"city": "Paris"}} and more</function>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
