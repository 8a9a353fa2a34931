/**
 * LM Studio's own call markup, leaked when its parser misses:
 * `[TOOL_REQUEST]{"name": "get_weather", "arguments": {…}}[END_TOOL_REQUEST]`,
 * and the form some models copy from it, the name in brackets on its own line:
 * `[get_weather]\n{"city": "Paris"}\n[END_TOOL_REQUEST]`.
 */
import { callsFromJson } from "./json-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd, parseJsonAt, readName, skipWhitespace } from "./scan.ts";

export const LM_STUDIO_OPEN = "[TOOL_REQUEST]";
export const LM_STUDIO_CLOSE = "[END_TOOL_REQUEST]";

/** The block at `start` (on `[`), as calls and where it ends; `undefined` when it is not one. */
function blockAt(content: string, start: number): { calls: RawCall[]; end: number } | undefined {
  if (content.startsWith(LM_STUDIO_OPEN, start)) {
    const bodyStart = skipWhitespace(content, start + LM_STUDIO_OPEN.length);
    const parsed = parseJsonAt(content, bodyStart);
    const calls = parsed === undefined ? undefined : callsFromJson(parsed.value);
    if (calls === undefined || parsed === undefined) return undefined;
    const closeAt = skipWhitespace(content, parsed.end);
    return { calls, end: content.startsWith(LM_STUDIO_CLOSE, closeAt) ? closeAt + LM_STUDIO_CLOSE.length : parsed.end };
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
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
