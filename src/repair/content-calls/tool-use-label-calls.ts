/**
 * A call written as the label an agent puts calls into its history with: a
 * model shown its earlier calls that way writes its next one the same way,
 * as text. Two labels: an agent bridge's `[Tool Use: Bash] {"command": "ls"}`,
 * and Hermes Agent's `[Calling tool: terminal with arguments: {"command": "ls"}]`
 * (also `[Calling tool: terminal] {…}`). Read where a line opens, for a
 * declared tool, with a JSON object right after the label (closing tokens the
 * model adds after it go as markup); a label that holds its object must close
 * right after it. A model whose own format is MiniMax's may put the label where
 * its `<invoke name=…>` belongs and go on in that format: `[Calling tool: x]`,
 * then `<parameter name="…">…</parameter>` elements, `</invoke>`. OpenClaw's
 * label names the call's id and the arguments, `[Tool Call: read (ID: call_1)]
 * Arguments: {"path": "a.txt"}` (the id part may be left out): read with its
 * `Arguments:` and an object after it, as the label writes them. A chat
 * surface's transcript label, `[Called function "terminal" with args: {…}]`,
 * holds its object and closes right after it, as Hermes Agent's does; so does
 * Kiro's, `[Called terminal with args: {…}]`, which models behind Kiro bridges
 * write in place of a call. A gateway's `[Tool call: terminal({…})]` holds its
 * object in parentheses, and so does Hermes Agent's label written as a call, `[Calling tool:
 * terminal({…})]` (the Qwen form vllm-mlx reads); gpt4free's `[Tool call: terminal] (id=call_1)` puts the
 * id after the label, then `Arguments:` as OpenClaw's does. Labels back to back
 * on one line are that many calls. The gateway's form without brackets, a line
 * `Tool call: terminal({…})` (after Claude Code's `⏺` bullet at times), is read
 * the same way, as models behind CodeWhisperer write their calls. smolagents' log line for a call,
 * `Calling tool: 'terminal' with arguments: {…}`, is what DeepResearchAgent puts in the model's history as its
 * output (`Called Tool: 'terminal' with arguments: {…}`, the arguments printed as a Python dict): models shown it
 * write their next call so, and it is read opening a line, as the other labels are.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import {
  AGENT_LOG_LABEL_OPENS,
  CALLED_FUNCTION_LABEL_OPEN,
  CALLED_LABEL_OPEN,
  CALLING_TOOL_LABEL_OPENS,
  TOOL_CALL_LABEL_OPEN,
  TOOL_CALL_LOWER_LABEL_OPEN,
  TOOL_CALL_LINE_OPENS,
  TOOL_USE_LABEL_OPEN,
  markerAt,
} from "./call-markers.ts";
import { findJsonEnd, readName, skipWhitespace } from "./scan.ts";
import { detectInvokes } from "./invoke-calls.ts";

/** Every label opening, the bridge's first; the transcript's `[Called function "` before Kiro's `[Called `, which it starts with. */
export const LABEL_OPENS: readonly string[] = [
  TOOL_USE_LABEL_OPEN,
  ...CALLING_TOOL_LABEL_OPENS,
  TOOL_CALL_LABEL_OPEN,
  TOOL_CALL_LOWER_LABEL_OPEN,
  CALLED_FUNCTION_LABEL_OPEN,
  CALLED_LABEL_OPEN,
  ...TOOL_CALL_LINE_OPENS,
  ...AGENT_LOG_LABEL_OPENS,
];

/** What follows the quoted name in smolagents' log line: the closing quote, then its object's label. */
const AGENT_LOG_ARGUMENTS = "' with arguments:";

/** What may follow the name in Hermes Agent's label: `]` then the object, or the object inside the label. */
const INNER_ARGUMENTS = " with arguments:";

