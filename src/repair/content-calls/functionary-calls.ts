/**
 * Functionary's calls: v3 writes `>>>get_time\n{"tz": "UTC"}`, calls one
 * right after another (and `>>>all\n` before text for the user); v2 writes
 * `<|from|>assistant\n<|recipient|>get_time\n<|content|>{"tz": "UTC"}`, then
 * `<|stop|>` or the next message; v2.5 writes v3's layout with its
 * tokenizer's separator token in place of `>>>` (`<|reserved_special_token_249|>`
 * on Llama 3, `<|placeholder6|>` on Phi-3, `<|function|>` on Qwen2), glued
 * to the text before it. The arguments are a JSON object, except for its
 * code interpreter: `>>>python\nprint(1)` is raw code, the `code` argument
 * of a tool named `python` (the tool must declare it). When the prompt
 * ended with `>>>`, the answer opens with the name: such raw code is read
 * there too, at the very start of the text.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { argumentsLineEnd, findJsonEnd, skipWhitespace } from "./scan.ts";
import { splitEndOfTurn } from "./end-of-turn.ts";

const FUNCTIONARY_V3 = ">>>";
/** v2.5's separator tokens, one per tokenizer: each opens a call as v3's `>>>` does. */
const FUNCTIONARY_SEPARATORS = ["<|reserved_special_token_249|>", "<|placeholder6|>", "<|function|>"];
/** The markers a name line follows (the recipient, then the arguments on the next line). */
const NAME_LINE_MARKERS = [FUNCTIONARY_V3, ...FUNCTIONARY_SEPARATORS];
export const FUNCTIONARY_RECIPIENT = "<|recipient|>";
export const FUNCTIONARY_FROM = "<|from|>";
/** The markers a Functionary call opens with, for the stream hold-back. */
export const FUNCTIONARY_MARKERS = [...NAME_LINE_MARKERS, FUNCTIONARY_RECIPIENT, FUNCTIONARY_FROM];
const CONTENT = "<|content|>";
const STOP = "<|stop|>";
/** The recipient that means "the user": the text channel, not a call. */
const TEXT_RECIPIENT = "all";
const MAX_NAME = 128;
/** A tool name's characters, as TOOL_NAME has them (raw-call.ts). */
const NAME_CHAR = /[\w.:-]/;
/** The tool v3 writes raw code to, and the argument the code is. */
export const FUNCTIONARY_CODE_TOOL = "python";
const CODE_ARGUMENT = "code";
/** The code tool's head at the start of an answer whose prompt wrote the `>>>`. */
export const FUNCTIONARY_CODE_HEAD = `${FUNCTIONARY_CODE_TOOL}\n`;
/** Where raw code ends: the next call's `>>>name` (or separator and name) and its line break (a doctest's `>>> ` has a space). */
const NEXT_V3_CALL = /(?:>>>|<\|reserved_special_token_249\|>|<\|placeholder6\|>|<\|function\|>)[\w.:-]+[ \t]*\r?\n/g;

/** The name-line marker (`>>>` or a v2.5 separator) at `at`, if one is there. */
export function nameLineMarkerAt(text: string, at: number): string | undefined {
  return NAME_LINE_MARKERS.find((marker) => text.startsWith(marker, at));
}

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

/**
 * The call's name at `at`: one of `names` (any identifier when `names` is undefined), in the
 * characters a tool name may hold (`get-time` and `get.time` as well as `get_time`).
 */
function callName(text: string, at: number, names: readonly string[] | undefined): { name: string; end: number } | "wait" | "no" {
  let end = at;
  while (end < text.length && end - at <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
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
  const nameLine = nameLineMarkerAt(text, at);
  const v3 = nameLine !== undefined;
  if (!v3 && text.startsWith(FUNCTIONARY_FROM, at)) {
    cursor = literal(text, skipWhitespace(text, cursor + FUNCTIONARY_FROM.length), "assistant");
    if (typeof cursor === "number") cursor = skipWhitespace(text, cursor);
  }
  if (typeof cursor === "number") cursor = v3 ? cursor + nameLine.length : literal(text, cursor, FUNCTIONARY_RECIPIENT);
  if (typeof cursor !== "number") return cursor;
  const name = callName(text, cursor, names);
  if (typeof name === "string") return name;
  cursor = v3 ? lineBreak(text, name.end) : literal(text, skipWhitespace(text, name.end), CONTENT);
  return typeof cursor === "number" ? { name: name.name, args: cursor } : cursor;
}

/** v3's raw code from `at` to the next call or the text's end (a stop token printed there is not code), as the code tool's `code`. */
function codeCall(content: string, at: number): { call: RawCall; end: number } | undefined {
  NEXT_V3_CALL.lastIndex = at;
  const next = NEXT_V3_CALL.exec(content);
  const end = next === null ? Math.max(at, splitEndOfTurn(content).body.length) : next.index;
  const code = content.slice(at, end).trimEnd();
  if (code.trim() === "") return undefined;
  return { call: { name: FUNCTIONARY_CODE_TOOL, arguments: { kind: "params", params: [[CODE_ARGUMENT, code]], declaredOnly: true, notXml: true } }, end };
}

/** One call from `at`: its name, its arguments and where it ends (a v2 `<|stop|>` included). */
function callAt(content: string, at: number): { call: RawCall; end: number } | undefined {
  const head = readFunctionaryHead(content, at);
  if (typeof head === "string") return undefined;
  const open = skipWhitespace(content, head.args);
  if (content[open] !== "{" && head.name === FUNCTIONARY_CODE_TOOL && nameLineMarkerAt(content, at) !== undefined) return codeCall(content, head.args);
  if (content[open] !== "{") return undefined;
  const close = findJsonEnd(content, open);
  // Unclosed arguments go to the pipeline as they are: it decides whether they were cut short.
  const end = close < 0 ? content.length : argumentsLineEnd(content, close);
  if (end === undefined) return undefined;
  const call: RawCall = { name: head.name, arguments: { kind: "text", text: content.slice(open, end) } };
  const after = skipWhitespace(content, end);
  return { call, end: content.startsWith(STOP, after) ? after + STOP.length : end };
}

/** Where the first Functionary call opens, a v2 header's `<|from|>` included. */
function firstCall(content: string): number {
  const found = FUNCTIONARY_MARKERS.map((marker) => content.indexOf(marker)).filter((at) => at >= 0);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** The Functionary calls in a row from the first marker; `undefined` when that first one is not a call. */
export function detectFunctionary(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let at = firstCall(content);
  const start = skipWhitespace(content, 0);
  // The prompt's `>>>` then the code tool's raw code, opening the answer.
  if (content.startsWith(FUNCTIONARY_CODE_HEAD, start) && content[skipWhitespace(content, start + FUNCTIONARY_CODE_HEAD.length)] !== "{") {
    const found = codeCall(content, start + FUNCTIONARY_CODE_HEAD.length);
    if (found === undefined) return undefined;
    calls.push(found.call);
    spans.push([start, found.end]);
    at = found.end < content.length ? found.end : -1;
  }
  if (at < 0) return calls.length > 0 ? { calls, spans } : undefined;
  while (calls.length <= MAX_CALLS) {
    const found = callAt(content, at);
    if (found === undefined) break;
    calls.push(found.call);
    spans.push([at, found.end]);
    at = skipWhitespace(content, found.end);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
