/**
 * The ReAct text agents prompt models to write (LangChain, crewAI and the
 * like), left in the content when the request offered tools:
 * `Action: get_weather` then `Action Input: {"city": "Paris"}` on the next
 * line. Only a JSON object counts as the input: a bare phrase after
 * `Action Input:` is the agent's own convention, not arguments.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { markerAt } from "./call-markers.ts";
import { MAX_NAME, NAME_CHAR } from "./opening-reads.ts";
import { findJsonEnd } from "./scan.ts";

export const REACT_ACTION = "Action:";
export const REACT_INPUT = "Action Input:";

/** `Action: name` opening a line, `Action Input: {…}` opening the next. */
const ACTION_LINE = /(?:^|\n)[ \t]*Action:[ \t]*`?([\w.:-]{1,128})`?[ \t]*\r?\n[ \t]*Action Input:[ \t]*(?=\{)/g;

export function detectReAct(content: string): Detection | undefined {
  if (!content.includes(REACT_INPUT)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (const match of content.matchAll(ACTION_LINE)) {
    const name = match[1]!;
    const argsStart = match.index + match[0].length;
    const argsEnd = findJsonEnd(content, argsStart);
    if (!TOOL_NAME.test(name) || argsEnd < 0) return undefined;
    calls.push({ name, arguments: { kind: "text", text: content.slice(argsStart, argsEnd) } });
    spans.push([match.index + (content[match.index] === "\n" ? 1 : 0), argsEnd]);
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
