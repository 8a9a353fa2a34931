import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A JSON call read from the text keeps each number as the model spelt it, also when its JSON needed a slip mended
// to be read (a trailing comma, single quotes) and in the formats that read their own JSON (CWM, Gemma 4's JSON
// form): `1.50` sent for a string is "1.50", never "1.5", and a 20-digit id keeps every digit.
const tools: ToolDefinition[] = [
  {
    name: "log_metric",
    parameters: { type: "object", properties: { id: { type: "integer" }, label: { type: "string" }, value: { type: "number" } }, required: ["id"] },
  },
];
const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);
const ID = "12345678901234567891";

/** The call's arguments text after the engine's repair, `"refused"` or `"text"`; the stream must read the same calls. */
function outcome(content: string): string {
  const whole = extractToolCallsFromContent(content, tools);
  const holdback = createTextHoldback({ tools });
  for (const char of content) holdback.push(char);
  expect(holdback.end().calls).toEqual(whole?.calls ?? []);
  const call = whole?.calls[0];
  if (call === undefined) return "text";
  const result = engine.repair(call, prepared);
  if (result.kind === "failed") return "refused";
  return result.kind === "repaired" ? result.arguments : call.arguments;
}

const wrappers: [string, (args: string) => string][] = [
  ["a Hermes block", (args) => `<tool_call>\n{"name": "log_metric", "arguments": ${args}}\n</tool_call>`],
  ["a bare JSON call", (args) => `{"name": "log_metric", "arguments": ${args}}`],
  ["a fenced JSON call", (args) => "```json\n" + `{"name": "log_metric", "arguments": ${args}}` + "\n```"],
  ["Mistral's call list", (args) => `[TOOL_CALLS][{"name": "log_metric", "arguments": ${args}}]`],
  ["OpenAI's call shape", (args) => `{"type": "function", "function": {"name": "log_metric", "arguments": ${args}}}`],
];

describe("a JSON call read from text keeps its numbers' spelling", () => {
  for (const [format, wrap] of wrappers) {
    it.each<[string, string, string]>([
      ["a trailing comma", `{"id": ${ID}, "label": 1.50,}`, `{"id":${ID},"label":"1.50"}`],
      ["single quotes", `{'id': ${ID}, 'label': 1.50}`, `{"id":${ID},"label":"1.50"}`],
      ["a trailing comma, a number where a number goes", `{"id": 7, "value": 2.50,}`, `{"id":7,"value":2.50}`],
      ["valid JSON", `{"id": ${ID}, "label": 1.50}`, `{"id":${ID},"label":"1.50"}`],
    ])(`${format}: %s`, (_title, args, expected) => {
      expect(outcome(wrap(args))).toBe(expected);
    });
    it(`${format}: refuses an exponent sent for a string (1e3 is not the text "1000")`, () => {
      expect(outcome(wrap(`{"id": 7, "label": 1e3,}`))).toBe("refused");
    });
  }

  it.each<[string, string, string]>([
    ["CWM's JSON input", `<tool: function>\nlog_metric {"id": ${ID}, "label": 1.50}\n</tool>`, `{"id":${ID},"label":"1.50"}`],
    ["Gemma 4's JSON form", `<|tool_call>{"name": "log_metric", "arguments": {"id": ${ID}, "label": 1.50}}<tool_call|>`, `{"id":${ID},"label":"1.50"}`],
    ["a plain integer, read as before", `<tool_call>\n{"name": "log_metric", "arguments": {"id": 42,}}\n</tool_call>`, `{"id":42}`],
  ])("%s", (_title, content, expected) => {
    expect(outcome(content)).toBe(expected);
  });
});
