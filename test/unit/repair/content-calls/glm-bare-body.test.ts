import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// GLM's call body with its `<tool_call>` tags dropped by the server: the name, then the key/value pairs.
const tools: ToolDefinition[] = [
  { name: "glob", parameters: { type: "object", properties: { pattern: { type: "string" }, path: { type: "string" } }, required: ["pattern"] } },
  { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" }, raw: { type: "boolean" } }, required: ["path"] } },
  {
    name: "todo_write",
    parameters: { type: "object", properties: { todos: { type: "array", items: { type: "object", properties: { id: { type: "string" }, done: { type: "boolean" } } } } }, required: ["todos"] },
  },
];

/** A call written as GLM writes it, its layout between name and pairs and between pairs given. */
function body(name: string, pairs: readonly (readonly [string, string])[], gap: string): string {
  return name + gap + pairs.map(([key, value]) => `<arg_key>${key}</arg_key>${gap}<arg_value>${value}</arg_value>`).join(gap);
}

const calls: readonly [string, string, (readonly [string, string])[], Record<string, unknown>][] = [
  ["a string", "glob", [["pattern", "**/public-audit.md"]], { pattern: "**/public-audit.md" }],
  ["two strings", "glob", [["pattern", "*.ts"], ["path", "/srv/app"]], { pattern: "*.ts", path: "/srv/app" }],
  ["an integer and a boolean typed from the schema", "read_file", [["path", "notes.md"], ["limit", "40"], ["raw", "true"]], { path: "notes.md", limit: 40, raw: true }],
  ["a list written as JSON", "todo_write", [["todos", '[{"id": "1", "done": false}]']], { todos: [{ id: "1", done: false }] }],
  ["a value holding markup of its own", "read_file", [["path", "<tool_call>.md"]], { path: "<tool_call>.md" }],
  ["a value over several lines", "glob", [["pattern", "a\nb"]], { pattern: "a\nb" }],
];

describe("GLM's call body without its call tags", () => {
  for (const [layout, gap] of [
    ["a line break between the tags (GLM-4.5)", "\n"],
    ["the tags glued (GLM-4.7)", ""],
  ] as const) {
    it.each(calls)(`${layout}: %s`, (_title, name, pairs, args) => {
      expect(readBothWays(body(name, pairs, gap), tools)).toEqual({ calls: [[name, args]], text: "" });
    });
  }

  it("after a sentence on its own line, with a sentence after it", () => {
    const content = `Let me look for it.\n${body("glob", [["pattern", "*.md"]], "\n")}\nThen I will read it.`;
    expect(readBothWays(content, tools)).toEqual({ calls: [["glob", { pattern: "*.md" }]], text: "Let me look for it.\nThen I will read it." });
  });

  it("two calls one after the other", () => {
    const content = `${body("glob", [["pattern", "*.md"]], "\n")}\n${body("read_file", [["path", "a.md"], ["limit", "5"]], "\n")}`;
    expect(readBothWays(content, tools).calls).toEqual([
      ["glob", { pattern: "*.md" }],
      ["read_file", { path: "a.md", limit: 5 }],
    ]);
  });

  it("two glued calls, the second's value in words a result may be told in", () => {
    const content = `${body("read_file", [["path", "a.md"]], "")}\n${body("glob", [["pattern", "it's done"]], "")}`;
    expect(readBothWays(content, tools)).toEqual({ calls: [["read_file", { path: "a.md" }], ["glob", { pattern: "it's done" }]], text: "" });
  });

  it("a later call that does not read keeps every call text", () => {
    const content = `${body("glob", [["pattern", "*.md"]], "\n")}\nread_file\n<arg_key>path</arg_key>\n<arg_value>a.md`;
    expect(readBothWays(content, tools).calls).toEqual([]);
  });

  // A call in this form that did not read (its name inside a line) beside calls that did: only some of the turn's calls.
  it.each([
    ["before a bare body that reads", `I need data. ${body("glob", [["pattern", "*.md"]], "\n")}\n${body("read_file", [["path", "a.md"]], "\n")}`],
    ["glued, before one that reads", `Checking now!${body("glob", [["pattern", "*.md"]], "")}\n${body("read_file", [["path", "a.md"]], "")}`],
    ["after a bare body that reads", `${body("read_file", [["path", "a.md"]], "\n")}\nThen I run ${body("glob", [["pattern", "*.md"]], "\n")}`],
    ["before a Hermes call", `First ${body("glob", [["pattern", "*.md"]], "")}\n<tool_call>{"name": "read_file", "arguments": {"path": "a.md"}}</tool_call>`],
  ])("an unread one %s keeps every call text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });

  it("GLM blocks with prose between still read: their names are the blocks', no bare body", () => {
    const content = `I'll look first.\n<tool_call>glob<arg_key>pattern</arg_key><arg_value>*.md</arg_value></tool_call>\nNow the file.\n<tool_call>read_file<arg_key>path</arg_key><arg_value>a.md</arg_value></tool_call>`;
    expect(readBothWays(content, tools).calls).toEqual([
      ["glob", { pattern: "*.md" }],
      ["read_file", { path: "a.md" }],
    ]);
  });

  it("a value's own closer with words after it is the value's text", () => {
    const content = "glob\n<arg_key>pattern</arg_key>\n<arg_value>a </arg_value> b</arg_value>";
    expect(readBothWays(content, tools).calls).toEqual([["glob", { pattern: "a </arg_value> b" }]]);
  });

  it.each([
    ["an undeclared tool", "grep\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value>"],
    ["words after the last value on its line", "glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value> and so on"],
    ["the last value never closed", "glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md"],
    ["a blank line between the name and the pairs", "glob\n\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value>"],
    ["the name inside a sentence", "The tool is glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value>"],
    ["a value's closer left out before the next key", "glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md<arg_key>path</arg_key>\n<arg_value>/srv</arg_value>"],
    ["a key without its value", "glob\n<arg_key>pattern</arg_key>"],
    ["another element after the name", "glob<pattern_key>x</pattern_key>"],
    // The body of a call block that never closed is the block's, which its own rules leave open.
    ["inside GLM's block never closed", "<tool_call>glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value>"],
    ["on the line after GLM's opening tag, never closed", "<tool_call>\nglob<arg_key>pattern</arg_key><arg_value>*.md</arg_value>"],
    ["after Spark's opening token, never closed", "<|tool_call|>\nglob<arg_key>pattern</arg_key><arg_value>*.md</arg_value>"],
    ["after a prefixed call tag, never closed", "<iquest_tool_call>\nglob<arg_key>pattern</arg_key><arg_value>*.md</arg_value>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});
