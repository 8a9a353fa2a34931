/**
 * A block whose closing tag stands inside one of its values closes nothing
 * there when the block goes on to close that value and then itself: the
 * first closer then leaves a value open (no complete call), the later one
 * a whole call, so the text reads one way only.
 *
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

const ARG_VALUE_OPEN = "<arg_value>";
const ARG_VALUE_CLOSE = "</arg_value>";
const ARG_KEY_OPEN = "<arg_key>";

/**
 * A GLM block whose first closer stands inside an `<arg_value>`
 * (`<tool_call>f<arg_key>a</arg_key><arg_value>x </tool_call> y</arg_value></tool_call>`):
 * the value goes on to its `</arg_value>`, and the block ends at the first
 * closer after it. Only when no pair's key and no other value opens in the
 * value's rest, and no block opens before that closer.
 */
export function closerInArgValueBlock(content: string, open: string, close: string, start: number): { body: string; start: number; end: number; closed: true } | undefined {
  const bodyStart = start + open.length;
  const first = content.indexOf(close, bodyStart);
  if (first < 0) return undefined;
  const before = content.slice(bodyStart, first);
  // Inside a value: a GLM body whose last value opened and did not close.
  const lastValue = before.lastIndexOf(ARG_VALUE_OPEN);
  if (!before.includes(ARG_KEY_OPEN) || lastValue < 0 || lastValue < before.lastIndexOf(ARG_VALUE_CLOSE)) return undefined;
  const valueEnd = content.indexOf(ARG_VALUE_CLOSE, first + close.length);
  if (valueEnd < 0) return undefined;
  const rest = content.slice(first + close.length, valueEnd);
  if (rest.includes(ARG_KEY_OPEN) || rest.includes(ARG_VALUE_OPEN) || rest.includes(open)) return undefined;
  const closeAt = content.indexOf(close, valueEnd);
  if (closeAt < 0 || content.slice(valueEnd, closeAt).includes(open)) return undefined;
  return { body: content.slice(bodyStart, closeAt), start, end: closeAt + close.length, closed: true };
}

/**
 * Whether `at` stands inside a GLM value opened after `from`, judged on the text before it only (a stream has no
 * more): the body is no JSON, holds a key, and its last value opened and did not close. A closer there is held over; the
 * block is read whole once a later closer comes.
 */
export function withinOpenArgValue(content: string, from: number, at: number): boolean {
  // A JSON body's closer is found past its strings already: tags inside them are the strings' text.
  if (/[{[]/.test(content[skipWhitespace(content, from)] ?? "")) return false;
  const before = content.slice(from, at);
  const lastValue = before.lastIndexOf(ARG_VALUE_OPEN);
  return before.includes(ARG_KEY_OPEN) && lastValue >= 0 && lastValue > before.lastIndexOf(ARG_VALUE_CLOSE);
}

/**
 * A bare `<function=…>` call whose first `</function>` stands inside a parameter value that the text goes on to
 * close, then the call (`<function=f><parameter=a>x </function> y</parameter></function>`): where its own
 * `</function>` starts. Closing at the first would leave the value's rest and both closers as words after the call.
 * Only when no other call opens before that closer; `undefined` otherwise.
 */
export function functionCloseAfterValue(content: string, start: number, first: number): number | undefined {
  if (!withinOpenParameter(content, start, first)) return undefined;
  const next = content.indexOf(FUNCTION_CLOSE, first + FUNCTION_CLOSE.length);
  if (next < 0) return undefined;
  const rest = content.slice(first + FUNCTION_CLOSE.length, next);
  return rest.includes(PARAMETER_CLOSE) && !rest.includes(FUNCTION_OPEN) ? next : undefined;
}

/** Whether `at` stands inside a Qwen3-Coder parameter value opened after `from` and not closed before `at`. */
export function withinOpenParameter(content: string, from: number, at: number): boolean {
  const before = content.slice(from, at);
  return before.lastIndexOf(PARAMETER_OPEN) > before.lastIndexOf(PARAMETER_CLOSE);
}
