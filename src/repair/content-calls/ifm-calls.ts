/**
 * IFM's K2 (K2-Horizon): GLM's key/value tags under its `ifm|` prefix, in a
 * `<ifm|tool_calls>` section:
 * `<ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Tokyo</ifm|arg_value></ifm|tool_call>`,
 * an `<ifm|arg_type>…</ifm|arg_type>` between key and value at times. The
 * name is the text before the first key. Values are text, typed from the
 * tool's schema as GLM's are, or JSON when the call types them other than `string`. Its JSON form puts one JSON call in the call
 * tags instead (`<ifm|tool_call>{"name": …, "arguments": {…}}</ifm|tool_call>`).
 * A section opened and never closed is not read: more calls may have followed.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { detectBlocks, MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";
import { payloadAt } from "./marked-calls.ts";

export const IFM_SECTION: readonly [string, string] = ["<ifm|tool_calls>", "</ifm|tool_calls>"];
export const IFM_CALL: readonly [string, string] = ["<ifm|tool_call>", "</ifm|tool_call>"];
const KEY: readonly [string, string] = ["<ifm|arg_key>", "</ifm|arg_key>"];
const TYPE: readonly [string, string] = ["<ifm|arg_type>", "</ifm|arg_type>"];
const VALUE: readonly [string, string] = ["<ifm|arg_value>", "</ifm|arg_value>"];
const MAX_PARAMETERS = MAX_CALLS * 4;

/** The text of the element `[open, close]` at `at` and where it ends; `undefined` when it is not there or holds another tag of the format. */
function elementAt(body: string, at: number, [open, close]: readonly [string, string]): { text: string; end: number } | undefined {
  if (!body.startsWith(open, at)) return undefined;
  const end = body.indexOf(close, at + open.length);
  if (end < 0) return undefined;
  const text = body.slice(at + open.length, end);
  return text.includes("<ifm|") || text.includes("</ifm|") ? undefined : { text, end: end + close.length };
}

/** One call's body; `undefined` when its markup is broken or anything else sits in it. */
function readBody(body: string): readonly RawCall[] | undefined {
  const start = skipWhitespace(body, 0);
  if (body[start] === "{") {
    const payload = payloadAt(body, start);
    return payload !== undefined && payload.calls.length === 1 && skipWhitespace(body, payload.end) === body.length ? payload.calls : undefined;
  }
  const firstKey = body.indexOf(KEY[0]);
  const name = (firstKey < 0 ? body : body.slice(0, firstKey)).trim();
  if (!TOOL_NAME.test(name)) return undefined;
  const params: [string, string][] = [];
  const jsonKeys = new Set<string>();
  let position = firstKey < 0 ? body.length : firstKey;
  while (position < body.length) {
    const key = elementAt(body, position, KEY);
    if (key === undefined || key.text.trim() === "" || params.length >= MAX_PARAMETERS) return undefined;
    let next = skipWhitespace(body, key.end);
    const type = elementAt(body, next, TYPE);
    if (type !== undefined) next = skipWhitespace(body, type.end);
    const value = elementAt(body, next, VALUE);
    if (value === undefined) return undefined;
    params.push([key.text.trim(), value.text]);
    // A type written in the call other than `string` says the value is JSON (`integer` then `123` is 123, even where a string would do).
    if (type !== undefined && type.text.trim() !== "string") jsonKeys.add(key.text.trim());
    position = skipWhitespace(body, value.end);
  }
  return [{ name, arguments: jsonKeys.size === 0 ? { kind: "params", params, typesWritten: true } : { kind: "params", params, jsonKeys, typesWritten: true } }];
}

/** Every IFM call block (its section's tags go with them); `undefined` when a call or a section is unclosed, or a call broken. */
export function detectIfm(content: string): Detection | undefined {
  const found = detectBlocks(content, IFM_CALL, readBody);
  if (found === undefined) return undefined;
  const spans = [...found.spans];
  const [open, close] = IFM_SECTION;
  for (let at = content.indexOf(open); at >= 0; at = content.indexOf(open, at + 1)) {
    const closeAt = content.indexOf(close, at + open.length);
    const nextOpen = content.indexOf(open, at + open.length);
    if (closeAt < 0 || (nextOpen >= 0 && nextOpen < closeAt)) return undefined;
    spans.push([at, at + open.length], [closeAt, closeAt + close.length]);
  }
  return { calls: found.calls, spans };
}

/** Whether an IFM section opens in `text` before `at` and never closes: calls read inside it are a cut turn's. */
export function sectionLeftOpen(text: string, at: number): boolean {
  const opened = at === 0 ? -1 : text.lastIndexOf(IFM_SECTION[0], at - 1);
  return opened >= 0 && !text.includes(IFM_SECTION[1], opened);
}
