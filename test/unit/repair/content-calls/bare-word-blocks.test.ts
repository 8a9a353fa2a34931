import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { namesCallsBare } from "../../../../src/repair/content-calls/bare-word-blocks.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" } } } },
  { name: "list_mailboxes", parameters: { type: "object", properties: {} } },
];

const invoke = '<invoke name="search"><parameter name="query">chairs</parameter></invoke>';
const json = '{"name": "search", "arguments": {"query": "chairs"}}';

type Row = [string, string, (readonly [string, unknown])[], string];

describe("a block holding one bare word", () => {
  it.each<Row>([
    [
      "dots.llm's wrapper, then its call",
      `<dots_function_call>garbage</dots_function_call><dots_function_call>${invoke}</dots_function_call>`,
      [["search", { query: "chairs" }]],
      "<dots_function_call>garbage</dots_function_call>",
    ],
    ["<tool_use>, then a JSON call", `<tool_use>garbage</tool_use>\n<tool_use>${json}</tool_use>`, [["search", { query: "chairs" }]], "<tool_use>garbage</tool_use>"],
    ["<function_call>, then a JSON call", `<function_call>noise</function_call>\n<function_call>${json}</function_call>`, [["search", { query: "chairs" }]], "<function_call>noise</function_call>"],
    ["a declared tool's name in dots.llm's wrapper is its call", "<dots_function_call>list_mailboxes</dots_function_call>", [["list_mailboxes", {}]], ""],
    ["GLM's call without arguments", "<tool_call>list_mailboxes</tool_call>", [["list_mailboxes", {}]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    // GLM's format names its calls bare: the word is a call to a tool the request does not declare.
    ["GLM's <tool_call>", `<tool_call>garbage</tool_call>\n<tool_call>${json}</tool_call>`],
    ["a respelled <tool_call>", `<TOOL_CALL>garbage</TOOL_CALL>\n<TOOL_CALL>${json}</TOOL_CALL>`],
    ["a prefixed call tag, which holds what <tool_call> holds", `<minimax:tool_call>garbage</minimax:tool_call><minimax:tool_call>${invoke}</minimax:tool_call>`],
    // A block whose head names a declared tool and does not read is a call the model made.
    ["a broken call of a declared tool first", `<dots_function_call><invoke name="search"><parameter>x</parameter></invoke></dots_function_call><dots_function_call>${invoke}</dots_function_call>`],
  ])("%s: the calls stay text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

describe("which wrappers name their calls bare", () => {
  it.each([
    ["</tool_call>", true],
    ["</TOOL-CALL>", true],
    ["</toolCall>", true],
    ["</seed:tool_call>", true],
    ["</tool_call:opensource>", true],
    ["</iquest_tool_call>", true],
    ["</dots_function_call>", false],
    ["</tool_use>", false],
    ["</toolcall>", false],
    ["</tool_code>", false],
    ["</tool>", false],
    ["</function_call>", false],
    ["[/TOOL_CALL]", false],
  ] as const)("%s: %s", (close, bare) => {
    expect(namesCallsBare(close)).toBe(bare);
  });
});
