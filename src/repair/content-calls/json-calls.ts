/**
 * Calls written as JSON: the shapes models emit when a template asks for
 * JSON, or when they imitate one API in another's content.
 */
import { isJsonObject } from "../../json.ts";
import { defineOwn, ownValue } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import type { RawArguments, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { CALL_ID_KEYS, isCallId, readIdEnvelope } from "./call-ids.ts";
import { CACHE_CONTROL_KEY, isCacheControlMarker } from "./cache-control.ts";

/**
 * Keys that carry the arguments, by shape. Llama says `parameters`, OpenAI `arguments`, Anthropic `input`, Python `kwargs`,
 * smolagents' JSON action `tool_arguments` (beside `tool_name`), MCP agents' text prompts `tool_args` (CAMEL's).
 */
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input", "params", "kwargs", "tool_input", "action_input", "tool_arguments", "tool_args"] as const;
/**
 * ModelScope-Agent's plugin calls name the tool `api_name` (`{"api_name": …, "parameters": {…}}`). A wrapper key
 * holding the name itself rather than a call object names the tool too (`{"tool_call": "get_weather", "parameters": {…}}`,
 * as small Gemma 4 models write it; `function_call` alike).
 */
const NAME_KEYS = ["name", "tool", "tool_name", "function", "action", "recipient_name", "api_name", "tool_call", "function_call"] as const;
/** Keys a call object may carry beside its name and arguments. */
const CALL_EXTRAS = new Set(["id", "type", "call_id", "tool_call_id", "index"]);
/**
 * The index of the MCP server a text-mode MCP agent routes the call to (CAMEL's `server_idx`): a number,
 * so it names no server that could disagree with the tool's name. A server given by name is not read.
 */
const SERVER_INDEX_KEYS = ["server_idx", "server_index"] as const;

function isServerIndex(record: JsonObject, key: string): boolean {
  const value = ownValue(record, key);
  return (SERVER_INDEX_KEYS as readonly string[]).includes(key) && typeof value === "number" && Number.isInteger(value) && value >= 0;
}
/**
 * Keys that hold one call object: OpenAI's tool call and legacy `function_call`, Gemini's `functionCall`,
 * `tool_call`, the envelope llama.cpp's generic tool format (and many hand-written prompts) asks for, and
 * `tool` (`{"tool": {"name", "arguments"}}`, as GLM models write it at times).
 */
const CALL_WRAPPERS = ["function", "function_call", "functionCall", "tool_call", "tool"] as const;
/** Keys that hold calls or a JSON-RPC call. */
const WRAPPER_KEYS = [...CALL_WRAPPERS, "tool_calls", "tool_uses", "method", "jsonrpc", "params"] as const;

/**
 * Keys under which an agent's JSON action carries the model's own reasoning beside its call: SWE-agent's
 * `{"thought": …, "command": {"name", "arguments"}}`, OpenJarvis's `{"thought", "action", "action_input"}`,
 * Agent Zero's `{"thoughts": […], "tool_name", "tool_args"}`, AutoGPT's `{"thoughts": {"text", "plan", …}, "command":
 * {"name", "args"}}`. The reasoning is the model's words, kept as the answer's text; the call is the rest.
 */
const THOUGHT_KEYS = ["thought", "thoughts", "reasoning"] as const;
/** SWE-agent's key for the call object beside the thought (read only beside one: `command` alone is an argument's name). */
const COMMAND_KEY = "command";

/** Every key a JSON object read as a call may have at its top level (so, its first key). */
export const CALL_OBJECT_KEYS: readonly string[] = [...new Set([...NAME_KEYS, ...ARGUMENT_KEYS, ...CALL_EXTRAS, CACHE_CONTROL_KEY, ...SERVER_INDEX_KEYS, ...WRAPPER_KEYS, ...THOUGHT_KEYS])];

function argumentsFrom(value: unknown): RawArguments | undefined {
  if (value === undefined || value === null) return emptyArguments;
  if (isJsonObject(value)) return { kind: "json", value };
  // A string is the arguments text itself (OpenAI's own encoding); the pipeline parses it.
  if (typeof value === "string") return { kind: "text", text: value };
  return undefined;
}

/**
 * The record with each key's stray spaces trimmed (`" arguments"`, as Qwen2.5-VL
 * sometimes writes the envelope); `undefined` when two keys trim to the same one.
 */
function trimmedKeys(record: JsonObject): JsonObject | undefined {
  if (Object.keys(record).every((key) => key.trim() === key)) return record;
  const trimmed: JsonObject = {};
  for (const [key, value] of Object.entries(record)) {
    if (Object.hasOwn(trimmed, key.trim())) return undefined;
    Object.defineProperty(trimmed, key.trim(), { value, enumerable: true, writable: true, configurable: true });
  }
  return trimmed;
}

/** `{name, arguments}` and its synonyms, with nothing else beside them but an id or type. */
function flatCall(written: JsonObject): RawCall | undefined {
  const record = trimmedKeys(written);
  if (record === undefined) return undefined;
  const nameKeys = NAME_KEYS.filter((key) => typeof ownValue(record, key) === "string");
  const argumentKeys = ARGUMENT_KEYS.filter((key) => Object.hasOwn(record, key));
  if (nameKeys.length !== 1) return undefined;
  const nameKey = nameKeys[0]!;
  const argumentKey = argumentKeys[0];
  // Two argument keys are two readings, unless they hold the same value as written (`"arguments": {}, "parameters": {}`).
  const firstArguments = JSON.stringify(argumentKey === undefined ? null : record[argumentKey]);
  if (argumentKeys.some((key) => JSON.stringify(record[key]) !== firstArguments)) return undefined;
  // A content block's cache marker (`"cache_control": null`) goes with the envelope, as its id does.
  const cacheMarker = (key: string): boolean => key === CACHE_CONTROL_KEY && isCacheControlMarker(ownValue(record, key));
  const known = (key: string): boolean =>
    key === nameKey || (argumentKeys as readonly string[]).includes(key) || CALL_EXTRAS.has(key) || isServerIndex(record, key) || cacheMarker(key);
  if (!Object.keys(record).every(known)) return argumentKey === undefined ? besideName(record, nameKey) : undefined;
  if (!callType(record) || !callExtrasHoldIds(record)) return undefined;
  const args = argumentsFrom(argumentKey === undefined ? undefined : record[argumentKey]);
  return args === undefined ? undefined : { name: record[nameKey] as string, arguments: args };
}

/**
 * Whether the call's id keys each hold an id (`call_1`, `7`) and `index` a position: they are dropped with the
 * envelope, so an object or words there would be content lost. Two id keys must agree.
 */
function callExtrasHoldIds(record: JsonObject): boolean {
  const ids = CALL_ID_KEYS.filter((key) => Object.hasOwn(record, key)).map((key) => ownValue(record, key));
  const index = ownValue(record, "index");
  if (index !== undefined && !(typeof index === "number" && Number.isInteger(index) && index >= 0)) return false;
  return ids.every((id) => isCallId(id) && id === ids[0]);
}

/** Whether the call's `type`, when written, names a call: it is dropped with the envelope, so any other value would be words lost. */
function callType(record: JsonObject): boolean {
  const type = ownValue(record, "type");
  return type === undefined || type === "function" || type === "tool_use" || type === "function_call";
}

/**
 * `{"name": "get_weather", "city": "Paris"}`: the arguments beside the name,
 * the arguments key left out (small models writing the envelope from memory).
 * Every other member is an argument; the declared tools decide (see `RawCall`).
 */
function besideName(record: JsonObject, nameKey: string): RawCall {
  const args: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (key !== nameKey) defineOwn(args, key, value);
  return { name: record[nameKey] as string, arguments: { kind: "json", value: args }, argumentsBesideName: nameKey };
}

/**
 * TGI's grammar writes a call as `{"function": {"_name": "get_weather", "city": "Paris"}}`:
 * the name under `_name`, the arguments as the other members beside it.
 */
function tgiCall(record: JsonObject): RawCall | undefined {
  const inner = ownValue(record, "function");
  if (!isJsonObject(inner) || Object.keys(record).length !== 1) return undefined;
  const name = ownValue(inner, "_name");
  if (typeof name !== "string") return undefined;
  const args: JsonObject = {};
  for (const [key, value] of Object.entries(inner)) if (key !== "_name") defineOwn(args, key, value);
  return { name, arguments: { kind: "json", value: args } };
}

/**
 * `{"get_weather": {"id": "call_1", "args": {…}}}`: the tool's name as the only key, over an id envelope (llama.cpp's
 * name-as-key format with an id field). Only that envelope: a name over any other object may be data.
 */
export function nameKeyedIdCall(record: JsonObject): RawCall | undefined {
  const keys = Object.keys(record);
  const inner = keys.length === 1 && TOOL_NAME.test(keys[0]!) && !CALL_OBJECT_KEYS.includes(keys[0]!) ? ownValue(record, keys[0]!) : undefined;
  const envelope = isJsonObject(inner) ? readIdEnvelope(inner) : undefined;
  const args = envelope === undefined ? undefined : argumentsFrom(envelope.arguments);
  return envelope === undefined || args === undefined ? undefined : { name: keys[0]!, arguments: args, envelopeKeys: envelope.keys };
}

/**
 * A thought's text: one string, a list of strings (one a line), or AutoGPT's object of named parts whose values are
 * such (`{"text": …, "plan": …, "criticism": ""}`, a `name: text` line each). Anything else is not read.
 */
function thoughtText(value: unknown, nested = false): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length > 0 && value.every((item) => typeof item === "string") ? value.join("\n") : undefined;
  if (nested || !isJsonObject(value) || Object.keys(value).length === 0) return undefined;
  const lines: string[] = [];
  for (const [name, part] of Object.entries(value)) {
    const text = thoughtText(part, true);
    if (text === undefined) return undefined;
    if (text !== "") lines.push(`${name}: ${text}`);
  }
  return lines.join("\n");
}

