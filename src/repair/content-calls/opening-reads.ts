/**
 * What the text at a position reads as, for a call that may open there:
 * the stateless readers of the call opening, each answering from the text
 * that has arrived so far ("wait" while more text could still decide).
 */
import { FENCE_INFOS, HARMONY_HEADER_LIMIT, INLINE_JSON_FENCE, JSON_FENCE_INFOS, HARMONY_TEXT_OPENINGS, KIMI_TEXT_OPENING, LINE_PAYLOAD_MARKERS, MARKER_FIRST_CHARS, MARKERS, markerAt } from "./call-markers.ts";
import { CALL_OBJECT_KEYS } from "./json-calls.ts";
import { skipWhitespace } from "./scan.ts";
import { CDATA_CLOSE, CDATA_OPEN } from "./cdata.ts";
import { CODE_LINE_OPENINGS, PYTHON_FENCE_INFOS } from "./code-calls.ts";
import { CONTINUE_TOOL_NAME } from "./continue-calls.ts";

/** What precedes the position: the start of the text, a newline, or anything else. */
export type LinePosition = "text-start" | "line-start" | "mid-line";

export const NAME_CHAR = /[\w.:-]/;
export const NAME_START = /[A-Za-z_]/;
export const MAX_NAME = 128;
/** Characters of a rule (`---`, `===`, `~~~`) that may frame a call in markup no reader knows. */
const GENERIC_RULE_CHARS = "-=~";

/** Fences of XML: a call's block when it holds only calls in one of the tag formats. */
export const XML_FENCE_INFOS = ["xml"];
/** An XML block ends at a fence opening a line: its calls' JSON values may hold ``` of their own. */
export const XML_FENCE_CLOSE = "\n```";
/** Fence infos a call's block may have: a call's own, or Python's and XML's (read strictly, see `readFenceBody`). */
const OPENING_FENCE_INFOS = [...FENCE_INFOS, ...PYTHON_FENCE_INFOS, ...XML_FENCE_INFOS];
const LONGEST_KEY = Math.max(...CALL_OBJECT_KEYS.map((key) => key.length));

/**
 * The characters a block may open with where no line opens (`mid-line`, whatever is before them): any other
 * character opens one only at a line's or the text's start. Lets a reader pass over most of a text's characters
 * without working out what is before them.
 */
export const MID_LINE_OPENING_CHARS: ReadonlySet<string> = new Set([...MARKER_FIRST_CHARS, "{", "[", ">", "A", "*", HARMONY_TEXT_OPENINGS[0][0]!, KIMI_TEXT_OPENING[0]!]);

/**
 * Whether a block may open at `at` at all: the cheap test run on every
 * character of a stream. `spaced`: two spaces or more are right before it;
 * `indented`: only a line's indentation is.
 */
export function mayOpenAt(text: string, at: number, line: LinePosition, spaced = false, afterRole = false, indented = false): boolean {
  if (line === "text-start") return true;
  const char = text[at]!;
  // ReAct's `Action:` label (or its bold) after a line's indentation (see indented-line.ts).
  if (indented && (char === "A" || char === "*")) return true;
  // Harmony's stripped header after its role word (`…assistantcommentary to=functions.…`).
  if (afterRole && char === HARMONY_TEXT_OPENINGS[0][0]) return true;
  // `>` opens only Functionary's `>>>`: a `>` before anything else (`->`, `> quote`) is text at once.
  if (char === ">") return at + 1 >= text.length || text[at + 1] === ">";
  if (MARKER_FIRST_CHARS.has(char) || char === "{" || char === "[") return true;
  // Kimi's stripped calls after prose and the spaces their tokens left (`take.   functions.read_file:0  {…}`).
  if (spaced && char === KIMI_TEXT_OPENING[0]) return true;
  // ReAct's labels in Markdown bold (`**Action:** name`) open a line with `*`; a rule (`--- CALL ---`) a call in unknown markup.
  return line === "line-start" && (NAME_START.test(char) || char === "*" || GENERIC_RULE_CHARS.includes(char));
}

/**
 * `{"name": …` at `open`: whether the object's first key is one a call object may have, or a declared tool's name
 * (`names`), the key of llama.cpp's name-as-key call with an id field, `{"get_weather": {"id": …, "args": {…}}}`.
 */
