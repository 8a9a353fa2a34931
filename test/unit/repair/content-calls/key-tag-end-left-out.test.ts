import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A key is a name: it holds no line break and no tag. Where the markup that ends a key's tag was left out (GLM's
// `</arg_key>` before `<arg_value>`, Qwen3-Coder's `>` before the line break), the key ends there, and the call keeps
// only keys the tool declares. Qwen3-Coder's prefix typed twice (`<parameter=parameter=command>`) is one prefix.
const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" }, timeout: { type: "integer" } }, required: ["command"] } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
];
const qwen = (params: string): string => `<tool_call>\n<function=get_weather>\n${params}\n</function>\n</tool_call>`;

describe("a key's tag whose end was left out", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Qwen3-Coder: `>` left out, the value on the next line", qwen("<parameter=city\nParis\n</parameter>"), [["get_weather", { city: "Paris" }]], ""],
    ["Qwen3-Coder: `>` left out, the value against its closer", "<tool_call><function=get_weather><parameter=city\nParis</parameter></function></tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["Qwen3-Coder: `>` left out on one of two", qwen("<parameter=city>\nParis\n</parameter>\n<parameter=days\n3\n</parameter>"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["Qwen3-Coder: `>` left out, a space before the break", qwen("<parameter=city \nParis\n</parameter>"), [["get_weather", { city: "Paris" }]], ""],
    ["Qwen3-Coder: `>` left out, the value's own blank first line kept", qwen("<parameter=city\n\nParis\n</parameter>"), [["get_weather", { city: "\nParis" }]], ""],
    ["Qwen3-Coder: a `>` inside the value", "<tool_call><function=bash><parameter=command\necho a > b.txt</parameter></function></tool_call>", [["bash", { command: "echo a > b.txt" }]], ""],
    ["Qwen3-Coder: the prefix typed twice", "<tool_call><function=bash><parameter=parameter=command>pwd</parameter></function></tool_call>", [["bash", { command: "pwd" }]], ""],
    ["Qwen3-Coder: the prefix typed twice and `>` left out", "<tool_call><function=bash><parameter=parameter=command\npwd</parameter></function></tool_call>", [["bash", { command: "pwd" }]], ""],
    ["Qwen3-Coder: the same without <tool_call>", "<function=bash>\n<parameter=parameter=command\nls\n</parameter>\n</function>", [["bash", { command: "ls" }]], ""],
    ["GLM: `</arg_key>` left out", "<tool_call>get_weather<arg_key>city<arg_value>Paris</arg_value></tool_call>", [["get_weather", { city: "Paris" }]], ""],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["Qwen3-Coder: `>` left out under a key the tool does not declare", qwen("<parameter=town\nParis\n</parameter>")],
    ["Qwen3-Coder: `>` left out, words for a key", qwen("<parameter=the city\nParis\n</parameter>")],
    ["Qwen3-Coder: the prefix typed twice before an undeclared key", "<tool_call><function=bash><parameter=parameter=cmd>pwd</parameter></function></tool_call>"],
    ["Qwen3-Coder: `>` left out, the value's closer too", qwen("<parameter=city\nParis")],
    ["Qwen3-Coder: `>` left out, a pretty-printed value", qwen("<parameter=city\n      Paris\n    </parameter>")],
    ["Qwen3-Coder: `>` left out, a value running into the next parameter", qwen("<parameter=city\nParis\n<parameter=days>\n3\n</parameter>")],
    ["GLM: `</arg_key>` left out under a key the tool does not declare", "<tool_call>get_weather<arg_key>town<arg_value>Paris</arg_value></tool_call>"],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});
