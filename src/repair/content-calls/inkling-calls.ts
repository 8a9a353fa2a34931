/**
 * Inkling's typed blocks, each between its special tokens: a call is
 * `<|message_model|>get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {…}}<|end_message|>`,
 * the tool's name in the message header and again in the JSON, which is one
 * call object. A header naming another tool, or anything but one JSON call
 * in the block, keeps the text as it is. The block's end token may be
 * missing when the answer ends right after the JSON, and a block kind's
 * token may stray before it.
 */
import { callsFromJson } from "./json-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { parseJsonAt, skipWhitespace } from "./scan.ts";

export const INKLING_INVOKE = "<|content_invoke_tool_json|>";
/** Tokens that end a block. */
export const INKLING_ENDS = ["<|end_message|>", "<|content_model_end_sampling|>"];
export const INKLING_MESSAGE = "<|message_model|>";
/** Block kinds a model may leave before a call block's end. */
const STRAY_KINDS = ["<|content_thinking|>", "<|content_text|>"];
/** A header longer than this is no tool's name. */
const MAX_HEADER = 128;

/** The `<|message_model|>name` header right before `at`: where it starts and the name; `undefined` when there is none. */
function headerBefore(content: string, at: number): { start: number; name: string } | undefined {
  const start = content.lastIndexOf(INKLING_MESSAGE, at);
  if (start < 0 || at - start - INKLING_MESSAGE.length > MAX_HEADER) return undefined;
  const name = content.slice(start + INKLING_MESSAGE.length, at);
  return name === "" || TOOL_NAME.test(name) ? { start, name } : undefined;
}

/** Every Inkling call block; `undefined` when there is none, or one is broken. */
export function detectInkling(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let at = content.indexOf(INKLING_INVOKE); at >= 0 && calls.length <= MAX_CALLS; at = content.indexOf(INKLING_INVOKE, at + 1)) {
    const parsed = parseJsonAt(content, skipWhitespace(content, at + INKLING_INVOKE.length));
    const found = parsed === undefined ? undefined : callsFromJson(parsed.value);
    if (parsed === undefined || found?.length !== 1) return undefined;
    const header = headerBefore(content, at);
    if (header !== undefined && header.name !== "" && header.name !== found[0]!.name) return undefined;
    let after = skipWhitespace(content, parsed.end);
    // A content-kind token left between the JSON and the block's end goes with the markup.
    const stray = STRAY_KINDS.find((token) => content.startsWith(token, after));
    if (stray !== undefined && INKLING_ENDS.some((token) => content.startsWith(token, after + stray.length))) after += stray.length;
    const end = INKLING_ENDS.find((token) => content.startsWith(token, after));
    if (end === undefined && after < content.length) return undefined;
    calls.push(found[0]!);
    spans.push([header?.start ?? at, end === undefined ? after : after + end.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/**
 * Whether a reading at `at` would take an Inkling block apart: a call block
 * whose message header (naming a tool) did not read with it, or the JSON
 * inside a call block that did not read as one.
 */
export function headerLeftBehind(text: string, at: number): boolean {
  if (text.startsWith(INKLING_INVOKE, at)) return (headerBefore(text, at)?.name ?? "") !== "";
  return text.slice(Math.max(0, at - INKLING_INVOKE.length - MAX_HEADER), at).trimEnd().endsWith(INKLING_INVOKE);
}
