/**
 * A call's own id written beside its name and arguments: metadata the
 * answer's call carries anyway, never an argument. Read only where it is
 * clearly an id, so that nothing the model meant as arguments is dropped:
 *
 *   {"get_weather": {"id": "call_1", "args": {…}}}     an id envelope under the tool's name
 *   <function=get_weather>[call_abc]{…}</function>      a bracketed id between the name and the JSON
 */
import { isJsonObject, type JsonObject } from "../../json.ts";
import { ownValue } from "../json-pointer.ts";

/** Keys a call's id is written under. */
export const CALL_ID_KEYS: readonly string[] = ["id", "call_id", "tool_call_id"];
/** Keys the arguments sit under beside an id (llama.cpp's `args` field, OpenAI's `arguments`, Llama's `parameters`, Anthropic's `input`). */
const ID_ENVELOPE_ARGUMENT_KEYS: readonly string[] = ["arguments", "args", "parameters", "input"];

/** An id as servers write them: one short token, no spaces (`call_1`, `call-0001`, `toolu_01A`, `7`). */
const ID_TOKEN = /^[\w.:-]{1,128}$/;

/** Whether `value` can be a call id: a short token (a number only as a non-negative integer). */
export function isCallId(value: unknown): boolean {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0;
  return typeof value === "string" && ID_TOKEN.test(value);
}

/** The arguments an id envelope holds, and the envelope's keys (which the tool must not declare). */
export interface IdEnvelope {
  readonly arguments: JsonObject | string;
  readonly keys: readonly [string, string];
}

/**
 * `{"id": "call_1", "args": {…}}`: exactly one id key holding an id and one
 * arguments key holding an object (or its JSON text); anything else beside
 * them, or a value of another kind, and it is not an id envelope.
 */
export function readIdEnvelope(record: JsonObject): IdEnvelope | undefined {
  const keys = Object.keys(record);
  if (keys.length !== 2) return undefined;
  const idKey = keys.find((key) => CALL_ID_KEYS.includes(key));
  const argumentsKey = keys.find((key) => ID_ENVELOPE_ARGUMENT_KEYS.includes(key));
  if (idKey === undefined || argumentsKey === undefined || !isCallId(ownValue(record, idKey))) return undefined;
  const args = ownValue(record, argumentsKey);
  if (!isJsonObject(args) && typeof args !== "string") return undefined;
  return { arguments: args, keys: [idKey, argumentsKey] };
}

/** A bracketed call id (`[call_abc]`, `[call-7]`, `[toolu_01A]`, `[fc_1]`) at the start of what `sticky` is run on. */
const BRACKETED_ID = /\[(?:call|toolu|fc)[_-][\w-]{1,96}\][ \t]*(?=[{<])/y;

/**
 * Where the arguments start after a call id written in brackets at `at`
 * between a call's name and its arguments (`<function=get_weather>[call_abc]{…}`),
 * as LocalAI's marker formats write it; `at` itself when there is none.
 */
export function skipBracketedCallId(text: string, at: number): number {
  BRACKETED_ID.lastIndex = at;
  return BRACKETED_ID.test(text) ? BRACKETED_ID.lastIndex : at;
}
