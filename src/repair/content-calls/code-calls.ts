/**
 * Calls written as Python statements, as Gemma 3 and Gemini write them when
 * their tools are shown as a Python API: `print(default_api.get_time(tz="UTC"))`,
 * `default_api.get_time(tz="UTC")` or `get_time(tz="UTC")`, one a line (or `;`
 * apart), in a ```tool_code block, in a ```python block (`default_api.` calls
 * only: any other Python there is code) or opening a line (`default_api.` only).
 */
import { readPythonCalls } from "./python-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";

/** The module Gemini's code environment puts the declared functions in. */
export const DEFAULT_API = "default_api.";
/** How a statement printing a call opens: the hold-back waits on it opening a line. */
export const PRINT_OPEN = "print(";
/** What a line of `default_api.` calls opens with. */
export const CODE_LINE_OPENINGS = [`${PRINT_OPEN}${DEFAULT_API}`, DEFAULT_API];
/** Fence infos of Python blocks: their calls count only when every one is `default_api.`'s. */
export const PYTHON_FENCE_INFOS = ["python", "py"];
/** Fences holding Python calls: a fence inside one of their strings is no closer, the one on a line of its own is. */
export const CODE_FENCE_INFOS = ["tool_code", "tool_call", ...PYTHON_FENCE_INFOS];
/** A fence opening its own line. */
export const FENCE_LINE = "\n```";

/** `print` then `(` at `at` (spaces between them): where the printed expression starts. */
function printedAt(text: string, at: number): number | undefined {
  if (!text.startsWith("print", at)) return undefined;
  const open = skipWhitespace(text, at + "print".length);
  return text[open] === "(" ? skipWhitespace(text, open + 1) : undefined;
}

/** One statement at `start`: a call or a list of calls, either of them printed. */
function statementAt(text: string, start: number, apiOnly: boolean, unquotedAfterColon: boolean): { calls: RawCall[]; end: number } | undefined {
  const printed = printedAt(text, start);
  const cursor = printed ?? start;
  const read = text[cursor] === "[" ? readPythonCalls(text, cursor) : readPythonCalls(text, cursor, false, unquotedAfterColon);
  if (read === undefined) return undefined;
  if (apiOnly && !read.calls.every((call) => call.name.startsWith(DEFAULT_API))) return undefined;
  if (printed === undefined) return read;
  const close = skipWhitespace(text, read.end);
  return text[close] === ")" ? { calls: read.calls, end: close + 1 } : undefined;
}

/**
 * A code block's body read as call statements and nothing else (a line or
 * `;` between them); `undefined` when anything in it is not one.
 * `apiOnly`: every call must be `default_api.`'s (a ```python block).
 * `unquotedAfterColon`: the block is call markup (a call tag's body, a ```tool_call fence), where
 * `name(key: Paris)` is a call and its unquoted words a value.
 */
export function readCodeCalls(body: string, apiOnly: boolean, unquotedAfterColon = false): RawCall[] | undefined {
  const calls: RawCall[] = [];
  let cursor = skipWhitespace(body, 0);
  while (cursor < body.length && calls.length <= MAX_CALLS) {
    const statement = statementAt(body, cursor, apiOnly, unquotedAfterColon);
    if (statement === undefined) return undefined;
    calls.push(...statement.calls);
    cursor = skipWhitespace(body, statement.end);
    if (body[cursor] === ";") cursor = skipWhitespace(body, cursor + 1);
  }
  return calls.length === 0 || calls.length > MAX_CALLS ? undefined : calls;
}

/** The end of the line `at` is on (its newline's index, or the text's end). */
function lineEnd(text: string, at: number): number {
  const newline = text.indexOf("\n", at);
  return newline < 0 ? text.length : newline;
}

/**
 * Content opening with `default_api.` call statements, each alone on its
 * line (printed or not), one line after another: a Gemini answer without its
 * code fence. The statements end at the first line that is not one.
 */
export function detectCodeLines(content: string): Detection | undefined {
  const start = skipWhitespace(content, 0);
  if (!CODE_LINE_OPENINGS.some((opening) => content.startsWith(opening, start))) return undefined;
  const calls: RawCall[] = [];
  let cursor = start;
  let end = start;
  while (cursor < content.length && calls.length <= MAX_CALLS) {
    const statement = statementAt(content, cursor, true, false);
    // A call that goes on after it on its line (`default_api.f() returns…`) is prose.
    if (statement === undefined || content.slice(statement.end, lineEnd(content, statement.end)).trim() !== "") break;
    calls.push(...statement.calls);
    end = statement.end;
    cursor = skipWhitespace(content, end);
  }
  return calls.length === 0 || calls.length > MAX_CALLS ? undefined : { calls, spans: [[start, end]] };
}

/**
 * `get_weather({"city": "Paris"})`: the arguments object as the call's one
 * argument, as a JavaScript call or a regex-configured server reads it
 * (LocalAI's `(?P<name>\w+)\s*\((?P<arguments>.*)\)`). Only one object, and
 * nothing else, between the parentheses.
 */
export function objectInParens(content: string, name: string, open: number): { calls: RawCall[]; end: number } | undefined {
  const objectStart = skipWhitespace(content, open + 1);
  if (content[objectStart] !== "{") return undefined;
  const objectEnd = findJsonEnd(content, objectStart);
  if (objectEnd < 0) return undefined;
  const close = skipWhitespace(content, objectEnd);
  if (content[close] !== ")") return undefined;
  return { calls: [{ name, arguments: { kind: "text", text: content.slice(objectStart, objectEnd) } }], end: close + 1 };
}
