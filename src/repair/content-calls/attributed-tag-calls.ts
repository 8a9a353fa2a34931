/**
 * A `<tool_call>` (or `<tool_use>`) element carrying the tool's name (and the call's id) as
 * attributes, its body the JSON arguments, as DeepSeek V4 sometimes writes
 * a call into content: `<tool_call id="call_00_x" name="get_weather">
 * {"city": "Paris"}</tool_call>`; or carrying only the call's id, its body a
 * whole JSON call (`<tool_call id="call_1">{"name": …, "arguments": …}`: the
 * id names the call, the body says the rest). Only `name` and `id`
 * attributes, a body that is one JSON object (or nothing, with a name), and
 * the closer right after it; anything else keeps the text as it is.
 */
import { callsFromJson } from "./json-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { detectEach, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { parseJsonAt, skipWhitespace } from "./scan.ts";

export const ATTRIBUTED_TOOL_CALL = "<tool_call ";
export const TOOL_CALL_CLOSE = "</tool_call>";
/** Anthropic's tag, whose calls carry a `toolu_…` id: `<tool_use id="toolu_01">{"name": …, "input": {…}}</tool_use>`. */
export const ATTRIBUTED_TOOL_USE = "<tool_use ";
export const TOOL_USE_CLOSE = "</tool_use>";
const ATTRIBUTES = new Set(["name", "id"]);
/** A start tag longer than this is no call's. */
const MAX_START_TAG = 512;

/** The attributes of the start tag whose name ends at `at`, and where the tag ends; `undefined` when it is not one of ours. */
function attributesAt(content: string, at: number): { attributes: Map<string, string>; end: number } | undefined {
  const attributes = new Map<string, string>();
  let cursor = at;
  const limit = Math.min(content.length, at + MAX_START_TAG);
  while (cursor < limit) {
    cursor = skipWhitespace(content, cursor);
    if (content[cursor] === ">") return attributes.has("name") || attributes.has("id") ? { attributes, end: cursor + 1 } : undefined;
    let keyEnd = cursor;
    while (keyEnd < limit && /[A-Za-z_]/.test(content[keyEnd]!)) keyEnd++;
    const key = content.slice(cursor, keyEnd);
    const quote = content[keyEnd + 1];
    if (!ATTRIBUTES.has(key) || attributes.has(key) || content[keyEnd] !== "=" || (quote !== '"' && quote !== "'")) return undefined;
    const close = content.indexOf(quote, keyEnd + 2);
    if (close < 0 || close >= limit) return undefined;
    attributes.set(key, content.slice(keyEnd + 2, close));
    cursor = close + 1;
  }
  return undefined;
}

/** The call of the element opened with `open` at `start`, and where it ends at `close`; `undefined` when it is not one. */
function elementAt(content: string, start: number, open: string, close: string): { call: RawCall; end: number } | undefined {
  const tag = attributesAt(content, start + open.length);
  if (tag === undefined) return undefined;
  // With only the call's id (`<tool_call id="call_1">`), the body must be a whole call naming the tool itself.
  const named = tag.attributes.has("name");
  const name = tag.attributes.get("name")?.trim() ?? "";
  if (named && !TOOL_NAME.test(name)) return undefined;
  const bodyAt = skipWhitespace(content, tag.end);
  if (named && content.startsWith(close, bodyAt)) return { call: { name, arguments: emptyArguments }, end: bodyAt + close.length };
  if (content[bodyAt] !== "{") return undefined;
  const parsed = parseJsonAt(content, bodyAt);
  const closeAt = parsed === undefined ? -1 : skipWhitespace(content, parsed.end);
  if (parsed === undefined || !content.startsWith(close, closeAt)) return undefined;
  // A whole call object in the body: its own name must be the attribute's, and its arguments are the call's.
  const inner = callsFromJson(parsed.value);
  if (!named && inner?.length !== 1) return undefined;
  // A body that reads as a call of another tool may be the named tool's own arguments holding a `name` (a skill's, a
  // file's): so read only when the tool declares each of its keys (see `declaredKeysOnly`).
  if (named && inner !== undefined && (inner.length !== 1 || inner[0]!.name !== name)) {
    return { call: { name, arguments: { kind: "json", value: parsed.value }, declaredKeysOnly: true }, end: closeAt + close.length };
  }
  const call: RawCall = inner?.[0] ?? { name, arguments: { kind: "text", text: content.slice(bodyAt, parsed.end) } };
  return { call, end: closeAt + close.length };
}

/** Every attributed `<tool_call …>` element; `undefined` when there is none, or one does not read. */
export function detectAttributedToolCalls(content: string): Detection | undefined {
  return (
    detectEach(content, ATTRIBUTED_TOOL_CALL, (text, start) => elementAt(text, start, ATTRIBUTED_TOOL_CALL, TOOL_CALL_CLOSE)) ??
    detectEach(content, ATTRIBUTED_TOOL_USE, (text, start) => elementAt(text, start, ATTRIBUTED_TOOL_USE, TOOL_USE_CLOSE))
  );
}
