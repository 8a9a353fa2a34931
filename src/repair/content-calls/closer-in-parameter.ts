/**
 * A Qwen3-Coder block whose closing tag stands inside one of its values
 * (`<tool_call><function=note><parameter=text>x </tool_call> y</parameter></function></tool_call>`):
 * that closer sits between a `<parameter=…>` and its `</parameter>`, and the
 * block goes on to close the value, its `</function>` and then the block
 * itself. It ends at the closer right after its `</function>`, as a JSON
 * body ends at the closer right after its value. Only for one call per block
 * (a `</function>` before that closer may end a call, and the closer may be
 * the block's), and only when the block does go on to that second closer.
 */
import { skipWhitespace } from "./scan.ts";

const FUNCTION_OPEN = "<function=";
const FUNCTION_CLOSE = "</function>";
const PARAMETER_OPEN = "<parameter=";
const PARAMETER_CLOSE = "</parameter";

/** The block from `start` (its `open` tag) to the closer after its `</function>`, when its first closer stands inside a value. */
export function closerInParameterBlock(content: string, open: string, close: string, start: number): { body: string; start: number; end: number; closed: true } | undefined {
  const bodyStart = start + open.length;
  if (!content.startsWith(FUNCTION_OPEN, skipWhitespace(content, bodyStart))) return undefined;
  const first = content.indexOf(close, bodyStart);
  if (first < 0) return undefined;
  const before = content.slice(bodyStart, first);
  // Inside a value: a parameter opened last and not closed, and the call not ended.
  if (before.includes(FUNCTION_CLOSE) || before.lastIndexOf(PARAMETER_OPEN) <= before.lastIndexOf(PARAMETER_CLOSE)) return undefined;
  const functionEnd = content.indexOf(FUNCTION_CLOSE, first + close.length);
  if (functionEnd < 0) return undefined;
  const closeAt = skipWhitespace(content, functionEnd + FUNCTION_CLOSE.length);
  if (!content.startsWith(close, closeAt)) return undefined;
  // The value's rest must close it before the call ends; another block opening in between is no value's text.
  const rest = content.slice(first + close.length, functionEnd);
  if (!rest.includes(PARAMETER_CLOSE) || rest.includes(open)) return undefined;
  return { body: content.slice(bodyStart, closeAt), start, end: closeAt + close.length, closed: true };
}
