import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const labelTools: ToolDefinition[] = [
  ...tools,
  { name: "add", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a"] } },
  { name: "terminal", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
];

describe("a call written as Hermes Agent's label with its object in parentheses, [Calling tool: name({…})]", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", '[Calling tool: add({"a": 5, "b": 3})]', [["add", { a: 5, b: 3 }]], ""],
    ["the label capitalized", '[Calling Tool: get_weather({"city": "Oslo"})]', [["get_weather", { city: "Oslo" }]], ""],
    ["a string with brackets and parentheses", '[Calling tool: terminal({"command": "ls [a-z]* | wc -l (x)"})]', [["terminal", { command: "ls [a-z]* | wc -l (x)" }]], ""],
    ["after the reasoning", '<think>I need to get the weather data.</think>\n[Calling tool: get_weather({"city": "Tokyo"})]', [["get_weather", { city: "Tokyo" }]], "<think>I need to get the weather data.</think>"],
    ["after prose on the line before", 'Adding them.\n[Calling tool: add({"a": 1})]', [["add", { a: 1 }]], "Adding them."],
    [
      "two, a line each",
      '[Calling tool: get_time({"tz": "UTC"})]\n[Calling tool: get_weather({"city": "Oslo", "days": 3})]',
      [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo", days: 3 }]],
      "",
    ],
    ["its object closed once too often", '[Calling tool: get_time({"tz": "UTC"}})]', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, labelTools)).toEqual({ calls, text });
  });

  it.each([
    ["mid-line, in prose", 'The log shows [Calling tool: add({"a": 1})] twice.'],
    ["an undeclared tool", '[Calling tool: exec({"command": "ls"})]'],
    ["the parenthesis never closed", '[Calling tool: add({"a": 1}]'],
    ["a bare value in the parentheses", '[Calling tool: terminal("ls")]'],
    ["the label not closed after the parenthesis", '[Calling tool: add({"a": 1}) and more]'],
    ["cut off", '[Calling tool: add({"a": '],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, labelTools)).toEqual({ calls: [], text: content });
  });
});
