/**
 * A call written as the label an agent bridge puts calls into its history
 * with, `[Tool Use: Bash] {"command": "ls"}`: a model shown its earlier calls
 * that way writes its next one the same way, as text. Read where a line
 * opens, for a declared tool, with a JSON object right after the label
 * (closing tokens the model adds after it go as markup).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { TOOL_USE_LABEL_OPEN } from "./call-markers.ts";
import { findJsonEnd, readName, skipWhitespace } from "./scan.ts";

/**
 * From `at` (just past `[Tool Use: `): the name, `]`, then where its JSON
 * object starts. With `names`, the name must be one of them and "wait" says
 * the text so far could still be one; without, any identifier will do.
 */
export function readToolUseLabelHead(text: string, at: number, names?: readonly string[]): { name: string; args: number } | "wait" | "no" {
  const name = readName(text, at);
  const close = at + name.length;
  if (close >= text.length) return names?.some((known) => known.startsWith(name)) === true ? "wait" : "no";
  if (text[close] !== "]" || (names === undefined ? !TOOL_NAME.test(name) : !names.includes(name))) return "no";
  const args = skipWhitespace(text, close + 1);
  if (args >= text.length) return names === undefined ? "no" : "wait";
  return text[args] === "{" ? { name, args } : "no";
}

/** Every labelled call opening a line of the content; one whose object never closes makes the reading doubtful. */
export function detectToolUseLabels(content: string): Detection | undefined {
  if (!content.includes(TOOL_USE_LABEL_OPEN)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const first = skipWhitespace(content, 0);
  let previousEnd = 0;
  for (let at = content.indexOf(TOOL_USE_LABEL_OPEN); at >= 0 && calls.length <= MAX_CALLS; at = content.indexOf(TOOL_USE_LABEL_OPEN, at + 1)) {
    if ((at !== first && content[at - 1] !== "\n") || at < previousEnd) continue;
    const head = readToolUseLabelHead(content, at + TOOL_USE_LABEL_OPEN.length);
    if (typeof head === "string") continue;
    const end = findJsonEnd(content, head.args);
    if (end < 0) return undefined;
    calls.push({ name: head.name, arguments: { kind: "text", text: content.slice(head.args, end) } });
    spans.push([at, end]);
    previousEnd = end;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
