/**
 * XML-ish call markup: Hermes/Qwen `<tool_call>…</tool_call>` (Seed-OSS
 * `<seed:tool_call>`, LongCat `<longcat_tool_call>`, `<tool>`, MiniMax's
 * `[TOOL_CALL]…[/TOOL_CALL]`), Groq/Llama
 * `<function=name>{…}</function>`, Qwen3-Coder `<parameter=key>value</parameter>`
 * and GLM `<arg_key>key</arg_key><arg_value>value</arg_value>`.
 */
import { PRINT_OPEN, readCodeCalls } from "./code-calls.ts";
import { readPythonCalls } from "./python-calls.ts";
import { opensWithNameElement, readElementCall } from "./element-calls.ts";
import { payloadAt } from "./marked-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { findJsonEnd, readName, skipWhitespace } from "./scan.ts";

/** The text between `open` and `close` from `from`; an unclosed tag runs to `limit`. */
function between(text: string, open: string, close: string, from: number, limit: number): { body: string; start: number; end: number } | undefined {
  const start = text.indexOf(open, from);
  if (start < 0 || start >= limit) return undefined;
  const bodyStart = start + open.length;
  const closeAt = text.indexOf(close, bodyStart);
  const bodyEnd = closeAt < 0 || closeAt > limit ? limit : closeAt;
  return { body: text.slice(bodyStart, bodyEnd), start, end: closeAt < 0 || closeAt > limit ? limit : closeAt + close.length };
}

/** Qwen3-Coder's parser drops the one newline either side of a value; so do we. */
export function trimValue(value: string): string {
  let result = value;
  if (result.startsWith("\n")) result = result.slice(1);
  if (result.endsWith("\n")) result = result.slice(0, -1);
  return result;
}

/**
 * Pairs `<open key>value</close>`; `undefined` when the markup is broken.
 * `trim`: the template puts a newline either side of each value (Qwen3-Coder);
 * GLM's does not, so a newline there is the model's own.
 */
function readPairs(body: string, keyOpen: string, keyClose: string, valueOpen: string, valueClose: string, trim: boolean): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  let position = 0;
  while (pairs.length <= MAX_CALLS * 4) {
    const keyAt = body.indexOf(keyOpen, position);
    if (keyAt < 0) return pairs;
    const keyEnd = body.indexOf(keyClose, keyAt + keyOpen.length);
    if (keyEnd < 0) return undefined;
    const key = body.slice(keyAt + keyOpen.length, keyEnd).trim();
    const valueAt = valueOpen === "" ? keyEnd + keyClose.length : body.indexOf(valueOpen, keyEnd + keyClose.length);
    if (valueAt < 0 || key === "" || key.length > 128 || /[<>]/.test(key)) return undefined;
    const valueStart = valueAt + valueOpen.length;
    const valueEnd = body.indexOf(valueClose, valueStart);
    if (valueEnd < 0) return undefined;
    const value = body.slice(valueStart, valueEnd);
    pairs.push([key, trim ? trimValue(value) : value]);
    position = valueEnd + valueClose.length;
  }
  return undefined;
}

/** `<function=name>` followed by `<parameter=…>` pairs or a JSON object. */
function functionTagCall(body: string): RawCall | undefined {
  const trimmed = body.trim();
  if (!trimmed.startsWith("<function=")) return undefined;
  const name = readName(trimmed, "<function=".length);
  if (!TOOL_NAME.test(name)) return undefined;
  let rest = trimmed.slice("<function=".length + name.length);
  const closeAt = rest.lastIndexOf("</function>");
  if (closeAt >= 0) rest = rest.slice(0, closeAt);
  // Groq's variants: `<function=name>{…}`, `<function=name{…}`, `<function=name,{…}`.
  rest = rest.replace(/^[>,]/, "").trim();
  if (rest.startsWith("<parameter=")) {
    const params = readPairs(rest, "<parameter=", ">", "", "</parameter>", true);
    return params === undefined ? undefined : { name, arguments: { kind: "params", params } };
  }
  if (rest === "" || rest === ">") return { name, arguments: emptyArguments };
  if (!rest.startsWith("{")) return undefined;
  const end = findJsonEnd(rest, 0);
  // An unclosed object goes to the pipeline as it is: it decides whether it was cut short.
  return { name, arguments: { kind: "text", text: end < 0 ? rest : rest.slice(0, end) } };
}

/** What can sit inside `<tool_call>…</tool_call>`, by model family. */
function callsInToolCallBody(body: string): RawCall[] | undefined {
  const trimmed = body.trim();
  // Several JSON calls in one block are several calls, not the first one.
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return payloadAt(trimmed, 0)?.calls;
  if (trimmed.startsWith("<function=") || opensWithNameElement(trimmed)) {
    const call = trimmed.startsWith("<function=") ? functionTagCall(trimmed) : readElementCall(trimmed);
    return call === undefined ? undefined : [call];
  }
  if (trimmed.startsWith(PRINT_OPEN)) return readCodeCalls(trimmed, false);
  const name = readName(trimmed, 0);
  if (!TOOL_NAME.test(name)) return undefined;
  // Hunyuan Hy3 puts `<tool_sep>` between the name and its arguments.
  const afterName = trimmed.slice(name.length);
  const rest = afterName.trimStart().startsWith(TOOL_SEP) ? afterName.trimStart().slice(TOOL_SEP.length) : afterName;
  // GLM-4.5/4.6/4.7 and Hunyuan: `name<arg_key>k</arg_key><arg_value>v</arg_value>…`; Hy4 suffixes every tag.
  const suffix = rest.trimStart().startsWith(`<arg_key${HY4_SUFFIX}>`) ? HY4_SUFFIX : "";
  if (rest.trimStart().startsWith(`<arg_key${suffix}>`)) {
    const params = readPairs(rest, `<arg_key${suffix}>`, `</arg_key${suffix}>`, `<arg_value${suffix}>`, `</arg_value${suffix}>`, false);
    return params === undefined ? undefined : [{ name, arguments: { kind: "params", params } }];
  }
  // GLM bare zero-argument call: `<tool_call>list_mailboxes</tool_call>`.
  if (rest.trim() === "") return [{ name, arguments: emptyArguments }];
  // GLM-4 `name\n{…}`, and pythonic `name(a=1)`.
  const restStart = skipWhitespace(rest, 0);
  if (rest[restStart] === "{") {
    const end = findJsonEnd(rest, restStart);
    return [{ name, arguments: { kind: "text", text: end < 0 ? rest.slice(restStart) : rest.slice(restStart, end) } }];
  }
  if (rest.startsWith("(")) return readPythonCalls(trimmed, 0, false)?.calls;
  return undefined;
}

