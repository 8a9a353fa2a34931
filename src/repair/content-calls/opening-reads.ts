/**
 * What the text at a position reads as, for a call that may open there:
 * the stateless readers of the call opening, each answering from the text
 * that has arrived so far ("wait" while more text could still decide).
 */
import { MARKER_FIRST_CHARS } from "./call-markers.ts";
import { CALL_OBJECT_KEYS } from "./json-calls.ts";
import { skipWhitespace } from "./scan.ts";

/** What precedes the position: the start of the text, a newline, or anything else. */
export type LinePosition = "text-start" | "line-start" | "mid-line";

export const NAME_CHAR = /[\w.:-]/;
export const NAME_START = /[A-Za-z_]/;
export const MAX_NAME = 128;

const LONGEST_KEY = Math.max(...CALL_OBJECT_KEYS.map((key) => key.length));

/** Whether a block may open at `at` at all: the cheap test run on every character of a stream. */
export function mayOpenAt(text: string, at: number, line: LinePosition): boolean {
  if (line === "text-start") return true;
  const char = text[at]!;
  if (MARKER_FIRST_CHARS.has(char) || char === "{" || char === "[") return true;
  return line === "line-start" && NAME_START.test(char);
}

/** `{"name": …` at `open`: whether the object's first key is one a call object may have. */
export function readCallKey(text: string, open: number): "yes" | "wait" | "no" {
  const quoteAt = skipWhitespace(text, open + 1);
  if (quoteAt >= text.length) return "wait";
  const quote = text[quoteAt];
  if (quote !== '"' && quote !== "'") return "no";
  const closeAt = text.indexOf(quote, quoteAt + 1);
  const key = text.slice(quoteAt + 1, closeAt < 0 ? Math.min(text.length, quoteAt + 2 + LONGEST_KEY) : closeAt);
  if (closeAt < 0) return CALL_OBJECT_KEYS.some((known) => known.startsWith(key)) ? "wait" : "no";
  if (!CALL_OBJECT_KEYS.includes(key)) return "no";
  const colon = skipWhitespace(text, closeAt + 1);
  if (colon >= text.length) return "wait";
  return text[colon] === ":" ? "yes" : "no";
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
