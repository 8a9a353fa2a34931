/**
 * What the engine makes of a call, for tables that check refusals: a structured call's repaired arguments, or a
 * call written as text read whole and streamed (both must agree), then repaired. `"refused"` when the repair fails;
 * `"text"` when the text gives no call.
 */
import { expect } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

export function callOutcomes(tools: readonly ToolDefinition[]): { repairOf: (name: string, text: string) => unknown; textOutcome: (content: string) => unknown } {
  const engine = createRepairEngine();
  const prepared = engine.prepareTools(tools);
  const argumentsOf = (call: { name: string; arguments: string }): unknown => {
    const outcome = engine.repair(call, prepared);
    if (outcome.kind === "failed") return "refused";
    return JSON.parse(outcome.kind === "repaired" ? outcome.arguments : call.arguments) as unknown;
  };
  return {
    repairOf: (name, text) => argumentsOf({ name, arguments: text }),
    textOutcome(content) {
      const whole = extractToolCallsFromContent(content, tools);
      const holdback = createTextHoldback({ tools });
      for (const char of content) holdback.push(char);
      expect(holdback.end().calls).toEqual(whole?.calls ?? []);
      const call = whole?.calls[0];
      return call === undefined ? "text" : argumentsOf(call);
    },
  };
}
