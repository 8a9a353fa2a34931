/**
 * What whitespace at the edges of a value written between tags belongs to the
 * value: what the format's template and its own parsers agree on. The
 * templates write a value inline (GLM's `<arg_value>v</arg_value>`, MiniMax's
 * and DSML's `<parameter name="k">v</parameter>`) or between one line break
 * either side (Qwen3-Coder's `<parameter=k>\nv\n</parameter>`). GLM's,
 * MiniMax's and DeepSeek's parsers strip every space and break around a value,
 * Qwen3-Coder's one line break either side, Claude's namespaced markup
 * nothing. Where template and parser agree there is one reading: the
 * template's own layout is layout, and the spaces a Qwen3-Coder value keeps
 * inside its breaks are the value's. Where they disagree a string reads two
 * ways, and the call is not read:
 *
 * - GLM, MiniMax, DSML: a one-line value with space or a line break on both
 *   sides (`  Paris  `, `\n\tParis\r\n`): the parsers' `Paris`, or the text as written;
 * - Qwen3-Coder: a line break on one side only (`<parameter=c>def f():\n    pass\n</parameter>`):
 *   half of the template's layout, or the value's own last (or first) break;
 *   and a value written inline, no break at either edge, with space on both
 *   sides (`<parameter=q>  Paris  </parameter>`): vLLM's parser keeps the
 *   spaces, SGLang's trims them.
 *
 * Space on one side of an inline value (indented code, a trailing space) and
 * the edges of a value of several lines are kept as written. A number or a
 * boolean is typed all the same (see `openText` in raw-call.ts: only a
 * property that takes no string reads a value listed there).
 */
import { CDATA_OPEN } from "./cdata.ts";

/** A one-line value with space or a line break on both sides. */
export function paddedLine(text: string): boolean {
  const inner = text.trim();
  return inner !== "" && /^\s/.test(text) && /\s$/.test(text) && !/[\r\n]/.test(inner) && !inner.startsWith(CDATA_OPEN);
}

/** The keys whose inline values are padded on both sides. */
export function paddedKeys(params: readonly (readonly [string, string])[]): string[] {
  return params.filter(([, value]) => paddedLine(value)).map(([key]) => key);
}

/** A Qwen3-Coder value written inline (no line break in it) with space on both sides. */
export function paddedInline(written: string): boolean {
  return !/[\r\n]/.test(written) && paddedLine(written);
}

/** A Qwen3-Coder value as written with a line break at one edge and none at the other. */
export function oneSidedBreak(written: string): boolean {
  return /^\r?\n/.test(written) !== /\r?\n$/.test(written);
}
