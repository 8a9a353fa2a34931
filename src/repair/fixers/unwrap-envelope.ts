// {"name":"read_file","arguments":{"path":"a.txt"}} → {"path":"a.txt"}; {"tool":"read_file","args":"{\"path\":\"a.txt\"}"} → {"path":"a.txt"}
import type { ValueFixer } from "../types.ts";
import { readEnvelope, readParallel } from "../envelopes.ts";
import type { Envelope } from "../envelopes.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { declaredProperties } from "../schema-shape.ts";
import { foldIdentifier } from "../similarity.ts";
import { decodeJsonContainer, decodeJsonish } from "./decode-double-encoded.ts";
import { callsFromJson } from "../content-calls/json-calls.ts";

/** Envelopes inside envelopes have been seen two deep; three bounds the loop. */
const MAX_ENVELOPES = 3;

/** `functions.read_file`, `readFile` and `read_file` all name the tool `read_file`. */
function namesTool(name: string, toolName: string | undefined): boolean {
  if (toolName === undefined || name.length > 256) return false;
  const lastSegment = name.slice(name.lastIndexOf(".") + 1);
  const folded = foldIdentifier(toolName);
  return foldIdentifier(name) === folded || foldIdentifier(lastSegment) === folded;
}

/** The arguments object an envelope carries, which may itself be a JSON string (or a Python dict's, `"{'a': 1}"`, with one reading). */
function argumentsObject(candidate: unknown): JsonObject | undefined {
  if (isJsonObject(candidate)) return candidate;
  if (typeof candidate !== "string") return undefined;
  const decoded = decodeJsonContainer(candidate) ?? decodeJsonish(candidate);
  return isJsonObject(decoded) ? decoded : undefined;
}

/** An envelope unwraps when it names no tool or names this one. */
function innerOf(envelope: Envelope | undefined, toolName: string | undefined): JsonObject | undefined {
  if (envelope === undefined || (envelope.name !== undefined && !namesTool(envelope.name, toolName))) return undefined;
  return argumentsObject(envelope.arguments);
}

/**
 * Any other shape toolmend reads as a call in text (LangChain's `action` and
 * `action_input`, `tool_name`, a leaked `tool_calls` list, JSON-RPC, a list
 * of one call): the one call it holds, when it calls this tool. None of its
 * keys may be one the tool declares: then it is the tool's own arguments.
 */
function callShapeArguments(value: unknown, isDeclared: (key: string) => boolean, toolName: string | undefined): JsonObject | undefined {
  const outer = Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (!isJsonObject(outer) || Object.keys(outer).some(isDeclared)) return undefined;
  const calls = callsFromJson(value);
  const call = calls?.length === 1 ? calls[0]! : undefined;
  if (call === undefined || !namesTool(call.name, toolName)) return undefined;
  if (call.arguments.kind === "json") return argumentsObject(call.arguments.value);
  return call.arguments.kind === "text" ? argumentsObject(call.arguments.text) : undefined;
}

/**
 * `{"read_file": {"path": "a.txt"}}`: the tool's name as the only key, over
 * its arguments; also `ReadFile` or `functions.read_file`, unless the key
 * spells one the schema declares.
 */
function nameKeyedArguments(record: JsonObject, declared: JsonObject | undefined, toolName: string | undefined): JsonObject | undefined {
  const keys = Object.keys(record);
  if (keys.length !== 1 || toolName === undefined || !namesTool(keys[0]!, toolName)) return undefined;
  const folded = foldIdentifier(keys[0]!);
  if (declared !== undefined && Object.keys(declared).some((key) => key === keys[0] || foldIdentifier(key) === folded)) return undefined;
  return argumentsObject(record[keys[0]!]);
}

/**
 * Generic container keys some models (and some clients' own prompts) put the
 * whole arguments object under: `{"result": {…}}`, `{"data": {…}}`, `{"_":
 * {…}}`. Only a short list: a word with a meaning of its own (`exclude`,
 * `filter`, `not`) over the same keys would say something else.
 */