/** What follows the quoted name in the transcript label: the closing quote, then its object's label. */
const CALLED_FUNCTION_ARGUMENTS = '" with args:';
/** What follows the name in Kiro's label. */
const CALLED_ARGUMENTS = " with args:";
/** A gateway's label holds its object in parentheses right after the name, then closes. */
const CALL_PARENS_OPEN = "(";
const CALL_PARENS_CLOSE = ")]";
/** The same call as a line of its own, `Tool call: name({…})`, closes with the parenthesis. */
const CALL_LINE_CLOSE = ")";

/** OpenClaw's label: the call's id in parentheses after the name, then `]` and the arguments' own label. */
const CALL_ID_OPEN = " (ID: ";
/** gpt4free's: the id in parentheses after the `]`, `[Tool call: name] (id=call_1)`. */
const CALL_ID_AFTER_OPEN = "(id=";
const ARGUMENTS_LABEL = "Arguments:";
/** A call id: letters, digits, `_`, `-`, `.`, `:`; bounded. */
const CALL_ID = /^[\w.:-]{1,100}$/;

/**
 * After the name in OpenClaw's label (at `close`): where its object starts, or
 * "wait" / "no". The id part is optional; `Arguments:` must follow the `]`
 * on the same line or the next one.
 */
function toolCallLabelArguments(text: string, close: number): number | "wait" | "no" {
  let at = close;
  const idOpen = markerAt(text, at, CALL_ID_OPEN);
  if (idOpen === "wait") return "wait";
  if (idOpen === "yes") {
    const idEnd = text.indexOf(")", at + CALL_ID_OPEN.length);
    if (idEnd < 0) return text.length - at > 120 ? "no" : "wait";
    if (!CALL_ID.test(text.slice(at + CALL_ID_OPEN.length, idEnd))) return "no";
    at = idEnd + 1;
  }
  if (at >= text.length) return "wait";
  if (text[at] !== "]") return "no";
  let label = at + 1;
  while (text[label] === " " || text[label] === "\t") label++;
  if (idOpen === "no") {
    const idAfter = markerAt(text, label, CALL_ID_AFTER_OPEN);
    if (idAfter === "wait") return "wait";
    if (idAfter === "yes") {
      const idEnd = text.indexOf(")", label + CALL_ID_AFTER_OPEN.length);
      if (idEnd < 0) return text.length - label > 120 ? "no" : "wait";
      if (!CALL_ID.test(text.slice(label + CALL_ID_AFTER_OPEN.length, idEnd))) return "no";
      label = idEnd + 1;
      while (text[label] === " " || text[label] === "\t") label++;
    }
  }
  if (text[label] === "\n") label++;
  else if (text[label] === "\r" && text[label + 1] === "\n") label += 2;
  const marker = markerAt(text, label, ARGUMENTS_LABEL);
  if (marker !== "yes") return marker;
  const args = skipWhitespace(text, label + ARGUMENTS_LABEL.length);
  return args >= text.length ? "wait" : args;
}

/** MiniMax's parameter element, after a label in place of its invoke; the invoke's closer ends the call. */
const INVOKE_PARAMETER = "<parameter name=";
const INVOKE_CLOSE = "</invoke>";

/**
 * From `at` (just past a label's opening): the name, then where its JSON object
 * starts and the token that must close the label after the object, if any. With
 * `names`, the name must be one of them and "wait" says the text so far could
 * still be one; without, any identifier will do. `opening` says which label
 * (only Hermes Agent's may hold its object).
 */
