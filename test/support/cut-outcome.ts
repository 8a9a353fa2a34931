/**
 * What the engine makes of one text, judged as the eval judges a case: the
 * content read for calls (or the structured arguments), then the first call
 * repaired. `undefined` when it refuses.
 */
import { createRepairEngine, type RepairEngine } from "../../src/repair/engine.ts";
import { extractHeldCalls } from "../../src/repair/text-holdback.ts";
import { judgeToolCall } from "../../src/turn/judge-tool-call.ts";
import { parseArguments } from "../../src/eval/corpus.ts";
import type { ToolDefinition } from "../../src/repair/types.ts";

let shared: RepairEngine | undefined;

export function engineReading(tool: ToolDefinition, text: string, structured: boolean, finishReason: "length" | undefined): { name: string; value: unknown } | undefined {
  const engine = (shared ??= createRepairEngine());
  const tools = engine.prepareTools([tool]);
  let call: { name: string; arguments: string; finishReason?: string };
  if (structured) call = { name: tool.name, arguments: text };
  else {
    const found = extractHeldCalls(text, { tools: [tool] }, finishReason === "length")?.calls[0];
    if (found === undefined) return undefined;
    call = { name: found.name, arguments: found.arguments };
  }
  if (finishReason !== undefined) call.finishReason = finishReason;
  const { outcome } = judgeToolCall(engine, tools, {}, call);
  switch (outcome.kind) {
    case "failed":
      return undefined;
    case "repaired":
      return { name: outcome.name, value: parseArguments(outcome.arguments) };
    default:
      return { name: outcome.name, value: parseArguments(call.arguments) };
  }
}
