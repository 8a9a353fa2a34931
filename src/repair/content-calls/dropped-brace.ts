/**
 * A JSON call inside a closed tag block with its last brace dropped: the
 * model closed the arguments object and stopped, `<tool_call>{"name": "ls",
 * "arguments": {"path": "."}</tool_call>`. The closing tag says the call was
 * not cut; the missing brace is the outer object's or the arguments' (both
 * end where the body ends), and either reading gives the same value. Only
 * one brace, only after a closed object, only when the result is one call:
 * anything else in doubt stays text.
 */
import { parseKeepingNumbers } from "../../json.ts";
import { callsFromJson } from "./json-calls.ts";
import type { RawCall } from "./raw-call.ts";
import { BracketScanner } from "./scan.ts";

/** The one call a closed block's body spells once its dropped last brace is put back, or `undefined`. */
export function callMissingLastBrace(body: string): RawCall[] | undefined {
  const trimmed = body.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return undefined;
  // Exactly one bracket still open at the end, outside any string.
  const scanner = new BracketScanner();
  if (scanner.scan(trimmed, 0) >= 0 || scanner.inString || scanner.depth !== 1) return undefined;
  let value: unknown;
  try {
    value = parseKeepingNumbers(`${trimmed}}`);
  } catch {
    return undefined;
  }
  const calls = callsFromJson(value);
  return calls?.length === 1 ? calls : undefined;
}
