/**
 * A list of calls written the JavaScript way, each call's one argument the
 * arguments object: `[read({"file_path": "a.py"})]`, `[a({…}), b({…})]`. The
 * bracketed form of `get_weather({"city": "Paris"})` (see `objectInParens` in
 * `code-calls.ts`), as vllm-mlx's auto parser reads it: a pythonic list whose
 * calls hold an object where keyword arguments go. Every item must be such a
 * call, with nothing but a comma between them; a positional value that is not
 * an object, or a call mixing keyword arguments in, is left to the pythonic
 * reader (which refuses it: its names would be a guess).
 */
import type { RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd, readName, skipWhitespace } from "./scan.ts";

/** The call at `at`, `name({…})`, and the index just past its `)`; `undefined` for anything else. */
function objectCallAt(text: string, at: number): { call: RawCall; end: number } | undefined {
  const name = readName(text, at);
  if (!TOOL_NAME.test(name)) return undefined;
  const open = at + name.length;
  if (text[open] !== "(") return undefined;
  const objectStart = skipWhitespace(text, open + 1);
  if (text[objectStart] !== "{") return undefined;
  const objectEnd = findJsonEnd(text, objectStart);
  if (objectEnd < 0) return undefined;
  const close = skipWhitespace(text, objectEnd);
  if (text[close] !== ")") return undefined;
  return { call: { name, arguments: { kind: "text", text: text.slice(objectStart, objectEnd) } }, end: close + 1 };
}

/** The list starting at `start` (its `[`), with the index just past its `]`; `undefined` when it is anything else. */
export function readObjectCallList(text: string, start: number): { calls: RawCall[]; end: number } | undefined {
  if (text[start] !== "[") return undefined;
  const calls: RawCall[] = [];
  let at = skipWhitespace(text, start + 1);
  while (calls.length < MAX_CALLS) {
    const read = objectCallAt(text, at);
    if (read === undefined) return undefined;
    calls.push(read.call);
    const next = skipWhitespace(text, read.end);
    if (text[next] === "]") return { calls, end: next + 1 };
    if (text[next] !== ",") return undefined;
    at = skipWhitespace(text, next + 1);
  }
  return undefined;
}