export function readToolUseLabelHead(
  text: string,
  at: number,
  names?: readonly string[],
  opening: string = TOOL_USE_LABEL_OPEN,
): { name: string; args: number; close?: string; closers?: readonly string[] } | "wait" | "no" {
  const name = readName(text, at);
  const close = at + name.length;
  if (close >= text.length) return names?.some((known) => known.startsWith(name)) === true ? "wait" : "no";
  if (names === undefined ? !TOOL_NAME.test(name) : !names.includes(name)) return "no";
  let args: number;
  let closer: string | undefined;
  // smolagents' log line: the quoted name, then the object (a Python dict as the line prints one, or JSON).
  if ((AGENT_LOG_LABEL_OPENS as readonly string[]).includes(opening)) {
    const found = markerAt(text, close, AGENT_LOG_ARGUMENTS);
    if (found !== "yes") return found === "wait" && names !== undefined ? "wait" : "no";
    const object = skipWhitespace(text, close + AGENT_LOG_ARGUMENTS.length);
    if (object >= text.length) return names === undefined ? "no" : "wait";
    return text[object] === "{" ? { name, args: object } : "no";
  }
  if (opening === CALLED_FUNCTION_LABEL_OPEN || opening === CALLED_LABEL_OPEN) {
    const label = opening === CALLED_LABEL_OPEN ? CALLED_ARGUMENTS : CALLED_FUNCTION_ARGUMENTS;
    const found = markerAt(text, close, label);
    if (found !== "yes") return found === "wait" && names !== undefined ? "wait" : "no";
    const object = skipWhitespace(text, close + label.length);
    if (object >= text.length) return names === undefined ? "no" : "wait";
    return text[object] === "{" ? { name, args: object, close: "]" } : "no";
  }
  const unbracketed = (TOOL_CALL_LINE_OPENS as readonly string[]).includes(opening);
  // The gateway's label, and Hermes Agent's written as a call (`[Calling tool: add({"a": 1})]`), hold the object in parentheses.
  const parenthesized = unbracketed || opening === TOOL_CALL_LABEL_OPEN || opening === TOOL_CALL_LOWER_LABEL_OPEN || CALLING_TOOL_LABEL_OPENS.includes(opening);
  if (parenthesized && text[close] === CALL_PARENS_OPEN) {
    const object = close + CALL_PARENS_OPEN.length;
    if (object >= text.length) return names === undefined ? "no" : "wait";
    return text[object] === "{" ? { name, args: object, close: unbracketed ? CALL_LINE_CLOSE : CALL_PARENS_CLOSE } : "no";
  }
  if (unbracketed) return "no";
  if (opening === TOOL_CALL_LABEL_OPEN || opening === TOOL_CALL_LOWER_LABEL_OPEN) {
    const found = toolCallLabelArguments(text, close);
    if (typeof found === "string") return found === "wait" && names !== undefined ? "wait" : "no";
    return text[found] === "{" ? { name, args: found } : "no";
  }
  const inner = opening === TOOL_USE_LABEL_OPEN ? "no" : markerAt(text, close, INNER_ARGUMENTS);
  if (inner === "wait") return names === undefined ? "no" : "wait";
  if (inner === "yes") {
    args = skipWhitespace(text, close + INNER_ARGUMENTS.length);
    closer = "]";
  } else if (text[close] === "]") args = skipWhitespace(text, close + 1);
  else return "no";
  if (args >= text.length) return names === undefined ? "no" : "wait";
  if (closer === undefined && text[args] === "<") {
    const parameter = markerAt(text, args, INVOKE_PARAMETER);
    return parameter === "yes" ? { name, args, closers: [INVOKE_CLOSE] } : parameter === "wait" && names !== undefined ? "wait" : "no";
  }
  if (text[args] !== "{") return "no";
  return closer === undefined ? { name, args } : { name, args, close: closer };
}

/**
 * The call a label in place of MiniMax's `<invoke name="…">` opens: read as
 * that invoke, its parameters from `args` on. One call, or none; its spans in
 * the content, the first one from `args`.
 */
function invokeAfterLabel(content: string, name: string, args: number): { call: RawCall; spans: [number, number][] } | undefined {
  const opening = `<invoke name="${name}">`;
  const found = detectInvokes(opening + content.slice(args));
  if (found?.calls.length !== 1) return undefined;
  const place = (position: number): number => args + Math.max(0, position - opening.length);
  return { call: found.calls[0]!, spans: found.spans.map(([start, end]): [number, number] => [place(start), place(end)]) };
}

