/**
 * Calls written as `<invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>`:
 * MiniMax M2 (inside `<minimax:tool_call>`), the XML format older Claude
 * prompts taught (inside `<function_calls>`), DeepSeek V3.2's DSML
 * (`<｜DSML｜invoke name=…>`, inside `<｜DSML｜function_calls>`), and the same
 * with `<function name=…>` (Doubao Seed) or `<param name=…>` (MiniCPM), and
 * Gemini 3's `<call_record tool="read">` around the same parameters, and
 * Step3's `<steptml:invoke name=…>` (inside `<｜tool_call_begin｜>…<｜tool_call_end｜>`), and
 * Glimmer's ATEM `<atem:invoke name=…>` (inside `<atem:function_calls>`).
 * Values are text, typed from the tool's schema as Qwen3-Coder's are; a
 * call element holding a JSON object instead takes it as the arguments.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";

/**
 * The tag prefixes of the family: none (MiniMax, Claude), DeepSeek's DSML with
 * the bars servers print it with; DeepSeek V4.1 Flash also writes the bars
 * doubled with a space after, `<｜｜DSML｜｜ invoke name="read">`.
 */
const PREFIXES = ["", "｜DSML｜", "|DSML|", "‖DSML‖", "｜｜DSML｜｜", "｜｜DSML｜｜ "];
/** A call's element and a parameter's, by how models spell them. */
const CALL_ELEMENTS = ["invoke", "function", "call_record"];
/** The attribute naming the tool: `name`, or Gemini's `tool` on its `<call_record>`. */
const nameAttribute = (element: string): string => (element.endsWith("call_record") ? "tool" : "name");
const PARAMETER_ELEMENTS = ["parameter", "param"];
/** Step3 prefixes its invoke and parameter elements; it has no other element of the family. */
const STEP3_INVOKE = "<steptml:invoke";
/** Glimmer's ATEM: the same elements with the `atem:` prefix, only `invoke` and `parameter`. */
const ATEM_INVOKE = "<atem:invoke";
/** Step3's call tokens around its invokes (fullwidth bars, underscores: not DeepSeek's `▁`). */
export const STEP3_TOKENS = { callsBegin: "<｜tool_calls_begin｜>", callsEnd: "<｜tool_calls_end｜>", callBegin: "<｜tool_call_begin｜>", callEnd: "<｜tool_call_end｜>", sep: "<｜tool_sep｜>" };
/** Wrappers around a turn's invokes, by prefix (`<｜｜DSML｜｜ calls>` with the spaced one). */
export const INVOKE_WRAPPERS = ["minimax:tool_call", "function_calls", "atem:function_calls", ...PREFIXES.slice(1).flatMap((prefix) => [`${prefix}function_calls`, `${prefix}tool_calls`, `${prefix}calls`])];
/** Wrappers another family opens with (its hold-back entry is its own), seen around these calls too. */
const OTHER_WRAPPERS = ["seed:tool_call", "tool_call"];
/** The openings the stream hold-back waits on, each closing at its `</…>`. */
export const INVOKE_OPENINGS: readonly (readonly [string, readonly string[]])[] = [
  ...INVOKE_WRAPPERS.map((wrapper): [string, string[]] => [`<${wrapper}>`, [`</${wrapper}>`]]),
  ...PREFIXES.flatMap((prefix) => CALL_ELEMENTS.map((element): [string, string[]] => [`<${prefix}${element} ${nameAttribute(element)}=`, [`</${prefix}${element}>`]])),
  [`${ATEM_INVOKE} name=`, ["</atem:invoke>"]],
  // Step3's invokes open at its call tokens only: the header between them and the invoke is checked.
  [STEP3_TOKENS.callsBegin, [STEP3_TOKENS.callsEnd]],
  [STEP3_TOKENS.callBegin, [STEP3_TOKENS.callEnd]],
];

const MAX_PARAMETERS = MAX_CALLS * 4;

/** `name="value"` at `at` (spaces before it skipped): the value and where the attribute ends. */
function attribute(text: string, at: number, name: string): { value: string; end: number } | undefined {
  const start = skipWhitespace(text, at);
  if (!text.startsWith(`${name}=`, start)) return undefined;
  const quote = text[start + name.length + 1];
  if (quote !== '"' && quote !== "'") return undefined;
  const valueStart = start + name.length + 2;
  const close = text.indexOf(quote, valueStart);
  if (close < 0 || close - valueStart > 256) return undefined;
  return { value: text.slice(valueStart, close), end: close + 1 };
}

/** The parameter element opening at `at` (`<parameter` or `<param`, a space after it), or `undefined`. */
function parameterOpen(body: string, at: number, prefix: string): string | undefined {
  return PARAMETER_ELEMENTS.map((element) => `<${prefix}${element}`).find((open) => body.startsWith(open, at) && /\s/.test(body[at + open.length] ?? ""));
}

