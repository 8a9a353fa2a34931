/**
 * The envelopes models wrap a call's arguments in, read as values. Shared by
 * unwrap-envelope (one call whose arguments came wrapped) and the expansion
 * of one emitted call into several.
 *
 *   {"arguments"|"parameters"|"args"|"input"|"tool_arguments"|…: {…}}   (ARGUMENT_KEYS)
 *   {"name"|"function"|"tool"|"tool_name"|"tool_call"|"function_call": "read_file", "arguments"|…: {…} or "{…}"}
 *   either of these with the call's id beside them ("id"|"call_id"|"tool_call_id": "call_1")
 *   {"type": "function", "id"?: …, "function": {"name": "read_file", "arguments": …}}
 *   {"tool_uses": [{"recipient_name": "functions.read_file", "parameters": {…}}, …]}   (multi_tool_use.parallel)
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { ownValue } from "./json-pointer.ts";
import { CALL_ID_KEYS, isCallId } from "./content-calls/call-ids.ts";

/**
 * Keys models put the real arguments under (OpenAI, Llama, LangChain `args`
 * and `tool_input`, Anthropic-style `input`, Python's `kwargs`, `params`,
 * smolagents' `tool_arguments`, MCP agents' `tool_args`, and a schema's own `properties` echoed back).
 */
export const ARGUMENT_KEYS: readonly string[] = ["arguments", "parameters", "args", "input", "params", "kwargs", "tool_input", "tool_arguments", "tool_args", "properties"];
/** Keys that name the tool beside them (a call wrapper's key holding the name itself, `"tool_call": "read_file"`, too). */
export const NAME_KEYS: readonly string[] = ["name", "function", "tool", "tool_name", "tool_call", "function_call"];
/** Every key an envelope is made of. */
export const ENVELOPE_KEYS: readonly string[] = [...ARGUMENT_KEYS, ...NAME_KEYS, "type", "id", "tool_uses", "recipient_name"];

/** What an envelope carries: the tool it names (if any) and the arguments, an object or a JSON string. */
export interface Envelope {
  readonly name: string | undefined;
  readonly arguments: unknown;
}

function hasExactly(record: JsonObject, required: readonly string[], optional: readonly string[] = []): boolean {
  const keys = Object.keys(record);
  return required.every((key) => Object.hasOwn(record, key)) && keys.every((key) => required.includes(key) || optional.includes(key));
}

/** The call's own id beside the envelope's keys (`"id": "call_1"`), as one optional key; none when it holds no id. */
function idKeysOf(record: JsonObject): readonly string[] {
  const idKeys = CALL_ID_KEYS.filter((key) => Object.hasOwn(record, key));
  return idKeys.length === 1 && isCallId(record[idKeys[0]!]) ? idKeys : [];
}

/** `{argumentsKey}` or `{nameKey: string, argumentsKey}`, either with the call's id beside them. */
function namedEnvelope(record: JsonObject): Envelope | undefined {
  const idKeys = idKeysOf(record);
  for (const key of ARGUMENT_KEYS) {
    if (!Object.hasOwn(record, key)) continue;
    if (hasExactly(record, [key], idKeys)) return { name: undefined, arguments: record[key] };
    for (const nameKey of NAME_KEYS) {
      const name = record[nameKey];
      if (typeof name === "string" && hasExactly(record, [nameKey, key], idKeys)) return { name, arguments: record[key] };
    }
  }
  return undefined;
}

/** OpenAI's own tool-call shape, echoed as the arguments. */
function openAiEnvelope(record: JsonObject): Envelope | undefined {
  if (!hasExactly(record, ["function"], ["type", "id"])) return undefined;
  const type = ownValue(record, "type");
  const inner = ownValue(record, "function");
  if ((type !== undefined && type !== "function") || !isJsonObject(inner) || typeof inner["name"] !== "string") return undefined;
  const envelope = namedEnvelope(inner);
  return envelope?.name === undefined ? undefined : envelope;
}

/**
 * The one envelope `value` is, or `undefined`. `isDeclared` says which keys
 * the tool's schema owns: a declared arguments key is the tool's own.
 */
export function readEnvelope(value: unknown, isDeclared: (key: string) => boolean = () => false): Envelope | undefined {
  if (!isJsonObject(value)) return undefined;
  if (Object.keys(value).some((key) => (ARGUMENT_KEYS.includes(key) || CALL_ID_KEYS.includes(key) || key === "function") && isDeclared(key))) return undefined;
  return namedEnvelope(value) ?? openAiEnvelope(value);
}

/** The calls of a `multi_tool_use.parallel` wrapper, in order; `undefined` when `value` is not one. */
export function readParallel(value: unknown, isDeclared: (key: string) => boolean = () => false): Envelope[] | undefined {
  if (!isJsonObject(value) || !hasExactly(value, ["tool_uses"]) || isDeclared("tool_uses")) return undefined;
  const uses = value["tool_uses"];
  if (!Array.isArray(uses) || uses.length === 0) return undefined;
  const calls: Envelope[] = [];
  for (const use of uses) {
    if (!isJsonObject(use) || !hasExactly(use, ["recipient_name", "parameters"]) || typeof use["recipient_name"] !== "string") return undefined;
    calls.push({ name: use["recipient_name"], arguments: use["parameters"] });
  }
  return calls;
}