/**
 * Whether a label closing with `close` may have one `}` typed once too often before it
 * (`[Called Bash with args: {…}}]`, as Kiro's models write it at times): the label holds one object, so the
 * brace closes nothing else.
 */
export function labelClosesWithStrayBrace(close: string): boolean {
  return close === "]" || close === CALL_PARENS_CLOSE || close === CALL_LINE_CLOSE;
}

/** Where a label opens at `at`, or `undefined`. */
const labelAt = (content: string, at: number): string | undefined => LABEL_OPENS.find((open) => content.startsWith(open, at));

/** Every place a label opening starts, in order. */
function labelPositions(content: string): number[] {
  const positions = new Set<number>();
  for (const open of LABEL_OPENS) for (let at = content.indexOf(open); at >= 0; at = content.indexOf(open, at + 1)) positions.add(at);
  return [...positions].sort((a, b) => a - b);
}

/** Spaces or tabs only between `from` and `to`: a label right after the call before it on its line. */
const onlySpaces = (content: string, from: number, to: number): boolean => /^[ \t]*$/.test(content.slice(from, to));

/** Every labelled call opening a line of the content (or right after another on its line); one whose object never closes, or whose label does not, makes the reading doubtful. */
export function detectToolUseLabels(content: string): Detection | undefined {
  if (!LABEL_OPENS.some((open) => content.includes(open))) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const first = skipWhitespace(content, 0);
  let previousEnd = 0;
  for (const at of labelPositions(content)) {
    if (calls.length > MAX_CALLS) break;
    if (at < previousEnd) continue;
    const afterCall = calls.length > 0 && onlySpaces(content, previousEnd, at);
    if (at !== first && content[at - 1] !== "\n" && !afterCall) continue;
    const opening = labelAt(content, at);
    if (opening === undefined) continue;
    const head = readToolUseLabelHead(content, at + opening.length, undefined, opening);
    if (typeof head === "string") continue;
    if (head.closers !== undefined) {
      const read = invokeAfterLabel(content, head.name, head.args);
      if (read === undefined) return undefined;
      calls.push(read.call);
      spans.push([at, read.spans[0]![1]], ...read.spans.slice(1));
      previousEnd = read.spans.at(-1)![1];
      continue;
    }
    const argsEnd = findJsonEnd(content, head.args);
    if (argsEnd < 0) return undefined;
    let end = argsEnd;
    if (head.close !== undefined) {
      let closeAt = skipWhitespace(content, argsEnd);
      if (content[closeAt] === "}" && labelClosesWithStrayBrace(head.close)) closeAt = skipWhitespace(content, closeAt + 1);
      if (!content.startsWith(head.close, closeAt)) return undefined;
      end = closeAt + head.close.length;
    }
    calls.push({ name: head.name, arguments: { kind: "text", text: content.slice(head.args, argsEnd) } });
    spans.push([at, end]);
    previousEnd = end;
  }
  if (calls.length === 0 || calls.length > MAX_CALLS || leavesLabelledCall(content, spans)) return undefined;
  return { calls, spans };
}

/**
 * Whether a labelled call stays in the text outside the calls read (`[Called a with args: {…}] then [Called b with args: {…}]`):
 * one the model made too, or the one it meant; reading only some of them is a guess.
 */
function leavesLabelledCall(content: string, spans: readonly (readonly [number, number])[]): boolean {
  for (const at of labelPositions(content)) {
    if (spans.some(([start, end]) => at >= start && at < end)) continue;
    const opening = labelAt(content, at);
    if (opening === undefined) continue;
    const head = readToolUseLabelHead(content, at + opening.length, undefined, opening);
    // A label with its name and the start of its object is enough (and keeps this linear on hostile text).
    if (typeof head !== "string") return true;
  }
  return false;
}
