/**
 * Small shape questions about Chat Completions chunks, asked once per chunk
 * on the hot path: allocation-free where an answer is all that is needed.
 */
import { isJsonObject, type JsonObject } from "../json.ts";

/** Delta keys that are not content a client waits for. */
const NON_PAYLOAD = new Set(["role", "tool_calls"]);

/** Text, reasoning, refusal, audio…: anything non-empty but the role and the calls. */
export function hasPayload(delta: JsonObject): boolean {
  for (const key in delta) {
    if (NON_PAYLOAD.has(key)) continue;
    const value = delta[key];
    if (value !== null && value !== undefined && value !== "") return true;
  }
  return false;
}

/** A shallow copy without one key (the `tool_calls` of a delta, held apart from its text). */
export function withoutKey(object: JsonObject, key: string): JsonObject {
  const copy: JsonObject = {};
  for (const name in object) if (name !== key) copy[name] = object[name];
  return copy;
}

/** The chunk's envelope around other choices: a split or held part of it. */
export const withChoices = (chunk: JsonObject, choices: unknown[]): JsonObject => ({ ...chunk, choices });

/** The call deltas of a delta, when it carries any. */
export function callDeltasOf(delta: JsonObject | undefined): unknown[] | undefined {
  return delta !== undefined && Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0 ? delta.tool_calls : undefined;
}

/** A choice's finish reason, when it has one. */
export function finishReasonOf(choice: JsonObject): string | undefined {
  return typeof choice.finish_reason === "string" && choice.finish_reason !== "" ? choice.finish_reason : undefined;
}

/** What one choice of a chunk carries, read once (its text as it may go now). */
export interface ChoiceRead {
  readonly choice: JsonObject;
  readonly index: number;
  readonly delta: JsonObject | undefined;
  readonly toolCalls: unknown[] | undefined;
  /** Anything visible in the delta: text, reasoning, refusal… */
  readonly payload: boolean;
  readonly reason: string | undefined;
  /** The choice without its call deltas: what may be shown or held. */
  readonly visible: JsonObject;
}

export function readChoice(choice: JsonObject, index: number, toolCalls: unknown[] | undefined, reason: string | undefined): ChoiceRead {
  const delta = isJsonObject(choice.delta) ? choice.delta : undefined;
  return {
    choice,
    index,
    delta,
    toolCalls,
    payload: delta !== undefined && hasPayload(delta),
    reason,
    visible: toolCalls === undefined ? choice : { ...choice, delta: withoutKey(delta as JsonObject, "tool_calls") },
  };
}