/** The parameters of one call body; `undefined` when its markup is broken. */
function readParameters(body: string, prefix: string): [string, string][] | undefined {
  const params: [string, string][] = [];
  let position = skipWhitespace(body, 0);
  while (position < body.length) {
    const open = parameterOpen(body, position, prefix);
    if (open === undefined || params.length >= MAX_PARAMETERS) return undefined;
    const name = attribute(body, position + open.length, "name");
    if (name === undefined || name.value === "" || /[<>]/.test(name.value)) return undefined;
    let tagEnd = name.end;
    // DSML and Seed say whether the value is a string: `string="true"`; typing from the schema reads both right.
    const stringFlag = attribute(body, tagEnd, "string");
    if (stringFlag !== undefined) tagEnd = stringFlag.end;
    if (body[tagEnd] !== ">") return undefined;
    const close = `</${open.slice(1)}>`;
    const valueEnd = body.indexOf(close, tagEnd + 1);
    if (valueEnd < 0) return undefined;
    // Templates of this family write values inline: a newline inside the tags is the model's own.
    params.push([name.value, body.slice(tagEnd + 1, valueEnd)]);
    position = skipWhitespace(body, valueEnd + close.length);
  }
  return params;
}

/** The call element at `start` (on `<`): its call and where it ends. */
function callAt(content: string, start: number, open: string): { call: RawCall; end: number } | undefined {
  const name = attribute(content, start + open.length, nameAttribute(open));
  if (name === undefined || !TOOL_NAME.test(name.value) || content[name.end] !== ">") return undefined;
  const close = `</${open.slice(1)}>`;
  const closeAt = content.indexOf(close, name.end);
  if (closeAt < 0) return undefined;
  const element = CALL_ELEMENTS.find((candidate) => open.endsWith(candidate)) ?? "";
  const prefix = open.slice(1, open.length - element.length);
  const body = content.slice(name.end + 1, closeAt).trim();
  // Hermes-style models put the JSON arguments inside the element instead: `<function name="f">{"a": 1}</function>`.
  if (body.startsWith("{")) {
    return findJsonEnd(body, 0) === body.length ? { call: { name: name.value, arguments: { kind: "text", text: body } }, end: closeAt + close.length } : undefined;
  }
  const params = readParameters(content.slice(name.end + 1, closeAt), prefix);
  return params === undefined ? undefined : { call: { name: name.value, arguments: { kind: "params", params } }, end: closeAt + close.length };
}

/**
 * Step3's tokens around its calls, as spans: the call tokens, and the header
 * Step3 may write before an invoke (`function<｜tool_sep｜>edit_file`), whose
 * name must be the invoke's. `undefined` when a header is something else.
 */
function step3Spans(content: string, calls: readonly RawCall[], starts: readonly number[]): [number, number][] | undefined {
  const spans: [number, number][] = [];
  for (const [index, start] of starts.entries()) {
    const beginAt = content.lastIndexOf(STEP3_TOKENS.callBegin, start);
    const previousEnd = index === 0 ? -1 : content.lastIndexOf("</steptml:invoke>", start);
    if (beginAt < 0 || beginAt < previousEnd) continue;
    const header = content.slice(beginAt + STEP3_TOKENS.callBegin.length, start);
    const named = /^\s*(?:function<｜tool_sep｜>\s*([\w.:-]*)\s*)?$/.exec(header);
    if (named === null || (named[1] !== undefined && named[1] !== "" && named[1] !== calls[index]!.name)) return undefined;
    spans.push([beginAt, start]);
  }
  for (const token of Object.values(STEP3_TOKENS)) {
    for (let at = content.indexOf(token); at >= 0; at = content.indexOf(token, at + 1)) spans.push([at, at + token.length]);
  }
  return spans;
}

/** Every call element of the content (a wrapper's tokens go with them); `undefined` when one is broken. */
export function detectInvokes(content: string): Detection | undefined {
  const opens = [...PREFIXES.flatMap((prefix) => CALL_ELEMENTS.map((element) => `<${prefix}${element}`)), STEP3_INVOKE, ATEM_INVOKE];
  const open = opens.find((candidate) => content.includes(`${candidate} ${nameAttribute(candidate)}=`));
  if (open === undefined) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const head = `${open} ${nameAttribute(open)}=`;
  for (let start = content.indexOf(head); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(head, start + 1)) {
    const found = callAt(content, start, open);
    if (found === undefined) return undefined;
    calls.push(found.call);
    spans.push([start, found.end]);
  }
  if (open === STEP3_INVOKE) {
    const step3 = step3Spans(content, calls, spans.map(([start]) => start));
    if (step3 === undefined) return undefined;
    spans.push(...step3);
  }
  for (const wrapper of [...INVOKE_WRAPPERS, ...OTHER_WRAPPERS]) {
    for (const token of [`<${wrapper}>`, `</${wrapper}>`]) {
      for (let at = content.indexOf(token); at >= 0; at = content.indexOf(token, at + 1)) spans.push([at, at + token.length]);
    }
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
