/**
 * The reasoning a Chat Completions server puts beside the answer
 * (`reasoning_content`, as DeepSeek, vLLM, SGLang and llama.cpp name it, or
 * `reasoning`), and calls a model wrote at its end: when the answer has no
 * calls and no text, such a call becomes one of `tool_calls` and its markup
 * leaves the reasoning (see reasoning-calls.ts for what counts).
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { extractReasoningCalls, leavesReasoningToRead, type ReasoningReadOptions } from "../repair/reasoning-calls.ts";
import { synthesizeCallId } from "./call-id.ts";

/** The names servers give the reasoning field, the one read first first. */
export const REASONING_KEYS = ["reasoning_content", "reasoning"] as const;

/** A message's or delta's reasoning text, and the keys that carry it (both, when a server sends it under both names). */
export interface ReasoningText {
  readonly text: string;
  readonly keys: readonly string[];
}

export function reasoningOf(object: JsonObject): ReasoningText | undefined {
  const [first, second] = REASONING_KEYS;
  const primary = typeof object[first] === "string" ? first : typeof object[second] === "string" ? second : undefined;
  if (primary === undefined) return undefined;
  const text = object[primary] as string;
  // The other name carries the same text (a server keeping an old name): it changes with it; other text is not ours.
  const keys = primary === first && object[second] === text ? [first, second] : [primary];
  return { text, keys };
}

/** A refusal is an answer too: the reasoning before it holds no call of the turn. */
export const refuses = (object: JsonObject): boolean => typeof object.refusal === "string" && object.refusal !== "";

/** Moves calls a choice's reasoning ends on into `tool_calls` when it has no calls and no text; returns how many. */
export function extractReasoningTextCalls(response: JsonObject, reading: ReasoningReadOptions): number {
  const choices = Array.isArray(response.choices) ? response.choices : [];
  let extracted = 0;
  for (const choice of choices) {
    if (!isJsonObject(choice) || !isJsonObject(choice.message)) continue;
    const { message } = choice;
    if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) continue;
    // Reasoning cut by max_tokens did not end on its call: the model was still thinking.
    if (!leavesReasoningToRead(message.content) || refuses(message) || choice.finish_reason === "length") continue;
    const reasoning = reasoningOf(message);
    if (reasoning === undefined) continue;
    const found = extractReasoningCalls(reasoning.text, reading);
    if (found === undefined) continue;
    message.tool_calls = found.calls.map((call) => ({ id: synthesizeCallId(), type: "function", function: { name: call.name, arguments: call.arguments } }));
    for (const key of reasoning.keys) message[key] = found.reasoning;
    choice.finish_reason = "tool_calls";
    extracted += found.calls.length;
  }
  return extracted;
}
