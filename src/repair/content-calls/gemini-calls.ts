/**
 * Gemini's own call syntax, leaked as text when a server or proxy does not
 * parse it: `<ctrl42>call:get_time{tz:<ctrl46>UTC<ctrl46>}<ctrl43>`, also
 * `call:default_api:get_time{…}` and `call:get_time{tz: "UTC"}` without the
 * control tokens (then opening a line). Keys are bare; strings sit between
 * `<ctrl46>` tokens (Gemini's quote) or plain quotes; calls come one after
 * another. The body is read as Gemma 4's is (`gemma-calls.ts`).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";
import { argumentsAt } from "./gemma-calls.ts";
import { stripNamespaces } from "../name-resolution.ts";

export const GEMINI_CALL = "call:";
/** The control token that ends one call: the call's own end, as `</tool_call>` is a tag's. */
export const GEMINI_CALL_END = "<ctrl43>";
/** Gemma 4's call token broken into a plain tag (seen with image inputs): `<call>get_weather{city:<|"|>Paris<|"|>}`. */
const FRAGMENT_CALL = "<call>";
/** The module Gemini's code environment puts the declared functions in, as its call syntax writes it. */
const NAMESPACE = "default_api:";
/** Gemini's string quote, and Gemma 4's (its call syntax is Gemini's: a server that strips Gemma's call tokens leaves its quotes). */
const QUOTE = "<ctrl46>";
const GEMMA_QUOTE = '<|"|>';
const CONTROL_OPEN = "<ctrl";
/** More control tokens in a row than this is not a call's framing. */
const MAX_CONTROLS = 8;
const MAX_NAME = 128;
/** `:` too: agents name tools `server:tool`. */
const NAME_CHAR = /[\w.:-]/;
/** What the arguments scanner stops at outside strings, and inside a `"` string. */
const BRACKET_STOP = /[{}[\]()"<]/g;
const STRING_STOP = /["\\]/g;

/**
 * The run of control tokens (`<ctrl95><ctrl42>`) at `at`: where it ends;
 * `"wait"` when the text ends inside one.
 */
export function controlsEnd(text: string, at: number): number | "wait" {
  let cursor = at;
  for (let count = 0; count < MAX_CONTROLS && text[cursor] === "<"; count++) {
    const head = text.slice(cursor, cursor + CONTROL_OPEN.length);
    if (head !== CONTROL_OPEN) return CONTROL_OPEN.startsWith(head) && cursor + head.length === text.length ? "wait" : cursor;
    let end = cursor + CONTROL_OPEN.length;
    while (end < text.length && end - cursor < CONTROL_OPEN.length + 3 && /\d/.test(text[end]!)) end++;
    if (end >= text.length) return "wait";
    if (text[end] !== ">" || end === cursor + CONTROL_OPEN.length) return cursor;
    cursor = end + 1;
  }
  return cursor;
}

/** `yes` when `text` holds `word` at `at`, `wait` when it ends inside it. */
function wordAt(text: string, at: number, word: string): "yes" | "wait" | "no" {
  const piece = text.slice(at, at + word.length);
  if (piece === word) return "yes";
  return at + piece.length === text.length && word.startsWith(piece) ? "wait" : "no";
}

/**
 * A call's head at `at`: control tokens (required unless `bare`), `call:`,
 * `default_api:` maybe, a name of `names`, then `{`. Where the `{` is, with
 * the name; `"wait"` while the text could still become one.
 */
export function readGeminiHead(text: string, at: number, names: readonly string[], bare: boolean): { readonly name: string; readonly open: number } | "wait" | "no" {
  const fragment = wordAt(text, at, FRAGMENT_CALL);
  if (fragment === "wait") return "wait";
  const afterControls = fragment === "yes" ? at : controlsEnd(text, at);
  if (afterControls === "wait") return "wait";
  if (afterControls === at && !bare && fragment !== "yes") return "no";
  const call = fragment === "yes" ? "yes" : wordAt(text, afterControls, GEMINI_CALL);
  if (call !== "yes") return call;
  let nameAt = afterControls + (fragment === "yes" ? FRAGMENT_CALL : GEMINI_CALL).length;
  const namespace = wordAt(text, nameAt, NAMESPACE);
  if (namespace === "wait") return "wait";
  if (namespace === "yes") nameAt += NAMESPACE.length;
  let end = nameAt;
  while (end < text.length && end - nameAt <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
  const name = text.slice(nameAt, end);
  const framed = fragment === "yes" || afterControls !== at;
  // While the name is written it may still become a declared one, or one under a namespace (`call:functions.`, `call:mcp:`).
  if (end >= text.length) return framed || !/[:.]/.test(name) || names.some((known) => known.startsWith(lastSegment(stripNamespaces(name)))) ? "wait" : "no";
  return declaredUnderNamespaces(name, names, framed) && text[end] === "{" ? { name, open: end } : "no";
}

const lastSegment = (name: string): string => name.slice(name.lastIndexOf(":") + 1);

/**
 * A declared name, or one under a namespace: one the engine knows (`functions.`, `default_api:`), or, between
 * Gemini's control tokens (`framed`), any joined with `:` (`mcp:create`), as Gemma's block reads it: the declared
 * name after them (the call's name, resolved later, says which when the whole name spells another declared tool).
 * A bare `call:` line is weaker evidence: `drive:create` there may be another server's tool.
 */
function declaredUnderNamespaces(name: string, names: readonly string[], framed: boolean): boolean {
  return names.includes(name) || names.includes(stripNamespaces(name)) || (framed && name.includes(":") && names.includes(lastSegment(name)));
}

/**
 * Where the arguments opening at a `{` close, fed the text in pieces (a
 * stream's deltas) or at once: the same brackets and strings as
 * `argumentsAt` reads, so that the stream stops where the extraction does.
 */
export class GeminiArgumentsScanner {
  #depth = 0;
  /** Inside a `<ctrl46>` (or Gemma's `<|"|>`) string, a `"` string, or neither. */
  #inside: "token" | "quote" | undefined;
  #token = QUOTE;
  #escaped = false;
  /** Where the next scan resumes. */
  resume = 0;

  /** Reads `text` from `from`; the index just past the closing bracket, or `-1` while open. */
  scan(text: string, from: number): number {
    let at = from;
    while (at < text.length) {
      if (this.#inside === "token") {
        const close = text.indexOf(this.#token, at);
        // A token cut at the end is searched again from its start.
        if (close < 0) return this.#wait(Math.max(at, text.length - this.#token.length + 1));
        [this.#inside, at] = [undefined, close + this.#token.length];
        continue;
      }
      if (this.#inside === "quote") {
        // Jumps to the next quote or backslash: a long string costs one native search, not a loop.
        if (this.#escaped) [this.#escaped, at] = [false, at + 1];
        STRING_STOP.lastIndex = at;
        const stop = STRING_STOP.exec(text);
        if (stop === null) return this.#wait(text.length);
        if (stop[0] === "\\") [this.#escaped, at] = [true, stop.index + 1];
        else [this.#inside, at] = [undefined, stop.index + 1];
        continue;
      }
      BRACKET_STOP.lastIndex = at;
      const stop = BRACKET_STOP.exec(text);
      if (stop === null) return this.#wait(text.length);
      at = stop.index;
      const char = stop[0];
      if (char === "<") {
        const quotes = [QUOTE, GEMMA_QUOTE].map((token) => wordAt(text, at, token));
        if (quotes.includes("wait")) return this.#wait(at);
        const token = quotes[0] === "yes" ? QUOTE : quotes[1] === "yes" ? GEMMA_QUOTE : undefined;
        if (token !== undefined) [this.#inside, this.#token, at] = ["token", token, at + token.length];
        else at++;
        continue;
      }
      if (char === '"') this.#inside = "quote";
      else if (char === "{" || char === "[" || char === "(") this.#depth++;
      else {
        this.#depth--;
        if (this.#depth === 0) return at + 1;
      }
      at++;
    }
    return this.#wait(text.length);
  }

  #wait(at: number): -1 {
    this.resume = at;
    return -1;
  }
}

/** The quote token the arguments from `at` use: Gemma's when one comes before any of Gemini's. */
function quoteOf(content: string, at: number): string {
  const gemma = content.indexOf(GEMMA_QUOTE, at);
  const gemini = content.indexOf(QUOTE, at);
  return gemma >= 0 && (gemini < 0 || gemma < gemini) ? GEMMA_QUOTE : QUOTE;
}

/** Whether the line from `at` holds nothing more. */
function restOfLineBlank(text: string, at: number): boolean {
  const newline = text.indexOf("\n", at);
  return text.slice(at, newline < 0 ? text.length : newline).trim() === "";
}

/**
 * Gemini calls the content opens with, one after another (spaces or lines
 * between them), the control tokens around them going with them. A bare call
 * (no control token before it and after it) that prose follows on its line is a
 * mention, not a call; one between its control tokens is framed as a tag is, and
 * the prose after it is the answer's text.
 */
export function detectGeminiCalls(content: string): Detection | undefined {
  const start = skipWhitespace(content, 0);
  if (!content.startsWith(CONTROL_OPEN, start) && !content.startsWith(GEMINI_CALL, start) && !content.startsWith(FRAGMENT_CALL, start)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let cursor = start;
  while (calls.length <= MAX_CALLS) {
    const open = headOpen(content, cursor);
    if (open === undefined) return calls.length === 0 ? undefined : { calls, spans };
    const args = argumentsAt(content, open.at, quoteOf(content, open.at));
    if (args === undefined) return undefined;
    const end = controlsEnd(content, args.end);
    const after = end === "wait" ? content.length : end;
    const framed = content.startsWith(CONTROL_OPEN, start) && end !== "wait" && end > args.end;
    calls.push({ name: open.name, arguments: { kind: "text", text: args.text } });
    spans.push([cursor, after]);
    const next = skipWhitespace(content, after);
    if (headOpen(content, next) !== undefined) {
      cursor = next;
      continue;
    }
    if (!framed && !restOfLineBlank(content, after)) return undefined;
    break;
  }
  return calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** The head of a call at `at` for any name: the name as written and where its `{` is. */
function headOpen(content: string, at: number): { name: string; at: number } | undefined {
  const fragment = content.startsWith(FRAGMENT_CALL, at);
  const afterControls = fragment ? at : controlsEnd(content, at);
  if (afterControls === "wait" || (!fragment && !content.startsWith(GEMINI_CALL, afterControls))) return undefined;
  let nameAt = afterControls + (fragment ? FRAGMENT_CALL : GEMINI_CALL).length;
  if (content.startsWith(NAMESPACE, nameAt)) nameAt += NAMESPACE.length;
  let end = nameAt;
  while (end < content.length && end - nameAt <= MAX_NAME && NAME_CHAR.test(content[end]!)) end++;
  return end > nameAt && content[end] === "{" ? { name: content.slice(nameAt, end), at: end } : undefined;
}
