/**
 * An invoke's closer inside one of its parameter values
 * (`<invoke name="note"><parameter name="text">x\n</invoke>\ny</parameter></invoke>`):
 * that closer stands between a `<parameter …>` and its `</parameter>`, and
 * the call goes on to close the value and then itself. It ends at the next
 * closer, as a Qwen3-Coder block does (closer-in-parameter.ts). Only when no
 * other invoke opens before that closer; otherwise the first closer stands.
 * The wrapper's closer inside a value (`<｜DSML｜parameter name="text">a
 * </｜DSML｜function_calls> b</｜DSML｜parameter>`) closes nothing either: the
 * value goes on and closes, and the block ends at the closer after it.
 */
import { skipWhitespace } from "./scan.ts";
import { MAX_CLOSERS } from "./closer-after-block-calls.ts";

/** Where the invoke opened at `tagEnd` (past its `>`) closes when its first `close` stands inside a value; else `undefined`. */
export function invokeCloseAfterValue(content: string, tagEnd: number, first: number, close: string, prefix: string, open: string): number | undefined {
  const parameterOpen = `<${prefix}parameter`;
  const parameterClose = `</${prefix}parameter>`;
  const before = content.slice(tagEnd, first);
  // Inside a value: a parameter opened last and not closed.
  if (before.lastIndexOf(parameterOpen) <= before.lastIndexOf(parameterClose)) return undefined;
  const next = content.indexOf(close, first + close.length);
  if (next < 0) return undefined;
  // The value's rest closes it before the call ends; another call opening in between is no value's text.
  const rest = content.slice(first + close.length, next);
  const valueEnd = rest.indexOf(parameterClose);
  if (valueEnd < 0 || rest.includes(open) || rest.slice(0, valueEnd).includes(parameterOpen)) return undefined;
  return next;
}

/**
 * Whether the markup at `at` (`length` long) stands inside a parameter value opened after `from` that the text goes
 * on to close, no other parameter or invoke opening first: then it is the value's text.
 */
export function insideParameterValue(content: string, from: number, at: number, length: number, prefix: string): boolean {
  const parameterOpen = `<${prefix}parameter`;
  const parameterClose = `</${prefix}parameter>`;
  const before = content.slice(from, at);
  if (before.lastIndexOf(parameterOpen) <= before.lastIndexOf(parameterClose)) return false;
  const valueEnd = content.indexOf(parameterClose, at + length);
  if (valueEnd < 0) return false;
  const rest = content.slice(at + length, valueEnd);
  return !rest.includes(parameterOpen) && !rest.includes(`<${prefix}invoke`);
}

/**
 * Whether `at` stands inside a parameter value opened after `from`, judged on the text before it only (a stream
 * has no more): a parameter opened last, not closed, and no invoke closed after it. A closer there is held over;
 * the block is read whole once a later closer comes.
 */
export function withinOpenValue(content: string, from: number, at: number, prefix: string): boolean {
  const before = content.slice(from, at);
  const lastOpen = before.lastIndexOf(`<${prefix}parameter`);
  return lastOpen > before.lastIndexOf(`</${prefix}parameter>`) && !before.includes(`</${prefix}invoke>`, lastOpen);
}

/**
 * Where a parameter value from `start` ends when its first closer (at `first`) is followed by words, not markup
 * (`<parameter name="text">a </parameter> b</parameter>`): closing there leaves words between two parameters, no
 * call, so the closer is the value's text and the value runs to the first later closer that `markupAt` says markup
 * (the next parameter, or the body's end) follows. A closer followed by space then `<` (a closer typed twice, or the
 * value's own text?) keeps `first`, and so does a value holding a parameter's `opening`. Else `first`.
 */
export function closerFollowedByWords(body: string, start: number, first: number, close: string, opening: string, markupAt: (at: number) => boolean): number {
  const afterFirst = skipWhitespace(body, first + close.length);
  if (afterFirst >= body.length || body[afterFirst] === "<") return first;
  for (let at = body.indexOf(close, afterFirst), tries = 0; at >= 0 && tries < MAX_CLOSERS; at = body.indexOf(close, at + close.length), tries++) {
    if (body.slice(start, at).includes(opening)) return first;
    if (markupAt(skipWhitespace(body, at + close.length))) return at;
  }
  return first;
}
