import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { judgeToolCall } from "../../../../src/turn/judge-tool-call.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A list or object sent as a string (double-encoded, or written between a value's tags) is judged as arguments
// are: a mark that leaves a value open (an elision, a comment holding only one, a digitless number, code)
// keeps the string undecoded, so the call fails instead of turning `…` into an item or dropping what a comment elided.
const tool: ToolDefinition = {
  name: "tag_items",
  parameters: {
    type: "object",
    properties: { title: { type: "string" }, tags: { type: "array", items: { type: "string" } }, ids: { type: "array", items: { type: "integer" } }, opts: { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } } } },
    required: ["title"],
    additionalProperties: false,
  },
};
const engine = createRepairEngine();
const tools = engine.prepareTools([tool]);

const carriers: Record<string, (key: string, inner: string) => { content?: string; args?: string }> = {
  "a JSON string in the arguments": (key, inner) => ({ args: JSON.stringify({ title: "x", [key]: inner }) }),
  "a code block in the string": (key, inner) => ({ args: JSON.stringify({ title: "x", [key]: "```json\n" + inner + "\n```" }) }),
  "a Hermes call's string": (key, inner) => ({ content: `<tool_call>\n{"name": "tag_items", "arguments": ${JSON.stringify({ title: "x", [key]: inner })}}\n</tool_call>` }),
  "Qwen3-Coder's parameter": (key, inner) => ({ content: `<tool_call>\n<function=tag_items>\n<parameter=title>\nx\n</parameter>\n<parameter=${key}>\n${inner}\n</parameter>\n</function>\n</tool_call>` }),
  "GLM's value": (key, inner) => ({ content: `<tool_call>tag_items\n<arg_key>title</arg_key>\n<arg_value>x</arg_value>\n<arg_key>${key}</arg_key>\n<arg_value>${inner}</arg_value>\n</tool_call>` }),
  "MiniMax's parameter": (key, inner) => ({ content: `<minimax:tool_call>\n<invoke name="tag_items">\n<parameter name="title">x</parameter>\n<parameter name="${key}">${inner}</parameter>\n</invoke>\n</minimax:tool_call>` }),
};

/** The arguments the call comes out with, or "failed". */
function outcome(carried: { content?: string; args?: string }): unknown {
  const call = carried.content === undefined ? { name: "tag_items", arguments: carried.args } : extractToolCallsFromContent(carried.content, [tool])?.calls[0];
  if (call === undefined) return "failed";
  const judged = judgeToolCall(engine, tools, {}, call).outcome;
  if (judged.kind === "failed") return "failed";
  return JSON.parse(judged.kind === "repaired" ? judged.arguments : String(call.arguments)) as unknown;
}

const open: [string, string, string][] = [
  ["an ellipsis character as the last item", "tags", '["a", "b", …]'],
  ["three dots as the last item", "tags", '["a", ...]'],
  ["a block comment holding an ellipsis", "tags", '["a" /* ... */]'],
  ["a line comment holding an ellipsis", "tags", '["a", // …\n]'],
  ["an ellipsis for the object's other members", "opts", '{"a": 1, …}'],
  ["a comment for the object's other members", "opts", '{"a": 1 /* ... */}'],
  ["NaN as an item", "ids", "[1, NaN]"],
  ["a minus sign with no digit", "ids", "[1, -]"],
  ["code as a member's value", "opts", '{"b": uuid()}'],
];
const decoded: [string, string, string, unknown][] = [
  ["Python's quotes", "opts", "{'a': 1, 'b': 'x'}", { a: 1, b: "x" }],
  ["a trailing comma", "tags", '["a", "b",]', ["a", "b"]],
  ["an ellipsis inside a string item", "tags", '["a …", "b"]', ["a …", "b"]],
  ["three dots inside a string item", "tags", '["see ...", "b"]', ["see ...", "b"]],
];

describe("a list or object sent as a string, with a value left open", () => {
  it.each(open.flatMap(([title, key, inner]) => Object.entries(carriers).map(([where, carry]) => [`${title} (${where})`, carry(key, inner)] as const)))("fails with %s", (_title, carried) => {
    expect(outcome(carried)).toBe("failed");
  });
  it.each(decoded.flatMap(([title, key, inner, value]) => Object.entries(carriers).map(([where, carry]) => [`${title} (${where})`, carry(key, inner), key, value] as const)))(
    "decodes %s",
    (_title, carried, key, value) => {
      expect(outcome(carried)).toEqual({ title: "x", [key]: value });
    },
  );
});
