import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a JSON fence written on one line, ```json {…} ```", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the whole answer", '```json {"name": "get_weather", "arguments": {"city": "Paris"}} ```', [["get_weather", { city: "Paris" }]], ""],
    ["no space after the word or before the closer", '```json{"name":"get_time","arguments":{"tz":"UTC"}}```', [["get_time", { tz: "UTC" }]], ""],
    ["no word, a brace in a string", '```{"name": "get_time", "arguments": {"tz": "UTC}"}}```', [["get_time", { tz: "UTC}" }]], ""],
    ["on its own line after a sentence", 'Here you go:\n```json {"name": "get_weather", "arguments": {"city": "Rome", "days": 2}} ```\n', [["get_weather", { city: "Rome", days: 2 }]], "Here you go:"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["inside a sentence", 'Use ```json {"name": "get_time", "arguments": {"tz": "UTC"}} ``` for that.'],
    ["after words on its line", 'Use ```json {"name": "get_time", "arguments": {"tz": "UTC"}} ```'],
    ["prose after it", '```json {"name": "get_time", "arguments": {"tz": "UTC"}} ```\nThat is the format.'],
    ["a fence of another language", '```python {"name": "get_time", "arguments": {"tz": "UTC"}} ```'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
