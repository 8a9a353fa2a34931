/**
 * Small shape questions about Chat Completions chunks, asked once per chunk
 * on the hot path: allocation-free where an answer is all that is needed.
 */
import { type JsonObject } from "../json.ts";

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