/**
 * Every `open…close` block; `undefined` when there is none or one of them is
 * not a call. A `wrapper` opening right before the first block is markup too
 * (its closing goes as a stray closer).
 */
function detectTagBlocks(content: string, open: string, close: string, wrapper?: string): Detection | undefined {
  if (!content.includes(open)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const nextOpen = content.indexOf(open, position);
    if (nextOpen < 0) break;
    // An unclosed block ends where the next one opens, or at the end.
    const following = content.indexOf(open, nextOpen + 1);
    const block = between(content, open, close, nextOpen, following < 0 ? content.length : following);
    if (block === undefined) break;
    const found = callsInToolCallBody(block.body);
    if (found === undefined) return undefined;
    calls.push(...found);
    spans.push([block.start, block.end]);
    position = block.end;
  }
  const first = spans[0]?.[0] ?? 0;
  const wrapperAt = wrapper === undefined ? -1 : content.lastIndexOf(wrapper, first);
  if (wrapperAt >= 0 && content.slice(wrapperAt + wrapper!.length, first).trim() === "") spans.push([wrapperAt, first]);
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** Tags around one call each: Hermes, Qwen, GLM; Seed-OSS; LongCat. Their bodies are read alike. */
export const CALL_TAGS: readonly (readonly [string, string])[] = [
  ["<tool_call>", "</tool_call>"],
  ["<seed:tool_call>", "</seed:tool_call>"],
  ["<longcat_tool_call>", "</longcat_tool_call>"],
  // What some community templates (gemma3-tools) ask for.
  ["<tool>", "</tool>"],
  // Anthropic-style, as models trained on Claude's transcripts write it: JSON or `<name>`/`<input>` elements.
  ["<tool_use>", "</tool_use>"],
  // Hunyuan Hy4: Hy3's tags, each with the checkpoint's suffix.
  ["<tool_call:opensource>", "</tool_call:opensource>"],
  // Nemotron-Mini's own tags, and the tags Gemma and Gemini write Python calls in (`print(default_api.f(…))`).
  ["<toolcall>", "</toolcall>"],
  ["<tool_code>", "</tool_code>"],
];
const TOOL_SEP = "<tool_sep>";
const HY4_SUFFIX = ":opensource";
/** Wrappers around a turn's call tags: Hunyuan's `<tool_calls>`, Hy4's suffixed. */
const TAG_WRAPPERS: Readonly<Record<string, string>> = { "<tool_call>": "<tool_calls>", "<tool_call:opensource>": "<tool_calls:opensource>" };
/** Hy4's wrapper, where the stream hold-back opens (it closes at its own closing tag). */
export const HY4_WRAPPER: readonly [string, string] = ["<tool_calls:opensource>", "</tool_calls:opensource>"];

/** Every block of the first call tag the content holds. */
export function detectToolCallTags(content: string): Detection | undefined {
  const tag = CALL_TAGS.find(([open]) => content.includes(open));
  return tag === undefined ? undefined : detectTagBlocks(content, tag[0], tag[1], TAG_WRAPPERS[tag[0]]);
}

/** The older Claude XML: `<function_calls><invoke><tool_name>…</tool_name><parameters>…</parameters></invoke>`. */
export const detectElementInvokes = (content: string): Detection | undefined => detectTagBlocks(content, ELEMENT_INVOKE, "</invoke>", "<function_calls>");
export const ELEMENT_INVOKE = "<invoke>";

/** MiniMax-M2's inline `[TOOL_CALL] {"tool": …, "args": {…}} [/TOOL_CALL]` blocks. */
export const detectMiniMaxTags = (content: string): Detection | undefined => detectTagBlocks(content, "[TOOL_CALL]", "[/TOOL_CALL]");

/** Every `<function_call>` block: the same bodies under another tag, as some fine-tunes write them. */
export const detectFunctionCallTags = (content: string): Detection | undefined => detectTagBlocks(content, "<function_call>", "</function_call>");

/** `<function=…>` blocks outside any `<tool_call>` (Groq's Llama format, bare Qwen3-Coder). */
export function detectFunctionTags(content: string): Detection | undefined {
  if (!content.includes("<function=")) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const start = content.indexOf("<function=", position);
    if (start < 0) break;
    const following = content.indexOf("<function=", start + 1);
    const limit = following < 0 ? content.length : following;
    const closeAt = content.indexOf("</function>", start);
    const end = closeAt >= 0 && closeAt < limit ? closeAt + "</function>".length : limit;
    const call = functionTagCall(content.slice(start, end));
    if (call === undefined) return undefined;
    calls.push(call);
    spans.push([start, end]);
    position = end;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
