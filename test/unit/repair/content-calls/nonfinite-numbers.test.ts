import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";

const P = "｜DSML｜";
const tools: ToolDefinition[] = [
  { name: "emit", parameters: { type: "object", properties: { x: { type: "number" }, xs: { type: "array", items: { type: "number" } }, label: { type: "string" } } } },
];

describe("a number JSON cannot write, in a call written as text", () => {
  it.each([
    ["Hermes JSON, an overflowing number", `<tool_call>{"name": "emit", "arguments": {"x": 1e999}}</tool_call>`],
    ["a bare JSON call, a negative overflow in a list", `{"name": "emit", "arguments": {"xs": [1, -1e999]}}`],
    ["DSML string=\"false\", NaN: marked as JSON and no JSON", `<${P}tool_calls><${P}invoke name="emit"><${P}parameter name="x" string="false">NaN</${P}parameter></${P}invoke></${P}tool_calls>`],
    ["DSML, an arguments envelope holding an overflow", `<${P}tool_calls><${P}invoke name="emit"><${P}parameter name="arguments" string="false">{"xs": [1e999]}</${P}parameter></${P}invoke></${P}tool_calls>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["the largest finite magnitude", `<tool_call>{"name": "emit", "arguments": {"x": 1e308}}</tool_call>`, [["emit", { x: 1e308 }]]],
    ["an overflow written as a string property's text", `<tool_call>{"name": "emit", "arguments": {"label": "1e999"}}</tool_call>`, [["emit", { label: "1e999" }]]],
    ["DSML string=\"true\" keeps NaN as text", `<${P}tool_calls><${P}invoke name="emit"><${P}parameter name="label" string="true">NaN</${P}parameter></${P}invoke></${P}tool_calls>`, [["emit", { label: "NaN" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["Qwen3-Coder XML, an overflow for a number property", "<tool_call>\n<function=emit>\n<parameter=x>1e999</parameter>\n</function>\n</tool_call>"],
  ])("%s is kept as the text written, which no number property takes", (_title, content) => {
    const { calls } = readBothWays(content, tools);
    expect(calls).toHaveLength(1);
    const engine = createRepairEngine();
    const [name, args] = calls[0]!;
    expect(engine.repair({ name, arguments: JSON.stringify(args) }, engine.prepareTools(tools)).kind).toBe("failed");
  });
});
