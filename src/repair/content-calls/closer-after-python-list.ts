/**
 * A format's end token inside one of a pythonic list's strings
 * (`<|tool_call_start|>[note(text='<|tool_call_end|>')]<|tool_call_end|>`):
 * Python's quotes say where each string ends, so the token there closes
 * nothing when the list reads whole as written and one of `closers` follows
 * it (space between). The same rule as `closerAfterJson` for JSON payloads.
 */
import { readPythonCalls } from "./python-calls.ts";
import { skipWhitespace } from "./scan.ts";

/** The closer right after the list of calls at `start` (space skipped), when one of `closers` also stands inside the list. */
export function closerAfterPythonList(text: string, start: number, closers: readonly string[]): [number, string] | undefined {
  const at = skipWhitespace(text, start);
  if (text[at] !== "[") return undefined;
  const list = readPythonCalls(text, at);
  if (list === undefined) return undefined;
  const after = skipWhitespace(text, list.end);
  const closer = closers.find((candidate) => text.startsWith(candidate, after));
  if (closer === undefined || !closers.some((candidate) => text.slice(at, list.end).includes(candidate))) return undefined;
  return [after, closer];
}
