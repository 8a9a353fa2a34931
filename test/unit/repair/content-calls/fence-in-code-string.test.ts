/**
 * A ```tool_code (or ```tool_call, ```python) block of Python calls whose
 * string holds a fence (`markdown='a ``` b'`, Markdown written as a value):
 * that fence sits inside the string, mid-line, and closes nothing; the
 * block's own closer opens a line.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const tools: ToolDefinition[] = [
  { name: "render", parameters: { type: "object", properties: { markdown: { type: "string" }, title: { type: "string" } }, required: ["markdown"] } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

describe("a fence inside a string of a Python call block", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", "```tool_code\nrender(markdown='a ``` b')\n```", [["render", { markdown: "a ``` b" }]], ""],
    [
      "a fenced block written as the value, then another call",
      "```tool_code\nrender(markdown='x\\n```json\\n{\"a\": 1}\\n```')\nget_time(tz='UTC')\n```",
      [["render", { markdown: 'x\n```json\n{"a": 1}\n```' }], ["get_time", { tz: "UTC" }]],
      "",
    ],
    ["two calls, the fence in the second", "```tool_code\nget_time(tz='UTC')\nrender(markdown=\"``` ```\")\n```\nDone.", [["get_time", { tz: "UTC" }], ["render", { markdown: "``` ```" }]], "Done."],
    ["a ```tool_call block", "```tool_call\nget_time(tz='UTC')\nrender(markdown='a ```')\n```", [["get_time", { tz: "UTC" }], ["render", { markdown: "a ```" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it("a block with no closer on a line of its own stays text", () => {
    const content = "```tool_code\nget_time(tz='UTC')\nrender(markdown='a ``` b')";
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});
