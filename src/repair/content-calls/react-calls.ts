/**
 * The ReAct text agents prompt models to write (LangChain, crewAI and the
 * like), left in the content when the request offered tools:
 * `Action: get_weather` then `Action Input: {"city": "Paris"}` on the next
 * line. Only a JSON object counts as the input, bare or in a ```json fence
 * (`Action Input:\n```json\n{…}\n````, as the agents' own parsers accept): a
 * bare phrase after `Action Input:` is the agent's own convention, not arguments.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { markerAt } from "./call-markers.ts";
import { MAX_NAME, NAME_CHAR } from "./opening-reads.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";

export const REACT_ACTION = "Action:";
export const REACT_INPUT = "Action Input:";

/** `Action: name` opening a line, `Action Input:` opening the next. */
const ACTION_LINE = /(?:^|\n)[ \t]*Action:[ \t]*`?([\w.:-]{1,128})`?[ \t]*\r?\n[ \t]*Action Input:/g;

/** A fence opening the input: ``` or ```json, then the end of its line. */
const INPUT_FENCE = /```(?:json)?[ \t]*\r?\n/y;

/**
 * The input after `Action Input:` at `at`: a JSON object, or one alone in a
 * ```json fence closed after it. "cut" when it opens as one but does not end
 * as one (the call would be guessed); undefined when it is not JSON at all.
 */
function readInput(content: string, at: number): { readonly args: [number, number]; readonly end: number } | "cut" | undefined {
  const start = skipWhitespace(content, at);
  if (content[start] === "{") {
    const end = findJsonEnd(content, start);
    return end < 0 ? "cut" : { args: [start, end], end };
  }
  INPUT_FENCE.lastIndex = start;
  if (!INPUT_FENCE.test(content)) return undefined;
  const body = skipWhitespace(content, INPUT_FENCE.lastIndex);
  const end = content[body] === "{" ? findJsonEnd(content, body) : -1;
  if (end < 0) return content[body] === "{" || body >= content.length ? "cut" : undefined;
  const close = skipWhitespace(content, end);
  return content.startsWith("```", close) ? { args: [body, end], end: close + 3 } : "cut";
}

export function detectReAct(content: string): Detection | undefined {
  if (!content.includes(REACT_INPUT)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (const match of content.matchAll(ACTION_LINE)) {
    const name = match[1]!;
    const input = readInput(content, match.index + match[0].length);
    if (input === undefined) continue;
    if (!TOOL_NAME.test(name) || input === "cut") return undefined;
    calls.push({ name, arguments: { kind: "text", text: content.slice(...input.args) } });
    spans.push([match.index + (content[match.index] === "\n" ? 1 : 0), input.end]);
    if (calls.length > MAX_CALLS) return undefined;
  }
  return calls.length > 0 ? { calls, spans } : undefined;
}

/**
 * For the hold-back, from just after `Action:`: a declared name (backticks
 * allowed), the end of its line, then `Action Input:`. The index past it,
 * or "maybe" while the text so far allows it, or "no".
 */
export function readReActHead(text: string, from: number, names: readonly string[]): number | "maybe" | "no" {
  let at = from;
  while (text[at] === " " || text[at] === "\t" || text[at] === "`") at++;
  let end = at;
  while (end < text.length && end - at <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
  const name = text.slice(at, end);
  if (end >= text.length) return names.some((known) => known.startsWith(name)) ? "maybe" : "no";
  if (!names.includes(name)) return "no";
  while (text[end] === " " || text[end] === "\t" || text[end] === "`" || text[end] === "\r") end++;
  if (end >= text.length) return "maybe";
  if (text[end] !== "\n") return "no";
  let input = end + 1;
  while (text[input] === " " || text[input] === "\t") input++;
  if (input >= text.length) return "maybe";
  const found = markerAt(text, input, REACT_INPUT);
  return found === "yes" ? input + REACT_INPUT.length : found === "wait" ? "maybe" : "no";
}
