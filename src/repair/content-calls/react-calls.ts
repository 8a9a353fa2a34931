/**
 * The ReAct text agents prompt models to write (LangChain, crewAI and the
 * like), left in the content when the request offered tools:
 * `Action: get_weather` then `Action Input: {"city": "Paris"}` on the next
 * line. Only a JSON object counts as the input, bare or in a ```json fence
 * (`Action Input:\n```json\n{…}\n````, as the agents' own parsers accept): a
 * bare phrase after `Action Input:` is the agent's own convention, not arguments.
 * The labels may be in Markdown bold (`**Action:** get_weather`, `**Action Input**: {…}`), the name too
 * (`**get_weather**`), and a stray bold marker may open the input (`Action Input: ** {…}`): prompts that show
 * the format in Markdown get it back so.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { markerAt } from "./call-markers.ts";
import { MAX_NAME, NAME_CHAR } from "./opening-reads.ts";
import { argumentsLineEnd, findJsonEnd, skipWhitespace } from "./scan.ts";

export const REACT_ACTION = "Action";
export const REACT_INPUT = "Action Input";
/**
 * The label chat surfaces print a call under, which models copy (`**Tool Call:** \`get_weather\`` then the
 * arguments in a ```json fence, or the object, on the next line): an action whose input needs no label.
 */
export const TOOL_CALL_LABELS = ["Tool Call", "Tool call"] as const;

/**
 * A call as chat surfaces list one, which models copy: `name: get_weather` alone on its line, its arguments
 * under `input:` (or `arguments:`, `parameters:`) on the next.
 */
export const NAME_LABEL = "name";
export const NAME_INPUT_LABELS = ["input", "arguments", "parameters"] as const;

/** A label as written: `Action:`, `**Action:**` or `**Action**:`. */
const labelForms = (label: string): readonly string[] => [`${label}:`, `**${label}:**`, `**${label}**:`];

/**
 * `Action: name` opening a line, `Action Input:` opening the next (either label plain or in bold); blank
 * lines between the two are layout, as the agents' own parsers read them.
 */
