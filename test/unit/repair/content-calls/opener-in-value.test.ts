import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// A call block's opening tag inside one of its values (a note about the format, a file that documents it) opens
// nothing when the value goes on to close before the block does: it is the value's text, as a closer there is.
const files: ToolDefinition[] = [
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path"] } },
];
const qwen = (path: string, content: string): string =>
  `<tool_call>\n<function=write_file>\n<parameter=path>\n${path}\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`;
const glm = (path: string, content: string): string =>
  `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>${path}</arg_value>\n<arg_key>content</arg_key>\n<arg_value>${content}</arg_value>\n</tool_call>`;

describe("a call block's opening tag inside one of its values", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Qwen3-Coder", qwen("a.md", "Use <tool_call> tags."), [["write_file", { path: "a.md", content: "Use <tool_call> tags." }]], ""],
    ["Qwen3-Coder, prose around", `Sure.\n${qwen("a.md", "Use <tool_call> tags.")}\nDone soon.`, [["write_file", { path: "a.md", content: "Use <tool_call> tags." }]], "Sure.\nDone soon."],
    ["Qwen3-Coder, the tag twice", qwen("a.md", "<tool_call> and <tool_call>"), [["write_file", { path: "a.md", content: "<tool_call> and <tool_call>" }]], ""],
    ["Qwen3-Coder, then a second block", `${qwen("a.md", "see <tool_call>")}\n${qwen("b.md", "y")}`, [["write_file", { path: "a.md", content: "see <tool_call>" }], ["write_file", { path: "b.md", content: "y" }]], ""],
    ["GLM", glm("a.md", "Use <tool_call> tags."), [["write_file", { path: "a.md", content: "Use <tool_call> tags." }]], ""],
  ])("%s: the call reads, no markup left in the text", (_title, content, calls, text) => {
    expect(readBothWays(content, files)).toEqual({ calls, text });
  });

  // A value cut off by the next block (its closers lost) keeps the rule of a block never closed: it ends where the next opens.
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["Qwen3-Coder, the value then the next block", `<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n${qwen("b.md", "x")}`, [["write_file", { path: "a.md" }], ["write_file", { path: "b.md", content: "x" }]]],
    ["Qwen3-Coder, a second value then the next block", `<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\nhalf\n${qwen("b.md", "x")}`, [["write_file", { path: "a.md", content: "half" }], ["write_file", { path: "b.md", content: "x" }]]],
  ])("%s: two blocks", (_title, content, calls) => {
    expect(readBothWays(content, files).calls).toEqual(calls);
  });

  it.each<[string, string]>([
    ["GLM, the value then the next block", `<tool_call>write_file<arg_key>path</arg_key><arg_value>a.md\n${glm("b.md", "x")}`],
    ["Qwen3-Coder, the block's opener and closer both in the value", qwen("a.md", "Use <tool_call> and </tool_call> tags.")],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content, files)).toEqual({ calls: [], text: content });
  });
});