export function readCallKey(text: string, open: number, names: readonly string[] = []): "yes" | "wait" | "no" {
  const quoteAt = skipWhitespace(text, open + 1);
  if (quoteAt >= text.length) return "wait";
  const quote = text[quoteAt];
  if (quote !== '"' && quote !== "'") return "no";
  const closeAt = text.indexOf(quote, quoteAt + 1);
  const key = text.slice(quoteAt + 1, closeAt < 0 ? Math.min(text.length, quoteAt + 2 + Math.max(LONGEST_KEY, MAX_NAME)) : closeAt);
  const known = (list: readonly string[]): boolean => (closeAt < 0 ? list.some((name) => name.startsWith(key)) : list.includes(key));
  if (!known(CALL_OBJECT_KEYS) && !known(names)) return "no";
  if (closeAt < 0) return "wait";
  const colon = skipWhitespace(text, closeAt + 1);
  if (colon >= text.length) return "wait";
  return text[colon] === ":" ? "yes" : "no";
}

/**
 * Where the earliest of `closers` from `from` on ends, a closer inside a CDATA
 * section skipped (it is the section's text, `<![CDATA[see </invoke>]]>`):
 * `{ end }`, or `{ end: -1, from }` while none is there yet, `from` being
 * where to search again (the start of a section still open, whose closers
 * are not known yet).
 */
export function firstCloserEndOutsideCdata(text: string, from: number, closers: readonly string[]): { end: number; from?: number } {
  // Each closer's next place, looked for again only once a section is passed over it: each stretch is scanned once per closer.
  const next = closers.map((closer) => text.indexOf(closer, from));
  let at = from;
  for (;;) {
    const first = next.reduce((best, found, index) => (found >= 0 && (best < 0 || found < next[best]!) ? index : best), -1);
    const open = text.indexOf(CDATA_OPEN, at);
    if (first >= 0 && (open < 0 || next[first]! < open)) return { end: next[first]! + closers[first]!.length };
    if (open < 0) {
      // A section's opener cut at the end of the text may be one still being written: search again from it.
      const partial = partialOpenerAt(text, at);
      return partial < 0 ? { end: -1 } : { end: -1, from: partial };
    }
    const close = text.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
    if (close < 0) return { end: -1, from: open };
    at = close + CDATA_CLOSE.length;
    for (const [index, found] of next.entries()) if (found >= 0 && found < at) next[index] = text.indexOf(closers[index]!, at);
  }
}

/** Where a start of `<![CDATA[` cut at the end of `text` (after `from`) begins, or -1. */
function partialOpenerAt(text: string, from: number): number {
  for (let length = Math.min(CDATA_OPEN.length - 1, text.length - from); length > 0; length--) {
    if (CDATA_OPEN.startsWith(text.slice(text.length - length))) return text.length - length;
  }
  return -1;
}

/** Where the earliest of `closers` found from `from` on ends, or -1 when none is there yet. */
export function firstCloserEnd(text: string, from: number, closers: readonly string[]): number {
  let best = -1;
  let bestEnd = -1;
  for (const closer of closers) {
    const found = text.indexOf(closer, from);
    if (found >= 0 && (best < 0 || found < best)) [best, bestEnd] = [found, found + closer.length];
  }
  return bestEnd;
}

