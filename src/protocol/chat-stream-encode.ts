/**
 * What the route sends for a finished choice once its calls are validated
 * (or repaired): well-formed Chat Completions chunks as OpenAI streams them.
 * Each call goes whole in one delta; clients concatenate deltas per index,
 * so one delta is as valid as many.
 */
import type { AssembledToolCall, ChoiceFinished } from "./chat-chunk.ts";
import type { JsonObject } from "../json.ts";
import type { ErrorFields } from "../errors.ts";
import { encodeSseData } from "./sse.ts";

/** The tool call as one stream delta; kept unknown fields ride along verbatim. */
export function toolCallDelta(call: AssembledToolCall): JsonObject {
  return {
    index: call.index,
    id: call.id,
    type: "function",
    function: { name: call.name, arguments: call.arguments, ...call.functionExtra },
    ...call.extra,
  };
}

/**
 * The top-level fields of an upstream chunk (`id`, `object`, `created`,
 * `model`, `system_fingerprint`, `service_tier`, vendor extras) for a chunk
 * of our own. `usage` stays with the chunk that carried it: a copy would
 * make it count twice.
 */
export function chunkTemplate(chunk: JsonObject): JsonObject {
  const template: JsonObject = {};
  for (const key in chunk) if (key !== "choices" && key !== "usage") template[key] = chunk[key];
  return template;
}

export interface ToolCallChunkInput {
  /** An upstream chunk of the stream (typically the finish chunk) to copy the envelope from. */
  readonly template: JsonObject;
  readonly choiceIndex: number;
  readonly calls: readonly AssembledToolCall[];
}

/** The chunk carrying the calls: `{…template, choices:[{index, delta:{tool_calls}, finish_reason:null}]}`. */
export function encodeToolCallChunk(input: ToolCallChunkInput): string {
  return JSON.stringify({
    ...chunkTemplate(input.template),
    choices: [{ index: input.choiceIndex, delta: { tool_calls: input.calls.map(toolCallDelta) }, finish_reason: null }],
  });
}

/**
 * Every payload to send for a finished choice, in order: what was held
 * before anything went out, the held role chunk, the calls, the finish
 * chunk. Pass the validated calls (the action's own, or repaired ones).
 * Returns `data:` payloads; frame each with `encodeSseData`.
 */
export function encodeChoiceFinished(action: ChoiceFinished, calls: readonly AssembledToolCall[] = action.calls): string[] {
  const payloads = [...action.prelude];
  if (action.heldRole !== undefined) payloads.push(JSON.stringify(action.heldRole));
  if (calls.length > 0) payloads.push(encodeToolCallChunk({ template: action.finishChunk, choiceIndex: action.choiceIndex, calls }));
  payloads.push(JSON.stringify(action.finishChunk));
  return payloads;
}

/**
 * The one SSE line that ends a Chat Completions stream in error after the
 * status went out: `data: {"error":{…}}` with no `choices` key, which the
 * OpenAI SDKs raise as an APIError.
 */
export function encodeChatStreamError(error: ErrorFields): string {
  return encodeSseData(JSON.stringify({ error }));
}
