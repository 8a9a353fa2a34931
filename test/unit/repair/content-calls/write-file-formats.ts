/** A `write_file` call written in six text formats, for the tables of what the text after a call says. */
import type { ToolDefinition } from "../../../../src/repair/types.ts";

export const tools: ToolDefinition[] = [
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] } },
];
export const args = { path: "a.txt", content: "hi" };
export const formats: Record<string, string> = {
  Hermes: `<tool_call>\n{"name": "write_file", "arguments": {"path": "a.txt", "content": "hi"}}\n</tool_call>`,
  "Qwen3-Coder": `<tool_call>\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\nhi\n</parameter>\n</function>\n</tool_call>`,
  GLM: `<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.txt</arg_value>\n<arg_key>content</arg_key>\n<arg_value>hi</arg_value>\n</tool_call>`,
  Mistral: `[TOOL_CALLS]write_file[ARGS]{"path": "a.txt", "content": "hi"}`,
  pythonic: `[write_file(path='a.txt', content='hi')]`,
  MiniMax: `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.txt</parameter>\n<parameter name="content">hi</parameter>\n</invoke>\n</minimax:tool_call>`,
};
