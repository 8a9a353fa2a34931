import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a JSON call with two argument keys", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["both empty", '<tool_call>{"name": "get_time", "arguments": {}, "parameters": {}}</tool_call>', [["get_time", {}]]],
    ["the same object under both", '{"name": "get_weather", "parameters": {"city": "Oslo"}, "arguments": {"city": "Oslo"}}', [["get_weather", { city: "Oslo" }]]],
    ["three keys, one value", '<tool_call>{"name": "get_time", "args": {"tz": "UTC"}, "input": {"tz": "UTC"}, "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]]],
  ])("%s: one reading", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  it.each([
    ["two different objects", '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "parameters": {"city": "Rome"}}</tool_call>'],
    ["one of them empty", '{"name": "get_weather", "arguments": {}, "parameters": {"city": "Rome"}}'],
    ["the same object, once as a JSON string", '<tool_call>{"name": "get_time", "arguments": "{\\"tz\\": \\"UTC\\"}", "parameters": {"tz": "UTC"}}</tool_call>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
