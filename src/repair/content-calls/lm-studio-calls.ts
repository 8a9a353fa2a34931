/**
 * LM Studio's own call markup, leaked when its parser misses:
 * `[TOOL_REQUEST]{"name": "get_weather", "arguments": {…}}[END_TOOL_REQUEST]`,
 * and the form some models copy from it, the name in brackets on its own line:
 * `[get_weather]\n{"city": "Paris"}\n[END_TOOL_REQUEST]`; also the tool's name
 * before the JSON arguments inside the block, closed by `[END_TOOL_REQUEST]` or
 * `[TOOL_REQUEST_END]` (`[TOOL_REQUEST]\nlist_directory {"path": "/home"}\n[TOOL_REQUEST_END]`).
 */
import { callsFromJson } from "./json-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd, parseJsonAt, readName, skipWhitespace } from "./scan.ts";

export const LM_STUDIO_OPEN = "[TOOL_REQUEST]";
export const LM_STUDIO_CLOSE = "[END_TOOL_REQUEST]";
/** The closer as Gemma models write it when asked for LM Studio's markup. */
const SWAPPED_CLOSE = "[TOOL_REQUEST_END]";
/** What closes a block whose body is a name and its arguments (the stream holds such a block up to one). */
export const LM_STUDIO_CLOSERS: readonly string[] = [LM_STUDIO_CLOSE, SWAPPED_CLOSE];

/** The length of the closing marker at `at`, or 0. */
function closerAt(content: string, at: number): number {
  return LM_STUDIO_CLOSERS.find((closer) => content.startsWith(closer, at))?.length ?? 0;
}

/**
 * `[TOOL_REQUEST]` then the tool's name and its JSON arguments (`list_directory {"path": "/home"}`),
 * as Gemma writes the markup: read only with its closing marker right after the object.
 */
function namedBody(content: string, bodyStart: number): { calls: RawCall[]; end: number } | undefined {
  const name = readName(content, bodyStart);
  let argsStart = bodyStart + name.length;
  while (content[argsStart] === " " || content[argsStart] === "\t") argsStart++;
  if (!TOOL_NAME.test(name) || content[argsStart] !== "{") return undefined;
  const argsEnd = findJsonEnd(content, argsStart);
  if (argsEnd < 0) return undefined;
  const closeAt = skipWhitespace(content, argsEnd);
  const closer = closerAt(content, closeAt);
  if (closer === 0) return undefined;
  return { calls: [{ name, arguments: { kind: "text", text: content.slice(argsStart, argsEnd) } }], end: closeAt + closer };
}

/** The block at `start` (on `[`), as calls and where it ends; `undefined` when it is not one. */
function blockAt(content: string, start: number): { calls: RawCall[]; end: number } | undefined {
  if (content.startsWith(LM_STUDIO_OPEN, start)) {
    const bodyStart = skipWhitespace(content, start + LM_STUDIO_OPEN.length);
    if (content[bodyStart] !== "{" && content[bodyStart] !== "[") return namedBody(content, bodyStart);
    const parsed = parseJsonAt(content, bodyStart);
    const calls = parsed === undefined ? undefined : callsFromJson(parsed.value);
    if (calls === undefined || parsed === undefined) return undefined;
    const closeAt = skipWhitespace(content, parsed.end);
    const closer = closerAt(content, closeAt);
    return { calls, end: closer > 0 ? closeAt + closer : parsed.end };
  }
  // The bracketed name is only a call with its closing marker: `[note]\n{…}` alone may be Markdown.
  const name = readName(content, start + 1);
  const nameEnd = start + 1 + name.length;
  if (!TOOL_NAME.test(name) || content[nameEnd] !== "]") return undefined;
  const argsStart = skipWhitespace(content, nameEnd + 1);
  const argsEnd = content[argsStart] === "{" ? findJsonEnd(content, argsStart) : -1;
  if (argsEnd < 0) return undefined;
  const closeAt = skipWhitespace(content, argsEnd);
  if (!content.startsWith(LM_STUDIO_CLOSE, closeAt)) return undefined;
  return { calls: [{ name, arguments: { kind: "text", text: content.slice(argsStart, argsEnd) } }], end: closeAt + LM_STUDIO_CLOSE.length };
}

/** Every LM Studio block from the start of the content, one after another. */
export function detectLmStudio(content: string): Detection | undefined {
  if (!content.includes(LM_STUDIO_CLOSE) && !content.includes(LM_STUDIO_OPEN)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let cursor = skipWhitespace(content, 0);
  while (content[cursor] === "[" && calls.length <= MAX_CALLS) {
    const block = blockAt(content, cursor);
    if (block === undefined) break;
    calls.push(...block.calls);
    spans.push([cursor, block.end]);
    cursor = skipWhitespace(content, block.end);
  }
  if (calls.length === 0) return undefined;
  // Later `[TOOL_REQUEST]` blocks after prose (`More files:`) are calls too, as tagged blocks are; one that is not keeps the text as it is.
  for (let next = content.indexOf(LM_STUDIO_OPEN, cursor); next >= 0 && calls.length <= MAX_CALLS; next = content.indexOf(LM_STUDIO_OPEN, cursor)) {
    const block = blockAt(content, next);
    if (block === undefined) return undefined;
    calls.push(...block.calls);
    spans.push([next, block.end]);
    cursor = block.end;
  }
  return calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
