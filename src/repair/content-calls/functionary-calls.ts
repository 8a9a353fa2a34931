/**
 * Functionary's calls: v3 writes `>>>get_time\n{"tz": "UTC"}`, calls one
 * right after another (and `>>>all\n` before text for the user); v2 writes
 * `<|from|>assistant\n<|recipient|>get_time\n<|content|>{"tz": "UTC"}`, then
 * `<|stop|>` or the next message. The arguments are a JSON object.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";

export const FUNCTIONARY_V3 = ">>>";
export const FUNCTIONARY_RECIPIENT = "<|recipient|>";
export const FUNCTIONARY_FROM = "<|from|>";
/** The markers a Functionary call opens with, for the stream hold-back. */
export const FUNCTIONARY_MARKERS = [FUNCTIONARY_V3, FUNCTIONARY_RECIPIENT, FUNCTIONARY_FROM];
const CONTENT = "<|content|>";
const STOP = "<|stop|>";
/** The recipient that means "the user": the text channel, not a call. */
const TEXT_RECIPIENT = "all";
const MAX_NAME = 128;

type Read = number | "wait" | "no";

/** `literal` at `at`: the index past it, "wait" while the text ends inside it. */
function literal(text: string, at: number, expected: string): Read {
  const available = text.slice(at, at + expected.length);
  if (available === expected) return at + expected.length;
  return available.length < expected.length && expected.startsWith(available) ? "wait" : "no";
}

/** Spaces and tabs, then one line break: where the next line starts. */
function lineBreak(text: string, at: number): Read {
  let cursor = at;
  while (text[cursor] === " " || text[cursor] === "\t" || text[cursor] === "\r") cursor++;
  if (cursor >= text.length) return "wait";
  return text[cursor] === "\n" ? cursor + 1 : "no";
}

/** The call's name at `at`: one of `names` (any identifier when `names` is undefined). */
function callName(text: string, at: number, names: readonly string[] | undefined): { name: string; end: number } | "wait" | "no" {
  let end = at;
  while (end < text.length && end - at <= MAX_NAME && /\w/.test(text[end]!)) end++;
  const name = text.slice(at, end);
  if (end - at > MAX_NAME || name === TEXT_RECIPIENT) return "no";
  if (end >= text.length) return names === undefined || names.some((known) => known.startsWith(name)) ? "wait" : "no";
  if (name === "" || (names !== undefined && !names.includes(name))) return "no";
  return { name, end };
}

/**
 * A Functionary call's head at `at` (on `>>>`, `<|recipient|>` or `<|from|>`):
 * the name and where its JSON arguments may start; "wait" while the text
 * so far could still be one.
 */
export function readFunctionaryHead(text: string, at: number, names?: readonly string[]): { name: string; args: number } | "wait" | "no" {
  let cursor: Read = at;
  const v3 = text.startsWith(FUNCTIONARY_V3, at);
  if (!v3 && text.startsWith(FUNCTIONARY_FROM, at)) {
    cursor = literal(text, skipWhitespace(text, cursor + FUNCTIONARY_FROM.length), "assistant");
    if (typeof cursor === "number") cursor = skipWhitespace(text, cursor);
  }
  if (typeof cursor === "number") cursor = v3 ? cursor + FUNCTIONARY_V3.length : literal(text, cursor, FUNCTIONARY_RECIPIENT);
  if (typeof cursor !== "number") return cursor;
  const name = callName(text, cursor, names);
  if (typeof name === "string") return name;
  cursor = v3 ? lineBreak(text, name.end) : literal(text, skipWhitespace(text, name.end), CONTENT);
  return typeof cursor === "number" ? { name: name.name, args: cursor } : cursor;
}

/** One call from `at`: its name, its arguments and where it ends (a v2 `<|stop|>` included). */
function callAt(content: string, at: number): { call: RawCall; end: number } | undefined {
  const head = readFunctionaryHead(content, at);
  if (typeof head === "string") return undefined;
  const open = skipWhitespace(content, head.args);
  if (content[open] !== "{") return undefined;
  const close = findJsonEnd(content, open);
  // Unclosed arguments go to the pipeline as they are: it decides whether they were cut short.
  const end = close < 0 ? content.length : close;
  const call: RawCall = { name: head.name, arguments: { kind: "text", text: content.slice(open, end) } };
  const after = skipWhitespace(content, end);
  return { call, end: content.startsWith(STOP, after) ? after + STOP.length : end };
}

/** Where the first Functionary call opens, a v2 header's `<|from|>` included. */
function firstCall(content: string): number {
  const recipient = content.indexOf(FUNCTIONARY_RECIPIENT);
  const from = content.indexOf(FUNCTIONARY_FROM);
  const v3 = content.indexOf(FUNCTIONARY_V3);
  const found = [from, recipient, v3].filter((at) => at >= 0);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** The Functionary calls in a row from the first marker; `undefined` when that first one is not a call. */
export function detectFunctionary(content: string): Detection | undefined {
  let at = firstCall(content);
  if (at < 0) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  while (calls.length <= MAX_CALLS) {
    const found = callAt(content, at);
    if (found === undefined) break;
    calls.push(found.call);
    spans.push([at, found.end]);
    at = skipWhitespace(content, found.end);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
