import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Kimi K2's call whose end token follows its id: no argument token, so no arguments.
const tools: ToolDefinition[] = [
  { name: "list_tasks", parameters: { type: "object", properties: {} } },
  { name: "refresh_index", parameters: { type: "object", properties: { force: { type: "boolean" } } } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
];
const section = (body: string, gap = ""): string => `<|tool_calls_section_begin|>${gap}${body}${gap}<|tool_calls_section_end|>`;
const call = (id: string, gap = ""): string => `<|tool_call_begin|>${gap}${id}${gap}<|tool_call_end|>`;
const fenced = (id: string, json: string): string => `<|tool_call_begin|>${id}\n\`\`\`json\n${json}\n\`\`\`\n<|tool_call_end|>`;

describe("Kimi K2's call without its argument token", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["its id with an index, in its section", section(call("functions.list_tasks:0")), [["list_tasks", {}]], ""],
    ["spaced between its tokens, text after", `${section(call("list_tasks", " "), " ")} Some text after.`, [["list_tasks", {}]], "Some text after."],
    ["a tool whose parameters are all optional", section(call("functions.refresh_index:0")), [["refresh_index", {}]], ""],
    ["line breaks between the tokens, prose before", `Refreshing now.\n${section(call("functions.refresh_index:0", "\n"), "\n")}`, [["refresh_index", {}]], "Refreshing now."],
    ["two calls in one section", section(call("functions.list_tasks:0") + call("functions.refresh_index:1")), [["list_tasks", {}], ["refresh_index", {}]], ""],
    [
      "beside a call in K2.5's ```json block",
      section(call("functions.list_tasks:0") + fenced("functions.get_weather:1", '{"city": "Oslo"}')),
      [["list_tasks", {}], ["get_weather", { city: "Oslo" }]],
      "",
    ],
    ["without the section tokens", call("functions.list_tasks:0"), [["list_tasks", {}]], ""],
    [
      "before a call with its argument token",
      section(call("functions.list_tasks:0") + '<|tool_call_begin|>functions.get_weather:1<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|>'),
      [["list_tasks", {}], ["get_weather", { city: "Oslo" }]],
      "",
    ],
    [
      "after a call with its argument token",
      section('<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_call_end|>' + call("functions.list_tasks:1")),
      [["get_weather", { city: "Oslo" }], ["list_tasks", {}]],
      "",
    ],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it("a tool that requires arguments gets none: the call is read as written and judged by its schema", () => {
    expect(readBothWays(section(call("functions.get_weather:0")), tools).calls).toEqual([["get_weather", {}]]);
  });

  it.each<[string, string]>([
    ["without its end token", "<|tool_calls_section_begin|><|tool_call_begin|>functions.list_tasks:0"],
    ["words between the id and the end token", section("<|tool_call_begin|>functions.list_tasks:0 please<|tool_call_end|>")],
    ["no id", section(call(""))],
    ["an undeclared tool", section(call("functions.delete_all:0"))],
    ["a second call broken", section(call("functions.list_tasks:0") + "<|tool_call_begin|>functions.refresh_index:1 {}<|tool_call_end|>")],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
