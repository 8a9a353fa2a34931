// {"name":"read_file","arguments":{"path":"a.txt"}} → {"path":"a.txt"}
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { ownValue } from "../json-pointer.ts";
import { type JsonObject } from "../../json.ts";
import { declaredProperties } from "../schema-shape.ts";
import { foldIdentifier } from "../similarity.ts";
import { decodeJsonContainer } from "./decode-double-encoded.ts";

/** Keys models put the real arguments under (OpenAI, Llama, Anthropic-style `input`). */
const ARGUMENT_KEYS = ["arguments", "parameters", "input"] as const;
/** Envelopes inside envelopes have been seen two deep; three bounds the loop. */
const MAX_ENVELOPES = 3;

/** `functions.read_file`, `readFile` and `read_file` all name the tool `read_file`. */
function namesTool(name: unknown, toolName: string | undefined): boolean {
  if (typeof name !== "string" || toolName === undefined || name.length > 256) return false;
  const lastSegment = name.slice(name.lastIndexOf(".") + 1);
  const folded = foldIdentifier(toolName);
  return foldIdentifier(name) === folded || foldIdentifier(lastSegment) === folded;
}

/** The arguments object an envelope carries, which may itself be a JSON string. */
function argumentsObject(candidate: unknown): JsonObject | undefined {
  if (isJsonObject(candidate)) return candidate;
  if (typeof candidate !== "string") return undefined;
  const decoded = decodeJsonContainer(candidate);
  return isJsonObject(decoded) ? decoded : undefined;
}

function hasExactly(record: JsonObject, required: readonly string[], optional: readonly string[] = []): boolean {
  const keys = Object.keys(record);
  return required.every((key) => Object.hasOwn(record, key)) && keys.every((key) => required.includes(key) || optional.includes(key));
}

/** `{"name"?, "arguments"|"parameters"|"input"}`: the name, when present, must be this tool's. */
function fromNamedEnvelope(record: JsonObject, toolName: string | undefined): unknown {
  for (const key of ARGUMENT_KEYS) {
    if (hasExactly(record, [key])) return record[key];
    if (hasExactly(record, ["name", key]) && namesTool(record["name"], toolName)) return record[key];
  }
  return undefined;
}

function unwrapOnce(record: JsonObject, declared: JsonObject | undefined, toolName: string | undefined): JsonObject | undefined {
  const isDeclared = (key: string): boolean => declared !== undefined && Object.hasOwn(declared, key);
  let inner: unknown;
  if (Object.keys(record).some((key) => (ARGUMENT_KEYS as readonly string[]).includes(key) && !isDeclared(key))) {
    inner = fromNamedEnvelope(record, toolName);
  }
  // OpenAI's own tool-call shape, echoed as the arguments.
  if (inner === undefined && !isDeclared("function") && hasExactly(record, ["function"], ["type", "id"])) {
    const type = ownValue(record, "type");
    const fn = ownValue(record, "function");
    if ((type === undefined || type === "function") && isJsonObject(fn) && Object.hasOwn(fn, "name")) {
      inner = fromNamedEnvelope(fn, toolName);
    }
  }
  // multi_tool_use.parallel, the wrapper ChatGPT models leak: one entry only, or it is several calls.
  if (inner === undefined && !isDeclared("tool_uses") && hasExactly(record, ["tool_uses"])) {
    const uses = record["tool_uses"];
    if (Array.isArray(uses) && uses.length === 1 && isJsonObject(uses[0]) && hasExactly(uses[0], ["recipient_name", "parameters"])) {
      if (namesTool(uses[0]["recipient_name"], toolName)) inner = uses[0]["parameters"];
    }
  }
  return argumentsObject(inner);
}

/** What comes out must look like this tool's arguments: at least one declared key, unless it is empty. */
function looksLikeArguments(candidate: JsonObject, declared: JsonObject | undefined): boolean {
  const keys = Object.keys(candidate);
  return declared === undefined || keys.length === 0 || keys.some((key) => Object.hasOwn(declared, key));
}

export const unwrapEnvelope: ValueFixer = {
  name: "unwrap-envelope",
  purpose: "Take the arguments out of a {name, arguments}, {parameters}, {input} or OpenAI-shaped envelope.",
  class: "lossless",
  stage: "value",
  fix(value, { schema, errors, toolName }) {
    if (errors.length === 0 || !isJsonObject(value)) return undefined;
    const declared = declaredProperties(schema);
    let current: JsonObject = value;
    let changed = false;
    for (let depth = 0; depth <= MAX_ENVELOPES; depth++) {
      const next = unwrapOnce(current, declared, toolName);
      if (next === undefined) return changed && looksLikeArguments(current, declared) ? current : undefined;
      // Deeper than the bound: give up rather than leave a half-unwrapped value a second run would change.
      if (depth === MAX_ENVELOPES) return undefined;
      current = next;
      changed = true;
    }
    return undefined;
  },
};
