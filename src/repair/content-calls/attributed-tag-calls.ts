/**
 * A `<tool_call>` element carrying the tool's name (and the call's id) as
 * attributes, its body the JSON arguments, as DeepSeek V4 sometimes writes
 * a call into content: `<tool_call id="call_00_x" name="get_weather">
 * {"city": "Paris"}</tool_call>`. Only `name` and `id` attributes, a body that
 * is one JSON object (or nothing), and the closer right after it; anything
 * else keeps the text as it is.
 */
import { callsFromJson } from "./json-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { detectEach, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { parseJsonAt, skipWhitespace } from "./scan.ts";

export const ATTRIBUTED_TOOL_CALL = "<tool_call ";
export const TOOL_CALL_CLOSE = "</tool_call>";
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
    if (content[cursor] === ">") return attributes.has("name") ? { attributes, end: cursor + 1 } : undefined;
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

/** The call of the element at `start`, and where it ends; `undefined` when it is not one. */
function elementAt(content: string, start: number): { call: RawCall; end: number } | undefined {
  const tag = attributesAt(content, start + ATTRIBUTED_TOOL_CALL.length);
  const name = tag?.attributes.get("name")?.trim() ?? "";
  if (tag === undefined || !TOOL_NAME.test(name)) return undefined;
  const bodyAt = skipWhitespace(content, tag.end);
  if (content.startsWith(TOOL_CALL_CLOSE, bodyAt)) return { call: { name, arguments: emptyArguments }, end: bodyAt + TOOL_CALL_CLOSE.length };
  if (content[bodyAt] !== "{") return undefined;
  const parsed = parseJsonAt(content, bodyAt);
  const closeAt = parsed === undefined ? -1 : skipWhitespace(content, parsed.end);
  if (parsed === undefined || !content.startsWith(TOOL_CALL_CLOSE, closeAt)) return undefined;
  // A whole call object in the body: its own name must be the attribute's, and its arguments are the call's.
  const inner = callsFromJson(parsed.value);
  if (inner !== undefined && (inner.length !== 1 || inner[0]!.name !== name)) return undefined;
  const call: RawCall = inner?.[0] ?? { name, arguments: { kind: "text", text: content.slice(bodyAt, parsed.end) } };
  return { call, end: closeAt + TOOL_CALL_CLOSE.length };
}

/** Every attributed `<tool_call …>` element; `undefined` when there is none, or one does not read. */
export function detectAttributedToolCalls(content: string): Detection | undefined {
  return detectEach(content, ATTRIBUTED_TOOL_CALL, elementAt);
}
