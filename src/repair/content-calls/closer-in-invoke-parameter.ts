/**
 * An invoke's closer inside one of its parameter values
 * (`<invoke name="note"><parameter name="text">x\n</invoke>\ny</parameter></invoke>`):
 * that closer stands between a `<parameter …>` and its `</parameter>`, and
 * the call goes on to close the value and then itself. It ends at the next
 * closer, as a Qwen3-Coder block does (closer-in-parameter.ts). Only when no
 * other invoke opens before that closer; otherwise the first closer stands.
 */

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