const WRAPPER_KEYS: readonly string[] = ["result", "data", "payload", "body", "request", "inputs", "_"];

/**
 * `{"result": {"path": "a.txt"}}`: one wrapper key, not declared (in any style), over an object whose keys the
 * tool all declares, or over another envelope (`{"result": {"arguments": {…}}}`, a call naming this tool,
 * `{"data": {"name": "read_file", "arguments": {…}}}`), unwrapped in turn.
 */
function wrapperKeyedArguments(record: JsonObject, declared: JsonObject | undefined, toolName: string | undefined, depth: number): JsonObject | undefined {
  const keys = Object.keys(record);
  if (keys.length !== 1 || declared === undefined || !WRAPPER_KEYS.includes(keys[0]!)) return undefined;
  const folded = new Set(Object.keys(declared).map(foldIdentifier));
  if (Object.hasOwn(declared, keys[0]!) || folded.has(foldIdentifier(keys[0]!))) return undefined;
  const inner = record[keys[0]!];
  if (!isJsonObject(inner)) return undefined;
  const innerKeys = Object.keys(inner);
  if (innerKeys.length > 0 && innerKeys.every((key) => Object.hasOwn(declared, key) || folded.has(foldIdentifier(key)))) return inner;
  return depth < MAX_ENVELOPES && unwrapOnce(inner, declared, toolName, depth + 1) !== undefined ? inner : undefined;
}

function unwrapOnce(value: unknown, declared: JsonObject | undefined, toolName: string | undefined, depth = 0): JsonObject | undefined {
  const isDeclared = (key: string): boolean => declared !== undefined && Object.hasOwn(declared, key);
  if (isJsonObject(value)) {
    const inner = innerOf(readEnvelope(value, isDeclared), toolName);
    if (inner !== undefined) return inner;
    // multi_tool_use.parallel with one use; several uses are several calls (see expand-tool-call).
    const uses = readParallel(value, isDeclared);
    if (uses?.length === 1) return innerOf(uses[0], toolName);
    const named = nameKeyedArguments(value, declared, toolName);
    if (named !== undefined) return named;
    const wrapped = wrapperKeyedArguments(value, declared, toolName, depth);
    if (wrapped !== undefined) return wrapped;
  }
  const call = callShapeArguments(value, isDeclared, toolName);
  if (call !== undefined) return call;
  // `[{"path": "a.txt"}]`: the arguments in a list of one.
  return Array.isArray(value) && value.length === 1 && isJsonObject(value[0]) ? value[0] : undefined;
}

/** What comes out must look like this tool's arguments: a declared key (in any spelling style), unless it is empty. */
function looksLikeArguments(candidate: JsonObject, declared: JsonObject | undefined): boolean {
  if (declared === undefined) return true;
  const keys = Object.keys(candidate);
  const folded = new Set(Object.keys(declared).map(foldIdentifier));
  return keys.length === 0 || keys.some((key) => Object.hasOwn(declared, key) || folded.has(foldIdentifier(key)));
}

export const unwrapEnvelope: ValueFixer = {
  name: "unwrap-envelope",
  purpose: "Take the arguments out of a {name|function|tool, arguments|parameters|args|input}, OpenAI-shaped, multi_tool_use or other call-shaped envelope naming this tool.",
  class: "lossless",
  stage: "value",
  fix(value, { schema, errors, toolName }) {
    if (errors.length === 0 || !(isJsonObject(value) || Array.isArray(value))) return undefined;
    const declared = declaredProperties(schema);
    let current: unknown = value;
    let changed = false;
    for (let depth = 0; depth <= MAX_ENVELOPES; depth++) {
      const next = unwrapOnce(current, declared, toolName);
      if (next === undefined) return changed && isJsonObject(current) && looksLikeArguments(current, declared) ? current : undefined;
      // Deeper than the bound: give up rather than leave a half-unwrapped value a second run would change.
      if (depth === MAX_ENVELOPES) return undefined;
      current = next;
      changed = true;
    }
    return undefined;
  },
};
