/**
 * Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0
 * <|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`.
 * Servers without its parser leak it whole or with some tokens dropped, so a
 * call is anchored on `<|tool_call_argument_begin|>`, the one token never missing;
 * without it, K2.5's ```json block after the name, or no arguments at all, is
 * read (see `detectKimiWithoutArgumentToken`), and a whole JSON call between the
 * begin and end tokens (MediaTek Breeze's).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { findJsonEnd, parseJsonAt, readName, skipSpaces, skipWhitespace } from "./scan.ts";
import { callsFromJson } from "./json-calls.ts";
import { onlyEndOfTurn } from "./end-of-turn.ts";
import { idEndBefore } from "./kimi-argument-gap.ts";
import { wordsForJsonArguments } from "./bare-arguments.ts";

export const KIMI_ARGUMENT_BEGIN = "<|tool_call_argument_begin|>";
const OPENERS = ["<|tool_call_begin|>", "<|tool_calls_section_begin|>"];
const CLOSERS = ["<|tool_call_end|>", "<|tool_calls_section_end|>"];
const KIMI_TOKENS = [...OPENERS, ...CLOSERS];
const MAX_ID = 160;

/** `functions.get_weather:0` → `functions.get_weather`: the call id is the name and an index. */
export function kimiName(id: string): string {
  const colon = id.lastIndexOf(":");
  return colon > 0 && /^\d+$/.test(id.slice(colon + 1)) ? id.slice(0, colon) : id;
}

/** Where the call id ending at `end` starts, when only Kimi tokens, a line break or the start of the text precede it. */
function idStart(content: string, end: number, notBefore: number): number | undefined {
  let start = end;
  while (start > notBefore && end - start < MAX_ID && /[\w.:-]/.test(content[start - 1]!)) start--;
  let before = start;
  while (before > notBefore && (content[before - 1] === " " || content[before - 1] === "\t")) before--;
  if (before === notBefore || content[before - 1] === "\n" || content[before - 1] === "\r") return start;
  return KIMI_TOKENS.some((token) => content.endsWith(token, before)) ? start : undefined;
}

/** Extends `[start, end)` over the Kimi tokens and spaces either side. */
function widen(content: string, start: number, end: number, notBefore: number): [number, number] {
  let from = start;
  for (let moved = true; moved; ) {
    moved = false;
    let previous = from;
    while (previous > notBefore && /\s/.test(content[previous - 1]!)) previous--;
    for (const token of OPENERS) {
      if (previous - token.length >= notBefore && content.endsWith(token, previous)) {
        from = previous - token.length;
        moved = true;
        break;
      }
    }
  }
  let to = end;
  for (let moved = true; moved; ) {
    moved = false;
    const next = skipWhitespace(content, to);
    for (const token of CLOSERS) {
      if (content.startsWith(token, next)) {
        to = next + token.length;
        moved = true;
      }
    }
  }
  return [from, to];
}

/** A fenced JSON block at `at` (```json, a line, the object, a line, ```): the object's text and where the fence ends. */
function fencedJsonAt(content: string, at: number): { text: string; end: number } | undefined {
  const opening = /^```json[ \t]*\r?\n/.exec(content.slice(at, at + 16));
  if (opening === null) return undefined;
  const objectAt = skipWhitespace(content, at + opening[0].length);
  const objectEnd = content[objectAt] === "{" ? findJsonEnd(content, objectAt) : -1;
  const fenceAt = objectEnd < 0 ? -1 : skipWhitespace(content, objectEnd);
  return fenceAt >= 0 && content.startsWith("```", fenceAt) ? { text: content.slice(objectAt, objectEnd), end: fenceAt + 3 } : undefined;
}

/**
 * The calls of a text with no argument token: Kimi K2.5 writing the
 * arguments in a ```json block after the name (`<|tool_call_begin|>functions.get_weather`
 * then the fenced object, then `<|tool_call_end|>`), and a call without
 * arguments, its end token right after the id (`<|tool_call_begin|>functions.list_tasks:0<|tool_call_end|>`,
 * as readers of Kimi's tokens meet it: no argument token, so no arguments).
 * The section tokens around them or not. Every call must be whole: its begin
 * token, id, fence or nothing, and end token.
 */
