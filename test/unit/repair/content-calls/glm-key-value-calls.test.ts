import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools as baseTools } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  ...baseTools,
  { name: "multiply", parameters: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } },
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] } },
];

type Row = [string, string, (readonly [string, unknown])[], string];

/** GLM's `<tool_call>name key=value …</tool_call>`: shell-style words after the name. */
describe("GLM calls with key=value words", () => {
  it.each<Row>([
    ["numbers typed from the schema", "<tool_call>multiply a=12234585 b=48838483920</tool_call>", [["multiply", { a: 12234585, b: 48838483920 }]], ""],
    ["a double-quoted string with an escaped quote", '<tool_call>search query="say \\"hi\\" twice" limit=3</tool_call>', [["search", { query: 'say "hi" twice', limit: 3 }]], ""],
    ["a single-quoted string, after prose", "Searching.\n<tool_call>search query='New York'</tool_call>", [["search", { query: "New York" }]], "Searching."],
    ["a string and an integer", "<tool_call>get_weather city=Paris days=2</tool_call>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["words over several lines", "<tool_call>multiply\na=2\nb=3\n</tool_call>", [["multiply", { a: 2, b: 3 }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a key the tool does not declare", "<tool_call>multiply a=2 c=3</tool_call>"],
    ["a word without =", "<tool_call>multiply a=2 and b=3</tool_call>"],
    ["a quote left open", '<tool_call>search query="New York</tool_call>'],
    ["a quote inside a bare word", "<tool_call>search query=it's</tool_call>"],
    ["a backslash in a bare word", "<tool_call>search query=C:\\temp</tool_call>"],
    ["the same key twice", "<tool_call>multiply a=2 a=3 b=1</tool_call>"],
    ["a quoted value running into the next word", '<tool_call>search query="a"limit=3</tool_call>'],
    ["an undeclared tool", "<tool_call>delete_all path=/</tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

describe("a JSON call under a `tool` key", () => {
  it("reads the call inside", () => {
    expect(readBothWays('<tool_call>{"tool": {"name": "multiply", "arguments": {"a": 1, "b": 2}}}</tool_call>', tools)).toEqual({ calls: [["multiply", { a: 1, b: 2 }]], text: "" });
  });

  it("stays text when the object under it is no call", () => {
    expect(readBothWays('{"tool": {"kind": "hammer", "weight": 2}}', tools).calls).toEqual([]);
  });
});
