import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const P = "｜DSML｜";
const withLabel = (label: unknown, required: string[] = []): ToolDefinition[] => [{ name: "configure", parameters: { type: "object", properties: { label }, required } }];
const qwen = `<tool_call>\n<function=configure>\n<parameter=label>\nnull\n</parameter>\n</function>\n</tool_call>`;
const glm = `<tool_call>configure<arg_key>label</arg_key><arg_value>null</arg_value></tool_call>`;
const minimax = `<minimax:tool_call><invoke name="configure"><parameter name="label">null</parameter></invoke></minimax:tool_call>`;
const dsmlText = `<${P}function_calls><${P}invoke name="configure"><${P}parameter name="label" string="true">null</${P}parameter></${P}invoke></${P}function_calls>`;

describe("the word null between tags, for a property that takes a string", () => {
  it.each([
    ["Qwen3-Coder", qwen],
    ["GLM", glm],
    ["MiniMax", minimax],
  ])("%s, an optional string: the word or no value, the call stays text", (_title, content) => {
    expect(readBothWays(content, withLabel({ type: "string" })).calls).toEqual([]);
  });

  it.each<[string, string, ToolDefinition[], unknown]>([
    ["Qwen3-Coder, a required string: only the word validates", qwen, withLabel({ type: "string" }, ["label"]), "null"],
    ["GLM, a const that is the word", glm, withLabel({ const: "null" }), "null"],
    ["MiniMax, an enum holding the word", minimax, withLabel({ type: "string", enum: ["null", "set"] }), "null"],
    ["DSML marked string=\"true\": the text", dsmlText, withLabel({ type: "string" }), "null"],
    ["Qwen3-Coder, a property that takes null and no string", qwen, withLabel({ type: ["integer", "null"] }), null],
  ])("%s: read", (_title, content, tools, value) => {
    expect(readBothWays(content, tools).calls).toEqual([["configure", { label: value }]]);
  });
});