/**
 * An agent's action with its thought beside the call (see `THOUGHT_KEYS`): the call, carrying the thought as
 * text to keep. Only a whole call beside the one thought: its name and an arguments key (or SWE-agent's
 * `command` object holding them); anything else beside them keeps the object data.
 */
function thoughtCall(record: JsonObject, depth: number): RawCall[] | undefined {
  const thoughtKeys = THOUGHT_KEYS.filter((key) => Object.hasOwn(record, key));
  if (thoughtKeys.length !== 1) return undefined;
  const spoken = thoughtText(ownValue(record, thoughtKeys[0]!));
  if (spoken === undefined) return undefined;
  const rest: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (key !== thoughtKeys[0]) defineOwn(rest, key, value);
  const command = ownValue(rest, COMMAND_KEY);
  const inner = Object.keys(rest).length === 1 && isJsonObject(command) ? command : rest;
  if (!ARGUMENT_KEYS.some((key) => Object.hasOwn(inner, key))) return undefined;
  const call = flatCall(inner);
  return call === undefined || depth > 4 ? undefined : [{ ...call, spoken }];
}

function callFromObject(record: JsonObject, depth: number): RawCall[] | undefined {
  if (depth > 4) return undefined;
  const thought = thoughtCall(record, depth);
  if (thought !== undefined) return thought;
  const tgi = tgiCall(record);
  if (tgi !== undefined) return [tgi];
  const keyed = nameKeyedIdCall(record);
  if (keyed !== undefined) return [keyed];
  // OpenAI's tool-call shape {"type": "function", "function": {"name", "arguments"}}, and Gemini's
  // {"functionCall": {"name", "args"}}: one wrapper key, beside an id or type at most.
  for (const key of CALL_WRAPPERS) {
    const inner = ownValue(record, key);
    if (isJsonObject(inner) && Object.keys(record).every((other) => other === key || CALL_EXTRAS.has(other))) return callType(record) ? callFromObject(inner, depth + 1) : undefined;
  }
  // A leaked assistant message or multi_tool_use.parallel: a list of calls under one key.
  for (const key of ["tool_calls", "tool_uses"]) {
    const list = ownValue(record, key);
    if (Array.isArray(list) && Object.keys(record).length === 1) return callsFromJson(list, depth + 1);
  }
  // JSON-RPC: MCP's {"method": "tools/call", "params": {"name", "arguments"}}, or the method naming the tool.
  const method = ownValue(record, "method");
  if (typeof method === "string" && Object.keys(record).every((key) => ["jsonrpc", "method", "params", "id"].includes(key))) {
    const params = ownValue(record, "params");
    if (method === "tools/call") return isJsonObject(params) ? callFromObject(params, depth + 1) : undefined;
    const args = argumentsFrom(params);
    return args === undefined ? undefined : [{ name: method, arguments: args }];
  }
  const call = flatCall(record);
  return call === undefined ? undefined : [call];
}

/** The calls a parsed JSON value spells, or `undefined` when any part of it is not a call. */
export function callsFromJson(value: unknown, depth = 0): RawCall[] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0 || value.length > MAX_CALLS) return undefined;
    const calls: RawCall[] = [];
    for (const entry of value) {
      const found = isJsonObject(entry) ? callFromObject(entry, depth + 1) : undefined;
      if (found === undefined) return undefined;
      calls.push(...found);
    }
    return calls.length <= MAX_CALLS ? calls : undefined;
  }
  return isJsonObject(value) ? callFromObject(value, depth) : undefined;
}
