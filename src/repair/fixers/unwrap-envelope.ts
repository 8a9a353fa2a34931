// {"name":"read_file","arguments":{"path":"a.txt"}} → {"path":"a.txt"}; {"tool":"read_file","args":"{\"path\":\"a.txt\"}"} → {"path":"a.txt"}
import type { ValueFixer } from "../types.ts";
import { readEnvelope, readParallel } from "../envelopes.ts";
import type { Envelope } from "../envelopes.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { declaredProperties } from "../schema-shape.ts";
import { foldIdentifier } from "../similarity.ts";
import { decodeJsonContainer } from "./decode-double-encoded.ts";

/** Envelopes inside envelopes have been seen two deep; three bounds the loop. */
const MAX_ENVELOPES = 3;

/** `functions.read_file`, `readFile` and `read_file` all name the tool `read_file`. */
function namesTool(name: string, toolName: string | undefined): boolean {
  if (toolName === undefined || name.length > 256) return false;
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

/** An envelope unwraps when it names no tool or names this one. */
function innerOf(envelope: Envelope | undefined, toolName: string | undefined): JsonObject | undefined {
  if (envelope === undefined || (envelope.name !== undefined && !namesTool(envelope.name, toolName))) return undefined;
  return argumentsObject(envelope.arguments);
}

function unwrapOnce(record: JsonObject, declared: JsonObject | undefined, toolName: string | undefined): JsonObject | undefined {
  const isDeclared = (key: string): boolean => declared !== undefined && Object.hasOwn(declared, key);
  const inner = innerOf(readEnvelope(record, isDeclared), toolName);
  if (inner !== undefined) return inner;
  // multi_tool_use.parallel with one use; several uses are several calls (see expand-tool-call).
  const uses = readParallel(record, isDeclared);
  return uses?.length === 1 ? innerOf(uses[0], toolName) : undefined;
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
  purpose: "Take the arguments out of a {name|function|tool, arguments|parameters|args|input}, OpenAI-shaped or multi_tool_use envelope.",
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
