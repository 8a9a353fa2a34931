import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a call's name written inside quotes in its name string", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["double quotes", '<tool_call>{"name": "\\"get_time\\"", "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]]],
    ["double quotes in a Python dict", "<tool_call>{'name': '\"get_time\"', 'arguments': {'tz': 'UTC'}}</tool_call>", [["get_time", { tz: "UTC" }]]],
    ["backticks", '<tool_call>{"name": "`get_time`", "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]]],
    ["curly quotes", '<tool_call>{"name": "\u201cget_time\u201d", "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]]],
    ["a bare JSON call", '{"name": "\\"get_time\\"", "arguments": {"tz": "UTC"}}', [["get_time", { tz: "UTC" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each([
    ["quotes that do not pair", '<tool_call>{"name": "\\"get_time`", "arguments": {"tz": "UTC"}}</tool_call>'],
    ["an undeclared name in quotes", '<tool_call>{"name": "\\"read_file\\"", "arguments": {"path": "a"}}</tool_call>'],
    ["a quote alone", '<tool_call>{"name": "\\"", "arguments": {}}</tool_call>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
