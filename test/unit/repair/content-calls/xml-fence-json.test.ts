import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

/** Hermes-style JSON calls in a ```xml block (llama.cpp's Hermes parser reads them). */
describe("JSON calls in a ```xml block", () => {
  it.each<Row>([
    ["one call, indented", '```xml\n  {"name": "get_time", "arguments": {"tz": "UTC"}}\n```', [["get_time", { tz: "UTC" }]], ""],
    ["after prose", 'Checking.\n```xml\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```', [["get_weather", { city: "Oslo" }]], "Checking."],
    ["a call in <tool_call> tags still reads", '```xml\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>\n```', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["JSON that is data", '```xml\n{"city": "Oslo", "days": 2}\n```'],
    ["an undeclared tool", '```xml\n{"name": "delete_all", "arguments": {"path": "/"}}\n```'],
    ["a call and prose in the block", '```xml\n{"name": "get_time", "arguments": {"tz": "UTC"}}\nthen this\n```'],
    ["a block never closed", '```xml\n{"name": "get_time", "arguments": {"tz": "UTC"}}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
