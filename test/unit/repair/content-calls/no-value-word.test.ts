import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const tools: ToolDefinition[] = [{ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" }, offset: { type: "integer" }, note: { type: "string" } }, required: ["path"] } }];
const qwen = (key: string, value: string) => `<tool_call>\n<function=read_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>`;
const glm = (key: string, value: string) => `<tool_call>read_file<arg_key>path</arg_key><arg_value>a.txt</arg_value><arg_key>${key}</arg_key><arg_value>${value}</arg_value></tool_call>`;

describe("a word for no value between tags", () => {
  it.each([
    ["Qwen3-Coder, undefined for an optional integer", qwen("offset", "undefined")],
    ["GLM, undefined for an optional integer", glm("offset", "undefined")],
    ["GLM, NaN for an integer", glm("offset", "NaN")],
    ["Qwen3-Coder, Infinity for an integer", qwen("offset", "Infinity")],
  ])("%s: not the property left out, the call stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });

  it("is a string property's text", () => {
    expect(readBothWays(glm("note", "undefined"), tools).calls).toEqual([["read_file", { path: "a.txt", note: "undefined" }]]);
  });
});
