/**
 * One Responses turn, judged: every `function_call` item goes through the
 * engine with its tool's policy; repairs are written into the parsed answer
 * (non-streamed) or handed to the stream encoder.
 */
import {
  finishReasonOf,
  locateFunctionCalls,
  messageWithCalls,
  repairItem,
  textCallItems,
  textOnlyMessages,
  type LocatedFunctionCall,
} from "../protocol/responses.ts";
import { extractHeldCalls } from "../repair/text-holdback.ts";
import { type JsonObject } from "../json.ts";
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
  /** Calls found written as text in a `message` and moved into `function_call` items. */
  readonly extracted: number;
}

/**
 * Moves calls written as text into a message (a server without a parser for
 * the model's call format) into `function_call` items, when they name a
 * declared tool unambiguously; the rest of the message's text stays.
 */
function extractTextCalls(response: JsonObject, context: ToolCallContext): number {
  const output = response.output;
  if (!Array.isArray(output)) return 0;
  let extracted = 0;
  // From the end, so that replacing one item keeps the earlier positions valid.
  for (const { output: position, text } of textOnlyMessages(response).reverse()) {
    // Read as a stream of the same text would be, so that streamed and not end the same.
    const found = extractHeldCalls(text, { tools: context.tools, ...context.textHoldback });
    if (found === undefined) continue;
    const items = textCallItems(found.calls);
    output.splice(position, 1, ...messageWithCalls(output[position] as JsonObject, found.text, items));
    extracted += items.length;
  }
  return extracted;
}

/** Judges every `function_call` item of a non-streamed answer (after pulling calls out of text). */
export function judgeResponse(response: JsonObject, context: ToolCallContext): JudgedResponse {
  const extracted = extractTextCalls(response, context);
  const calls = locateFunctionCalls(response);
  const verdicts = judgeCalls(
    calls.map((call) => ({ ...call, finishReason: finishReasonOf(response, call.item) })),
    context,
  );
  return { verdicts, calls, extracted };
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
export function fixersOf(verdicts: readonly CallVerdict[], extracted = 0): string[] {
  const names = verdicts.flatMap(({ outcome }) => (outcome.kind === "repaired" ? outcome.fixers : []));
  return [...new Set(extracted > 0 ? ["extract-content-calls", ...names] : names)];
}
