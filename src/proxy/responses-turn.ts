/**
 * One Responses turn, judged: every `function_call` item goes through the
 * engine with its tool's policy; repairs are written into the parsed answer
 * (non-streamed) or handed to the stream encoder.
 */
import { finishReasonOf, locateFunctionCalls, repairItem, type LocatedFunctionCall } from "../protocol/responses.ts";
import type { JsonObject } from "../protocol/chat-completions.ts";
import type { CallRepair } from "../protocol/responses-stream-encode.ts";
import type { StreamedCall } from "../protocol/responses-stream.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

/** A call to judge, wherever it came from. */
interface CallToJudge {
  readonly output: number;
  readonly callId: string;
  readonly name: string;
  readonly arguments: unknown;
  readonly finishReason: string | null;
}

/**
 * Verdicts for `calls`, one each, in order. `choice` is always 0 (a
 * response has one output list); `call` is the item's `output` index.
 */
export function judgeCalls(calls: readonly CallToJudge[], context: ToolCallContext): CallVerdict[] {
  return calls.map((call): CallVerdict => {
    const { outcome, policy } = context.judge({ name: call.name, arguments: call.arguments, finishReason: call.finishReason });
    return { choice: 0, call: call.output, id: call.callId, outcome, policy };
  });
}

export interface JudgedResponse {
  readonly verdicts: CallVerdict[];
  readonly calls: LocatedFunctionCall[];
}

/** Judges every `function_call` item of a non-streamed answer. */
export function judgeResponse(response: JsonObject, context: ToolCallContext): JudgedResponse {
  const calls = locateFunctionCalls(response);
  const verdicts = judgeCalls(
    calls.map((call) => ({ ...call, finishReason: finishReasonOf(response, call.item) })),
    context,
  );
  return { verdicts, calls };
}

/** Writes every repaired call's name and arguments into the answer's `output`; nothing else changes. */
export function applyResponseRepairs(response: JsonObject, judged: JudgedResponse): void {
  const output = response.output;
  if (!Array.isArray(output)) return;
  judged.verdicts.forEach((verdict, position) => {
    if (verdict.outcome.kind !== "repaired") return;
    const call = judged.calls[position]!;
    output[call.output] = repairItem(call.item, verdict.outcome.name, verdict.outcome.arguments);
  });
}

/** The repairs of a streamed turn, for the encoder. */
export function streamRepairs(calls: readonly StreamedCall[], verdicts: readonly CallVerdict[]): CallRepair[] {
  return calls.flatMap((call, position): CallRepair[] => {
    const outcome = verdicts[position]?.outcome;
    if (outcome?.kind !== "repaired") return [];
    return [{ output: call.output, itemId: call.itemId, callId: call.callId, name: outcome.name, arguments: outcome.arguments }];
  });
}

/** Names of the fixers that changed something, once each, for `x-toolmend-repairs` and the metric. */
export function fixersOf(verdicts: readonly CallVerdict[]): string[] {
  return [...new Set(verdicts.flatMap(({ outcome }) => (outcome.kind === "repaired" ? outcome.fixers : [])))];
}
