/**
 * Kimi K2 calls with their special tokens stripped, as a server decoding
 * with `skip_special_tokens` leaves them:
 * `<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"path": "TODO.md"}<|tool_call_end|>…`
 * reaches the content as `functions.read_file:0  {"path": "TODO.md"}`, the
 * calls one after another on the line, often after the turn's prose. Only
 * the call id marks a call then (the `functions.` namespace, a declared
 * name, `:` and an index, a JSON object a few spaces on), so the calls must
 * end their line, or, where they stand inside no sentence (opening a line, after
 * a sentence's end or the tokens' spaces: the stream hold-back checks where), be
 * followed by the next sentence: `Checking. functions.ping:0{…} Request sent.`;
 * `functions.exec:0 {…} is the form` is prose. llama-cpp-python's
 * `chatml-function-calling` prompt asks for the same id without its index and
 * the object on the next line: `functions.read_file:\n{"path": "TODO.md"}`.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { KIMI_TEXT_OPENING, markerAt } from "./call-markers.ts";
import { onlyEndOfTurn } from "./end-of-turn.ts";
import { findJsonEnd, skipSpaces, skipWhitespace } from "./scan.ts";

/** Where the line holding `at` ends. */
function lineEndAt(content: string, at: number): number {
  const newline = content.indexOf("\n", at);
  return newline < 0 ? content.length : newline;
}

/** The spaces a stripped `<|tool_call_argument_begin|>` leaves; farther away, the object is not the call's. */
const MAX_GAP = 8;
/** After prose on its line, a call is read only where the stripped tokens left their spaces. */
export const MIN_SPACES_AFTER_PROSE = 2;

/**
 * `functions.name:0` then spaces and `{`, from `at`: the name and where the
 * object starts. With `names`, the name must be one of them and "wait" says
 * the text so far could still be such a call; without, the text is whole.
 */
export function readKimiTextHead(text: string, at: number, names?: readonly string[]): { name: string; args: number } | "wait" | "no" {
  const more = names === undefined ? "no" : "wait";
  const opening = markerAt(text, at, KIMI_TEXT_OPENING);
  if (opening !== "yes") return opening === "wait" ? more : "no";
  const start = at + KIMI_TEXT_OPENING.length;
  let cursor = start;
  while (cursor < text.length && /[\w-]/.test(text[cursor]!)) cursor++;
  const name = text.slice(start, cursor);
  if (cursor >= text.length) return names?.some((known) => known.startsWith(name)) === true ? "wait" : "no";
  if (names === undefined ? !TOOL_NAME.test(name) : !names.includes(name)) return "no";
  if (text[cursor] !== ":") return "no";
  const digits = ++cursor;
  while (cursor < text.length && /\d/.test(text[cursor]!)) cursor++;
  if (cursor >= text.length) return more;
  if (cursor === digits) return nextLineArgs(text, cursor, name, more);
  const args = skipSpaces(text, cursor);
  if (args >= text.length) return args - cursor > MAX_GAP ? "no" : more;
  return text[args] === "{" && args - cursor <= MAX_GAP ? { name, args } : "no";
}

/**
 * llama-cpp-python's `chatml-function-calling` form, `functions.name:` with no
 * index and the JSON object on the next line: where the object starts.
 */
function nextLineArgs(text: string, colonEnd: number, name: string, more: "wait" | "no"): { name: string; args: number } | "wait" | "no" {
  let cursor = skipSpaces(text, colonEnd);
  if (text[cursor] === "\r") cursor++;
  if (cursor >= text.length) return more;
  if (text[cursor] !== "\n") return "no";
  const args = skipSpaces(text, cursor + 1);
  if (args >= text.length) return more;
  return text[args] === "{" ? { name, args } : "no";
}

/** A sentence's first letter: a capital, or a letter of a script without case (`请稍等`), glued to the call or not. */
const SENTENCE_START = /^[ \t]+\p{Lu}|^[ \t]*\p{Lo}/u;

/** Whether the next sentence opens at `at` (right after a call), on the call's line: not a lowercase word going on with it. */
export function opensSentence(text: string, at: number): boolean {
  return SENTENCE_START.test(text.slice(at, at + 64));
}

/**
 * The calls `content` opens with (spaces before them aside), back to back
 * on a line or on the lines that follow; the last must end its line.
 */
export function detectKimiText(content: string): Detection | undefined {
  let at = skipWhitespace(content, 0);
  if (!content.startsWith(KIMI_TEXT_OPENING, at)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  while (calls.length <= MAX_CALLS) {
    const head = readKimiTextHead(content, at);
    if (typeof head === "string") return undefined;
    const end = findJsonEnd(content, head.args);
    if (end < 0) return undefined;
    calls.push({ name: head.name, arguments: { kind: "text", text: content.slice(head.args, end) } });
    spans.push([at, end]);
    const next = skipSpaces(content, end);
    // A stop token the server printed after the last call (`<|im_end|>`) ends its line as a break does.
    if (content[next] === "<" && onlyEndOfTurn(content.slice(next, lineEndAt(content, next))) === "yes") break;
    if (next < content.length && content[next] !== "\n" && content[next] !== "\r") {
      // On the call's line only another call may follow it, or the next sentence (see `opensSentence`).
      if (opensSentence(content, end)) break;
      if (!content.startsWith(KIMI_TEXT_OPENING, next)) return undefined;
      at = next;
      continue;
    }
    const below = skipWhitespace(content, next);
    if (typeof readKimiTextHead(content, below) === "string") break;
    at = below;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
