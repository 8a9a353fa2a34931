import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/index.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string" },
        count: { type: "number" },
        days: { type: "integer" },
        live: { type: "boolean" },
        either: { type: ["number", "string"] },
      },
      required: ["city"],
    },
  },
];

const glm = (...pairs: [string, string][]): string =>
  `<tool_call>get_weather\n${pairs.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join("")}</tool_call>`;
const qwen = (...pairs: [string, string][]): string =>
  `<tool_call>\n<function=get_weather>\n${pairs.map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join("")}</function>\n</tool_call>`;
const minimax = (...pairs: [string, string][]): string =>
  `<minimax:tool_call>\n<invoke name="get_weather">\n${pairs.map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`).join("")}</invoke>\n</minimax:tool_call>`;

/** The call's arguments once repaired, or the outcome's kind when it was not. */
function repaired(content: string): unknown {
  const found = extractToolCallsFromContent(content, tools);
  if (found === undefined) return "no call";
  const engine = createRepairEngine();
  const outcome = engine.repair(found.calls[0]!, engine.prepareTools(tools));
  return outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind;
}

// Tag formats type each value from the schema; a model may still quote a number (`"42"`), as a JSON
// call's `{"count": "42"}` does. The quotes are not part of the value: the string inside is.
describe("a quoted scalar where the schema takes no string, in tag formats", () => {
  it.each([
    ["GLM, a number", glm(["city", "Oslo"], ["count", '"42"']), { city: "Oslo", count: "42" }],
    ["GLM, an integer", glm(["city", "Oslo"], ["days", '"3"']), { city: "Oslo", days: "3" }],
    ["GLM, a boolean", glm(["city", "Oslo"], ["live", '"true"']), { city: "Oslo", live: "true" }],
    ["Qwen3-Coder, a number", qwen(["city", "Oslo"], ["count", '"7.5"']), { city: "Oslo", count: "7.5" }],
    ["MiniMax, an integer", minimax(["city", "Oslo"], ["days", '"2"']), { city: "Oslo", days: "2" }],
  ])("reads the string inside the quotes: %s", (_title, content, args) => {
    expect(readBothWays(content, tools).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["a number", glm(["city", "Oslo"], ["count", '"42"']), { city: "Oslo", count: 42 }],
    ["a boolean", qwen(["city", "Oslo"], ["live", '"false"']), { city: "Oslo", live: false }],
  ])("then coerce-types gives %s", (_title, content, args) => {
    expect(repaired(content)).toEqual(args);
  });

  it.each([
    ["words in quotes where a number goes", glm(["city", "Oslo"], ["count", '"many"'])],
    ["a quoted number for a property that also takes a string", glm(["city", "Oslo"], ["either", '"42"'])],
  ])("does not make a call of %s", (_title, content) => {
    expect(repaired(content)).not.toEqual(expect.objectContaining({ city: "Oslo" }));
  });

  it("keeps the quotes of a string property's value", () => {
    expect(readBothWays(qwen(["city", '"Oslo"']), tools).calls).toEqual([["get_weather", { city: '"Oslo"' }]]);
  });
});