const ACTION_LINE =
  /(?:^|\n)[ \t]*(?:Action:|\*\*Action(?::\*\*|\*\*:))[ \t]*(?:`|\*\*)?([\w.:-]{1,128})(?:`|\*\*)?[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*(?:Action Input:|\*\*Action Input(?::\*\*|\*\*:))/g;

/** `name: get_weather` opening a line, `input:` (or `arguments:`, `parameters:`) opening the next (blank lines between allowed). */
const NAME_LINE =
  /(?:^|\n)[ \t]*(?:name:|\*\*name(?::\*\*|\*\*:))[ \t]*(?:`|\*\*)?([\w.:-]{1,128})(?:`|\*\*)?[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*(?:(?:input|arguments|parameters):|\*\*(?:input|arguments|parameters)(?::\*\*|\*\*:))/g;

/** `Tool Call: name` alone on a line (plain or in bold), its input on the next line. */
const TOOL_CALL_LINE = /(?:^|\n)[ \t]*(?:Tool [Cc]all:|\*\*Tool [Cc]all(?::\*\*|\*\*:))[ \t]*(?:`|\*\*)?([\w.:-]{1,128})(?:`|\*\*)?[ \t]*\r?\n/g;

/**
 * One of a label's forms at `at` (see `labelForms`): the index past it, "wait" while the text so far may
 * still become one, or "no".
 */
export function readReActLabel(text: string, at: number, label: string): number | "wait" | "no" {
  let wait = false;
  for (const form of labelForms(label)) {
    const found = markerAt(text, at, form);
    if (found === "yes") return at + form.length;
    if (found === "wait") wait = true;
  }
  return wait ? "wait" : "no";
}

/** Past a stray bold marker opening the input (`** {…}`) and the space after it. */
export function skipBoldMarker(text: string, at: number): number {
  return text.startsWith("**", at) ? skipWhitespace(text, at + 2) : at;
}

/** A fence opening the input: ``` or ```json, then the end of its line. */
const INPUT_FENCE = /```(?:json)?[ \t]*\r?\n/y;

/**
 * The input after `Action Input:` at `at`: a JSON object, or one alone in a
 * ```json fence closed after it. "cut" when it opens as one but does not end
 * as one (the call would be guessed); undefined when it is not JSON at all.
 */
function readInput(content: string, at: number, cutIsArguments: boolean): { readonly args: [number, number]; readonly end: number } | "cut" | undefined {
  const start = skipBoldMarker(content, skipWhitespace(content, at));
  if (content[start] === "{") {
    const closed = findJsonEnd(content, start);
    const end = closed < 0 ? closed : argumentsLineEnd(content, closed);
    if (end === undefined) return "cut";
    if (end >= 0) return { args: [start, end], end };
    // An `Action Input:` object the text ends inside: the arguments as written, to the text's end, for the repair
    // pipeline to judge as it judges a cut structured call (close-truncated closes it only after a complete value).
    // A listing's `input:` (a config, a record) vouches for no call: cut, it stays text.
    return cutIsArguments ? { args: [start, content.trimEnd().length], end: content.length } : "cut";
  }
  const wrapped = readWrappedInput(content, start);
  if (wrapped !== undefined) return wrapped;
  INPUT_FENCE.lastIndex = start;
  if (!INPUT_FENCE.test(content)) return undefined;
  const body = skipWhitespace(content, INPUT_FENCE.lastIndex);
  const end = content[body] === "{" ? findJsonEnd(content, body) : -1;
  if (end < 0) return content[body] === "{" || body >= content.length ? "cut" : undefined;
  const close = skipWhitespace(content, end);
  return content.startsWith("```", close) ? { args: [body, end], end: close + 3 } : "cut";
}

/** A name and its opening parenthesis, the object right after: `QueryEngineTool({`, `get_weather(` then `{`. */
const WRAPPED_INPUT = /[A-Za-z_][\w.]{0,63}\([ \t]*(?=\{)/y;

/**
 * The object written as a call's only argument after `Action Input:` (`QueryEngineTool({"a": 1})`, the tool's
 * class or its name, as LlamaIndex's parser reads it): the object, when nothing but space stands between it and
 * the closing parenthesis. "cut" when the object or the parenthesis never closes.
 */
function readWrappedInput(content: string, start: number): { readonly args: [number, number]; readonly end: number } | "cut" | undefined {
  WRAPPED_INPUT.lastIndex = start;
  if (!WRAPPED_INPUT.test(content)) return undefined;
  const open = WRAPPED_INPUT.lastIndex;
  const end = findJsonEnd(content, open);
  if (end < 0) return "cut";
  const close = skipWhitespace(content, end);
  if (close >= content.length) return "cut";
  return content[close] === ")" ? { args: [open, end], end: close + 1 } : undefined;
}

/**
 * For the hold-back, at the input: where the object of a wrapped input (`QueryEngineTool({`) opens, "maybe"
 * while the text so far may still become one, or "no".
 */
export function wrappedInputObject(text: string, at: number): number | "maybe" | "no" {
  let end = at;
  if (end < text.length && !/[A-Za-z_]/.test(text[end]!)) return "no";
  while (end < text.length && end - at <= 64 && /[\w.]/.test(text[end]!)) end++;
  if (end >= text.length) return "maybe";
  if (end === at || text[end] !== "(") return "no";
  let open = end + 1;
  while (text[open] === " " || text[open] === "\t") open++;
  if (open >= text.length) return "maybe";
  return text[open] === "{" ? open : "no";
}

export function detectReAct(content: string): Detection | undefined {
  const labelled = content.includes(REACT_INPUT) || content.includes(`${NAME_LABEL}:`) || TOOL_CALL_LABELS.some((label) => content.includes(label));
  if (!labelled) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const actions = new Set(content.matchAll(ACTION_LINE));
  const heads = [...actions, ...content.matchAll(TOOL_CALL_LINE), ...content.matchAll(NAME_LINE)].sort((a, b) => a.index - b.index);
  for (const match of heads) {
    const name = match[1]!;
    const input = readInput(content, match.index + match[0].length, actions.has(match));
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
 * or bold allowed), the end of its line, then `Action Input:` (or nothing, after
 * `Tool Call:`: `inputLabel` false; or one of the labels given, after `name:`).
 * The index past it, or "maybe" while the text so far allows it, or "no".
 */
export function readReActHead(text: string, from: number, names: readonly string[], inputLabel: boolean | readonly string[] = true): number | "maybe" | "no" {
  let at = from;
  while (text[at] === " " || text[at] === "\t" || text[at] === "`" || text[at] === "*") at++;
  let end = at;
  while (end < text.length && end - at <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
  const name = text.slice(at, end);
  if (end >= text.length) return names.some((known) => known.startsWith(name)) ? "maybe" : "no";
  if (!names.includes(name)) return "no";
  while (text[end] === " " || text[end] === "\t" || text[end] === "`" || text[end] === "*" || text[end] === "\r") end++;
  if (end >= text.length) return "maybe";
  if (text[end] !== "\n") return "no";
  if (inputLabel === false) return end + 1;
  // Blank lines may come before the input's label, as ACTION_LINE allows.
  let input = end + 1;
  while (text[input] === " " || text[input] === "\t" || text[input] === "\r" || text[input] === "\n") input++;
  if (input >= text.length) return "maybe";
  let wait = false;
  for (const label of inputLabel === true ? [REACT_INPUT] : inputLabel) {
    const found = readReActLabel(text, input, label);
    if (typeof found === "number") return found;
    if (found === "wait") wait = true;
  }
  return wait ? "maybe" : "no";
}