/** The info string after ```: nothing, `json`, `tool_call` or `tool_code` (maybe more words), then a newline; the body starts at `body`. */
export function readFenceInfo(text: string, at: number, inline = false): { readonly word: string; readonly body: number } | "wait" | "no" {
  // ```json {…} ``` on one line, opening its line (DeepSeek-Coder writes its call so): the object right after a JSON fence's word.
  const onLine = inline ? INLINE_JSON_FENCE.exec(text.slice(at, at + 40)) : null;
  if (onLine !== null && JSON_FENCE_INFOS.includes(onLine[1]!.toLowerCase())) return { word: onLine[1]!.toLowerCase(), body: at + onLine[0].length };
  const newline = text.indexOf("\n", at);
  const info = text.slice(at, newline < 0 ? text.length : newline);
  if (info.length > 32) return "no";
  // The first word names the language; more words may follow it (```json action).
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- `info` is 32 characters at most
  const word = /^[ \t]*([A-Za-z_]*)(?:[ \t]+[^\n`]*)?[ \t]*\r?$/.exec(info)?.[1]?.toLowerCase();
  if (word === undefined) return "no";
  if (newline < 0) return OPENING_FENCE_INFOS.some((known) => known.startsWith(word)) ? "wait" : "no";
  return OPENING_FENCE_INFOS.includes(word) ? { word, body: newline + 1 } : "no";
}

/** The body of a fence whose info is `word`, from `at`: where it starts when it may hold calls. */
export function readFenceBody(text: string, at: number, word: string): number | "wait" | "no" {
  const start = skipWhitespace(text, at);
  if (start >= text.length) return "wait";
  // A Python block holds calls only as `default_api.`'s: any other code in it is code.
  if (PYTHON_FENCE_INFOS.includes(word)) {
    const found = CODE_LINE_OPENINGS.map((opening) => markerAt(text, start, opening));
    return found.includes("yes") ? start : found.includes("wait") ? "wait" : "no";
  }
  // An XML block must open with a tag format's marker (`<tool_call>`, `<function=`, …), or with a
  // JSON call (Hermes models write ```xml around it too).
  if (XML_FENCE_INFOS.includes(word)) {
    if (text[start] === "{") return start;
    const found = readMarker(text, start, "line-start");
    return found === "wait" ? "wait" : found?.marker.startsWith("<") === true ? start : "no";
  }
  const char = text[start]!;
  // Continue's ```tool block opens with its `TOOL_NAME:` line, in any case.
  if (word === "tool" && (char === "T" || char === "t")) {
    const head = text.slice(start, start + CONTINUE_TOOL_NAME.length).toUpperCase();
    if (CONTINUE_TOOL_NAME.startsWith(head)) return head.length === CONTINUE_TOOL_NAME.length ? start : "wait";
  }
  // Gemma's ```tool_code holds `name(k=v)` calls.
  const codeCall = (word === "tool_code" || word === "tool_call") && NAME_START.test(char);
  return char === "{" || char === "[" || codeCall ? start : "no";
}

/** A Harmony header (`… to=functions.x …<|message|>`) from `at`: where the message starts. */
export function readHarmonyHeader(text: string, at: number): number | "wait" | "no" {
  const messageAt = text.indexOf("<|message|>", at);
  if (messageAt < 0 || messageAt - at > HARMONY_HEADER_LIMIT) return text.length - at > HARMONY_HEADER_LIMIT + 11 ? "no" : "wait";
  if (!text.slice(at, messageAt).includes("to=")) return "no";
  return messageAt + "<|message|>".length;
}

/** Mistral v13's `[CALL_ID]abc123[ARGS]` from `at` (after `[CALL_ID]`): where the arguments start. */
export function readCallId(text: string, at: number): number | "wait" | "no" {
  const argsAt = text.indexOf("[ARGS]", at);
  if (argsAt >= 0 && argsAt - at <= 64) return argsAt + "[ARGS]".length;
  return text.length - at > 64 + "[ARGS]".length ? "no" : "wait";
}

/**
 * Markers by their first `length` characters, in their lists' order: `readMarker` runs on every character that may
 * open a call, and where two characters have arrived only the markers they begin can be there (`<b` rules out the
 * `<tool_call>` family at once; every marker is longer than one character).
 */
function byPrefix(markers: readonly string[], length: 1 | 2): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  for (const marker of markers) map.set(marker.slice(0, length), [...(map.get(marker.slice(0, length)) ?? []), marker]);
  return map;
}
const MARKERS_BY_FIRST_CHAR = byPrefix(MARKERS, 1);
const LINE_PAYLOAD_MARKERS_BY_FIRST_CHAR = byPrefix(LINE_PAYLOAD_MARKERS, 1);
const MARKERS_BY_FIRST_TWO_CHARS = byPrefix(MARKERS, 2);
const LINE_PAYLOAD_MARKERS_BY_FIRST_TWO_CHARS = byPrefix(LINE_PAYLOAD_MARKERS, 2);

/** The call marker at `at`, if one is there; a line's own payload markers (`functools`) only where a line opens. */
export function readMarker(text: string, at: number, line: LinePosition): { readonly marker: string; readonly after: number; readonly linePayload: boolean } | "wait" | undefined {
  // Every marker may still begin where the text ends.
  if (at >= text.length) return "wait";
  let waiting = false;
  const two = at + 1 < text.length;
  const key = two ? text.slice(at, at + 2) : text[at]!;
  const lists = two ? [MARKERS_BY_FIRST_TWO_CHARS, LINE_PAYLOAD_MARKERS_BY_FIRST_TWO_CHARS] : [MARKERS_BY_FIRST_CHAR, LINE_PAYLOAD_MARKERS_BY_FIRST_CHAR];
  for (const byChar of line === "mid-line" ? lists.slice(0, 1) : lists) {
    const markers = byChar.get(key) ?? [];
    for (const marker of markers) {
      const found = markerAt(text, at, marker);
      if (found === "yes") return { marker, after: at + marker.length, linePayload: byChar === lists[1] };
      if (found === "wait") waiting = true;
    }
  }
  return waiting ? "wait" : undefined;
}
