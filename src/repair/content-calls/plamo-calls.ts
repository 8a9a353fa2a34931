/**
 * PLaMo 3's calls, written with its `<|plamo:…|>` tags (text, not single
 * tokens, so a server may leave them in the content):
 * `<|plamo:begin_tool_requests:plamo|>` then, per call,
 * `<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_time<|plamo:end_tool_name:plamo|>`
 * `<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"tz": "UTC"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`,
 * then `<|plamo:end_tool_requests:plamo|>` (and the end-of-turn `<|plamo:tag|>`).
 * A section or a request left open is not read.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";

export const PLAMO_REQUESTS: readonly [string, string] = ["<|plamo:begin_tool_requests:plamo|>", "<|plamo:end_tool_requests:plamo|>"];
const REQUEST = ["<|plamo:begin_tool_request:plamo|>", "<|plamo:end_tool_request:plamo|>"] as const;
const NAME = ["<|plamo:begin_tool_name:plamo|>", "<|plamo:end_tool_name:plamo|>"] as const;
const ARGUMENTS = ["<|plamo:begin_tool_arguments:plamo|>", "<|plamo:end_tool_arguments:plamo|>"] as const;
/** What the arguments' opening tag may carry before the JSON: the grammar's control tokens. */
const CONSTRAIN = "<|plamo:constrain|>json<|plamo:msg|>";
const END_OF_TURN = "<|plamo:tag|>";

/** The tag `tag` at `at` (spaces before it skipped): where it ends, or -1. */
function tagAt(text: string, at: number, tag: string): number {
  if (at < 0) return -1;
  const start = skipWhitespace(text, at);
  return text.startsWith(tag, start) ? start + tag.length : -1;
}

/** One request at `at`: its call and where it ends; `undefined` when its markup is broken. */
function requestAt(text: string, at: number): { call: RawCall; end: number } | undefined {
  const nameStart = tagAt(text, tagAt(text, at, REQUEST[0]), NAME[0]);
  if (nameStart < 0) return undefined;
  const nameEnd = text.indexOf(NAME[1], nameStart);
  const name = nameEnd < 0 ? "" : text.slice(nameStart, nameEnd).trim();
  if (!TOOL_NAME.test(name)) return undefined;
  let cursor = tagAt(text, nameEnd + NAME[1].length, ARGUMENTS[0]);
  if (cursor < 0) return undefined;
  if (text.startsWith(CONSTRAIN, cursor)) cursor += CONSTRAIN.length;
  const jsonStart = skipWhitespace(text, cursor);
  if (text[jsonStart] !== "{") return undefined;
  const jsonEnd = findJsonEnd(text, jsonStart);
  if (jsonEnd < 0) return undefined;
  const end = tagAt(text, tagAt(text, jsonEnd, ARGUMENTS[1]), REQUEST[1]);
  if (end < 0) return undefined;
  return { call: { name, arguments: { kind: "text", text: text.slice(jsonStart, jsonEnd) } }, end };
}

/** Every PLaMo 3 request section; `undefined` when there is none, or one is open or broken. */
export function detectPlamo(content: string): Detection | undefined {
  const [open, close] = PLAMO_REQUESTS;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(open, start + 1)) {
    let cursor = start + open.length;
    while (calls.length <= MAX_CALLS && tagAt(content, cursor, REQUEST[0]) >= 0) {
      const request = requestAt(content, cursor);
      if (request === undefined) return undefined;
      calls.push(request.call);
      cursor = request.end;
    }
    let end = tagAt(content, cursor, close);
    if (end < 0) return undefined;
    const turnEnd = tagAt(content, end, END_OF_TURN);
    if (turnEnd >= 0) end = turnEnd;
    spans.push([start, end]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