function detectKimiWithoutArgumentToken(content: string): Detection | undefined {
  const [begin, end] = [OPENERS[0]!, CLOSERS[0]!];
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(begin); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(begin, start + 1)) {
    const idAt = skipWhitespace(content, start + begin.length);
    const id = readName(content, idAt);
    const name = kimiName(id);
    if (!TOOL_NAME.test(name)) return undefined;
    const afterId = skipSpaces(content, idAt + id.length);
    const endAfterId = skipWhitespace(content, afterId);
    if (content.startsWith(end, endAfterId)) {
      calls.push({ name, arguments: emptyArguments });
      spans.push(widen(content, start, endAfterId + end.length, 0));
      continue;
    }
    if (content[afterId] !== "\n" && content.slice(afterId, afterId + 2) !== "\r\n") return undefined;
    const fence = fencedJsonAt(content, skipWhitespace(content, afterId));
    const endAt = fence === undefined ? -1 : skipWhitespace(content, fence.end);
    if (fence === undefined || !content.startsWith(end, endAt)) return undefined;
    calls.push({ name, arguments: { kind: "text", text: fence.text } });
    spans.push(widen(content, start, endAt + end.length, 0));
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/**
 * MediaTek Breeze writes a whole JSON call between Kimi's tokens, no name or argument
 * token: `<|use_tool|><|tool_call_begin|>{"name": "get_weather", "arguments": "{…}"}<|tool_call_end|>`
 * (its arguments often a JSON string). Every block must be whole: its begin token, one
 * JSON call, its end token.
 */
function detectKimiTokensJson(content: string): Detection | undefined {
  const [begin, end] = [OPENERS[0]!, CLOSERS[0]!];
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(begin); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(begin, start + 1)) {
    const parsed = parseJsonAt(content, skipWhitespace(content, start + begin.length));
    const found = parsed === undefined ? undefined : callsFromJson(parsed.value);
    const endAt = parsed === undefined ? -1 : skipWhitespace(content, parsed.end);
    if (found?.length !== 1 || !content.startsWith(end, endAt)) return undefined;
    calls.push(...found);
    spans.push(widen(content, start, endAt + end.length, 0));
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

export function detectKimi(content: string): Detection | undefined {
  if (!content.includes(KIMI_ARGUMENT_BEGIN)) return detectKimiWithoutArgumentToken(content) ?? detectKimiTokensJson(content);
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const argumentAt = content.indexOf(KIMI_ARGUMENT_BEGIN, position);
    if (argumentAt < 0) break;
    const idEnd = idEndBefore(content, argumentAt, position);
    const start = idStart(content, idEnd, position);
    const name = start === undefined ? "" : kimiName(content.slice(start, idEnd));
    if (start === undefined || !TOOL_NAME.test(name)) return undefined;
    const argsStart = skipWhitespace(content, argumentAt + KIMI_ARGUMENT_BEGIN.length);
    const closed = content[argsStart] === "{" ? findJsonEnd(content, argsStart) : -1;
    // Unclosed: the arguments run to the next Kimi token, and the pipeline judges them.
    const nextToken = Math.min(...CLOSERS.map((token) => content.indexOf(token, argsStart)).map((at) => (at < 0 ? content.length : at)));
    const argsEnd = closed >= 0 ? closed : nextToken;
    const text = content.slice(argsStart, argsEnd).trim();
    // Words where Kimi's template writes a JSON object: no arguments to read (see bare-arguments.ts).
    if (wordsForJsonArguments(text)) return undefined;
    calls.push({ name, arguments: { kind: "text", text } });
    const span = widen(content, start, argsEnd, position);
    // A closed object with no end token after it, and no other call: text after it (a comment, prose) is inside a
    // frame never closed, so whether the model finished the call is open.
    if (closed >= 0 && span[1] === argsEnd && !content.includes(KIMI_ARGUMENT_BEGIN, argsEnd) && onlyEndOfTurn(content.slice(argsEnd)) === "no") return undefined;
    spans.push(span);
    position = span[1];
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
