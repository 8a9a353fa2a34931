import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";

describe("a declared name with its arguments object between parentheses", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", 'get_weather({"city": "Paris"})', [["get_weather", { city: "Paris" }]], ""],
    ["spaces inside the parentheses", 'get_weather( {"city": "Paris", "days": 2} )', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["after prose, on its own line", 'Let me look.\nget_weather({"city": "Paris"})\n', [["get_weather", { city: "Paris" }]], "Let me look."],
    ["a namespace", 'functions.get_weather({"city": "Paris"})', [["get_weather", { city: "Paris" }]], ""],
    ["two calls, one a line", 'get_time({"tz": "UTC"})\nget_time({"tz": "CET"})', [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("hands an object with JavaScript keys to the repair pipeline as written", () => {
    expect(extractToolCallsFromContent("get_weather({city: 'Paris'})", tools)?.calls).toEqual([{ name: "get_weather", arguments: "{city: 'Paris'}" }]);
  });

  it.each([
    ["mid-sentence", 'Call get_weather({"city": "Paris"}) to see it.'],
    ["prose after it on its line", 'get_weather({"city": "Paris"}) returns the forecast'],
    ["two objects", 'get_weather({"city": "Paris"}, {"days": 2})'],
    ["an object then a keyword argument", 'get_weather({"city": "Paris"}, days=2)'],
    ["never closed", 'get_weather({"city": "Paris"}'],
    ["an undeclared tool", 'read_file({"path": "a.txt"})'],
    ["in a blockquote", '> get_weather({"city": "Paris"})'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
