import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const terminal: ToolDefinition = { name: "terminal", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };
const withTerminal = [...tools, terminal];
const block = (body: string): string => `<tool: function>\n${body}\n</tool>\n`;

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "a command after reasoning", content: `<think>Let me search.</think>\n${block('terminal find . -name "*.py" | xargs grep -n "def f"')}`, calls: [["terminal", { command: 'find . -name "*.py" | xargs grep -n "def f"' }]], text: "<think>Let me search.</think>" },
  { title: "two blocks after prose", content: `preamble\n${block("terminal echo hi")}${block("terminal echo bye")}`, calls: [["terminal", { command: "echo hi" }], ["terminal", { command: "echo bye" }]], text: "preamble" },
  { title: "a command on several lines", content: block("terminal cat <<EOF\nline one\nEOF"), calls: [["terminal", { command: "cat <<EOF\nline one\nEOF" }]], text: "" },
  { title: "JSON arguments", content: block('get_weather {"city": "Oslo", "days": 2}'), calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "a shell line opening with a brace", content: block("terminal { echo a; } > out.txt"), calls: [["terminal", { command: "{ echo a; } > out.txt" }]], text: "" },
  { title: "no input", content: block("get_time"), calls: [["get_time", {}]], text: "" },
  { title: "the shorthand, the label naming the tool", content: 'prefix\n</think> <tool: terminal ls -la "src" </tool>\n', calls: [["terminal", { command: 'ls -la "src"' }]], text: "prefix\n</think>" },
  { title: "the shorthand, the input on the next line", content: "<tool: terminal\necho hi\n</tool>", calls: [["terminal", { command: "echo hi" }]], text: "" },
];

const prose: [string, string][] = [
  ["an undeclared tool", block("rm -rf /")],
  ["plain input for a tool without a command", block("get_weather Oslo")],
  ["an unclosed block", "<tool: function>\nterminal echo hi"],
  ["a label that is no word", block("terminal echo hi").replace("function", "a b")],
  ["a block shown as an example", `For example:\n${block("terminal echo hi")}`],
  ["the shorthand naming an undeclared tool", "<tool: python import os </tool>"],
  ["the shorthand naming the kind, not a tool", "<tool: function terminal ls </tool>"],
  ["the shorthand with plain input for a tool without a command", "<tool: get_weather Oslo </tool>"],
  ["the shorthand with no input", "<tool: terminal </tool>"],
];

describe("CWM calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content, withTerminal)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content, withTerminal).calls).toEqual([]);
  });
});
