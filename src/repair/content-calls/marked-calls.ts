/**
 * Calls after a family's marker, as one JSON call, a JSON list of calls,
 * several JSON calls (`;` or `,` between them), a pythonic list or pythonic
 * calls (`name(a=1)`), with the
 * family's closing token after them when it has one: Llama 3.1
 * `<|python_tag|>{…}`, Llama 4 `<|python_start|>[f(a=1)]<|python_end|>`,
 * Granite `<|tool_call|>[…]`, Phi-4-mini and FireFunction `functools[…]`,
 * Hunyuan and Jamba `<tool_calls>[…]</tool_calls>`, Nemotron `<TOOLCALL>[…]</TOOLCALL>`,
 * Command R7B `<|START_ACTION|>[…]<|END_ACTION|>` and InternLM2
 * `<|action_start|><|plugin|>{…}<|action_end|>`, Apertus `<|tools_prefix|>[{"name": {…}}]<|tools_suffix|>`,
 * GigaChat 3 `<|message_sep|>function call<|role_sep|>{…}` and GigaChat 3.1 `<|function_call|>{…}`,
 * openPangu `[unused11][…][unused12]`, ModelScope-Agent's plugin call
 * `<|startofthink|>```JSON\n{"api_name": …, "parameters": {…}}\n```<|endofthink|>`,
 * MediaTek Breeze `<｜tool_call_begin｜>{…}<｜tool_call_end｜>`.
 */
import { isJsonObject, type JsonObject } from "../../json.ts";
import { ownValue } from "../json-pointer.ts";
import { callsFromJson, nameKeyedIdCall } from "./json-calls.ts";
import { readPythonCalls } from "./python-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { parseJsonAt, skipWhitespace } from "./scan.ts";
import { FUNCTIONARY_CODE_TOOL } from "./functionary-calls.ts";
import { splitEndOfTurn } from "./end-of-turn.ts";

/** The marker raw code may follow (see `rawCodeAt`). */
const RAW_CODE_MARKER = "<|python_tag|>";
/** The code tool's names: Functionary v3.1's `python`, Llama 3.1's built-in `code_interpreter`, its `ipython` role. */
const CODE_TOOLS: readonly string[] = [FUNCTIONARY_CODE_TOOL, "code_interpreter", "ipython"];

export interface PayloadMarker {
  readonly open: string;
  /** Tokens that may end the payload (dropped with it); none: the payload ends itself. */
  readonly closers: readonly string[];
  /** A token that may follow the marker before the payload (InternLM's `<|plugin|>`). */
  readonly then?: string;
  /** `then` must follow the marker (GigaChat's separator opens every message; only `function call` ones are calls). */
  readonly thenRequired?: boolean;
  /** The marker is a word, so it must open the text or a line (`functools`). */
  readonly lineStart?: boolean;
  /** The family always writes a closer: the stream hold-back waits for it rather than for the payload's end. */
  readonly closed?: boolean;
  /** Each call is an object keyed by the tool's name (Apertus: `[{"get_time": {"tz": "UTC"}}]`). */
  readonly keyed?: boolean;
  /** The payload may sit in a ``` fence (with a `json` info string) between the marker and the closer. */
  readonly fenced?: boolean;
}

/** By marker. A marker that is the start of another comes after it. */
export const PAYLOAD_FAMILIES: readonly PayloadMarker[] = [
  { open: "<|python_tag|>", closers: ["<|eom_id|>", "<|eot_id|>"] },
  { open: "<|python_start|>", closers: ["<|python_end|>"], closed: true },
  { open: "<|tool_call|>", closers: ["<|/tool_call|>", "</tool_call>"] },
  { open: "functools", closers: [], lineStart: true },
  { open: "<tool_calls>", closers: ["</tool_calls>"], closed: true },
  { open: "<TOOLCALL>", closers: ["</TOOLCALL>"], closed: true },
  { open: "<|START_ACTION|>", closers: ["<|END_ACTION|>"], closed: true },
  { open: "<|action_start|>", closers: ["<|action_end|>"], then: "<|plugin|>", closed: true },
  { open: "<|tools_prefix|>", closers: ["<|tools_suffix|>"], closed: true, keyed: true },
  // Glaive-trained fine-tunes: `<functioncall> {"name": …, "arguments": '{…}'}`, arguments often as a quoted string.
  { open: "<functioncall>", closers: ["<|endoftext|>"] },
  // The same call written inside the tag's brackets, `<functioncall {"name": …, "arguments": …}>` (local models behind
  // Home Assistant's and Open WebUI's prompts): the tag's `>` after the object ends it.
  { open: "<functioncall ", closers: [">"], closed: true },
  // GigaChat 3.1, and GigaChat 3's function-call message (its role after the separator); `</s>` may end either.
  { open: "<|function_call|>", closers: ["</s>"] },
  { open: "<|message_sep|>", then: "function call<|role_sep|>", thenRequired: true, closers: ["</s>"] },
  // openPangu, whose tokenizer has no named call tokens: its reserved `[unused11]`/`[unused12]` pieces around a JSON list.
  { open: "[unused11]", closers: ["[unused12]"], closed: true },
  // ModelScope-Agent (MSAgent-Bench fine-tunes such as XVERSE-Chat): a JSON plugin call, often in a ```JSON fence.
  { open: "<|startofthink|>", closers: ["<|endofthink|>"], closed: true, fenced: true },
  // MediaTek Research's Breeze: one JSON call per block, between fullwidth-bar tokens (not Kimi's ASCII `<|tool_call_begin|>`).
  { open: "<｜tool_call_begin｜>", closers: ["<｜tool_call_end｜>"], closed: true },
];

/** A fence's opening (``` and a `json` info string, any case) at `at`: where its body starts. */
const PAYLOAD_FENCE_OPEN = /```(?:json)?[ \t]*(?:\r?\n)?/iy;

/** Whether `at` opens the text or a line (spaces before it aside). */
function opensLine(content: string, at: number): boolean {
  let before = at;
  while (before > 0 && (content[before - 1] === " " || content[before - 1] === "\t")) before--;
  return before === 0 || content[before - 1] === "\n";
}

/** `name(…)` calls one after another (`;` or a line between them); Llama 3.1's built-ins add `.call`. */
function bareCallsAt(content: string, start: number): { calls: RawCall[]; end: number } | undefined {
  const calls: RawCall[] = [];
  let cursor = start;
  let end = start;
  while (calls.length <= MAX_CALLS && /[A-Za-z_]/.test(content[cursor] ?? "")) {
    const read = readPythonCalls(content, cursor, false);
    if (read === undefined) return undefined;
    calls.push(...read.calls.map((call) => (call.name.endsWith(".call") ? { ...call, name: call.name.slice(0, -".call".length) } : call)));
    end = read.end;
    cursor = skipWhitespace(content, read.end);
    if (content[cursor] !== ";") break;
    cursor = skipWhitespace(content, cursor + 1);
  }
  return calls.length === 0 ? undefined : { calls, end };
}

/**
 * `[{…}, {…}` running to the end of the text with its `]` left out (granite
 * on llama-box): the elements, when each is a whole object and the last is
 * not followed by a comma, which would say another was coming.
 */
function unclosedListAt(content: string, start: number): { value: unknown[]; end: number } | undefined {
  const items: unknown[] = [];
  let cursor = skipWhitespace(content, start + 1);
  let comma = false;
  while (content[cursor] === "{" && items.length <= MAX_CALLS) {
    const parsed = parseJsonAt(content, cursor);
    if (parsed === undefined) return undefined;
    items.push(parsed.value);
    cursor = skipWhitespace(content, parsed.end);
    comma = content[cursor] === ",";
    if (comma) cursor = skipWhitespace(content, cursor + 1);
  }
  return items.length > 0 && !comma && cursor >= content.length ? { value: items, end: content.length } : undefined;
}

/**
 * The calls of the payload at `start` (JSON calls in a row, or pythonic ones), and where they end.
 * `closers`: tokens that end the payload even where a JSON value could start (Pangu's `[unused12]`).
 */
export function payloadAt(content: string, start: number, closers: readonly string[] = []): { calls: RawCall[]; end: number } | undefined {
  if (content[start] === "[" && /^\[\s*[A-Za-z_]/.test(content.slice(start, start + 64))) {
    const pythonic = readPythonCalls(content, start);
    return pythonic === undefined ? undefined : { calls: pythonic.calls, end: pythonic.end };
  }
  if (/[A-Za-z_]/.test(content[start] ?? "")) return bareCallsAt(content, start);
  const calls: RawCall[] = [];
  let cursor = start;
  let end = start;
  while (calls.length <= MAX_CALLS && (content[cursor] === "{" || content[cursor] === "[") && !closers.some((token) => content.startsWith(token, cursor))) {
    const closed = parseJsonAt(content, cursor);
    const open = closed === undefined && content[cursor] === "[" ? unclosedListAt(content, cursor) : undefined;
    const parsed = closed ?? open;
    const found = parsed === undefined ? undefined : callsFromJson(parsed.value);
    if (found === undefined || parsed === undefined) return undefined;
    calls.push(...(open === undefined ? found : found.map((call): RawCall => ({ ...call, fromOpenList: true }))));
    end = parsed.end;
    cursor = skipWhitespace(content, parsed.end);
    if (content[cursor] === ";" || content[cursor] === ",") cursor = skipWhitespace(content, cursor + 1);
  }
  return calls.length === 0 ? undefined : { calls, end };
}

/** Apertus's `[{"name": {…arguments}}, …]` (or one such object) at `start`: one key each, its value the arguments. */
function keyedPayloadAt(content: string, start: number): { calls: RawCall[]; end: number } | undefined {
  const parsed = parseJsonAt(content, start);
  if (parsed === undefined) return undefined;
  const entries = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: RawCall[] = [];
  for (const entry of entries.slice(0, MAX_CALLS + 1)) {
    const keys = isJsonObject(entry) ? Object.keys(entry) : [];
    const args = keys.length === 1 ? ownValue(entry as JsonObject, keys[0]!) : undefined;
    if (!isJsonObject(args)) return undefined;
    // `{"name": {"id": "call_1", "args": {…}}}`: the call's id beside its arguments (the tool declaring neither key).
    calls.push(nameKeyedIdCall(entry as JsonObject) ?? { name: keys[0]!, arguments: { kind: "json", value: args } });
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, end: parsed.end } : undefined;
}

/**
 * Llama 3.1 writes raw code after `<|python_tag|>` for its code interpreter,
 * Functionary v3.1 (on Llama 3.1's tokens) for its `python` tool:
 * `<|python_tag|>import os\nprint(os.getcwd())<|eom_id|>` is that tool's
 * `code`, up to the end token or the text's end (its stop tokens left out), for the one declared tool
 * named `python`, `code_interpreter` or `ipython` that declares `code`. Only
 * code that opens with a name (what the stream hold-back waits on); a payload
 * that reads as calls (`x.call(…)`, JSON) is read as those.
 */
function rawCodeAt(content: string, start: number, family: PayloadMarker): { calls: RawCall[]; end: number } | undefined {
  if (family.open !== RAW_CODE_MARKER || !/[A-Za-z_]/.test(content[start] ?? "")) return undefined;
  const closers = family.closers.map((token) => content.indexOf(token, start)).filter((at) => at >= 0);
  // Without the family's own closer, a stop token of another template printed at the text's end is not code either.
  const end = closers.length > 0 ? Math.min(...closers) : start + splitEndOfTurn(content.slice(start)).body.length;
  const code = content.slice(start, end).trimEnd();
  return { calls: [{ name: CODE_TOOLS[0]!, nameChoices: CODE_TOOLS, arguments: { kind: "params", params: [["code", code]], declaredOnly: true, notXml: true } }], end: start + code.length };
}

/** One block of `family` at `markerAt`: its calls and its span, closer included. */
function blockAt(content: string, markerAt: number, family: PayloadMarker): { calls: RawCall[]; end: number } | undefined {
  let cursor = skipWhitespace(content, markerAt + family.open.length);
  if (family.then !== undefined && content.startsWith(family.then, cursor)) cursor = skipWhitespace(content, cursor + family.then.length);
  else if (family.thenRequired === true) return undefined;
  PAYLOAD_FENCE_OPEN.lastIndex = cursor;
  const fenced = family.fenced === true && PAYLOAD_FENCE_OPEN.test(content);
  if (fenced) cursor = skipWhitespace(content, PAYLOAD_FENCE_OPEN.lastIndex);
  // A keyed family's payload may still be written as ordinary JSON calls.
  const payload = (family.keyed === true ? keyedPayloadAt(content, cursor) : undefined) ?? payloadAt(content, cursor, family.closers) ?? rawCodeAt(content, cursor, family);
  if (payload === undefined) return undefined;
  let end = payload.end;
  // A fence opened after the marker closes before the closer, or the block is not the family's.
  if (fenced) {
    const fenceClose = skipWhitespace(content, end);
    if (!content.startsWith("```", fenceClose)) return undefined;
    end = fenceClose + 3;
  }
  const after = skipWhitespace(content, end);
  const closer = family.closers.find((token) => content.startsWith(token, after));
  return { calls: payload.calls, end: closer === undefined ? end : after + closer.length };
}

/** Where a marker of `family` opens next from `from` on (at a line's start, for a word marker); -1 when none does. */
function nextMarker(content: string, from: number, family: PayloadMarker): number {
  for (let at = content.indexOf(family.open, from); at >= 0; at = content.indexOf(family.open, at + 1)) {
    if (family.lineStart !== true || opensLine(content, at)) return at;
  }
  return -1;
}

/**
 * The first family whose marker the content holds, every block of it: blocks in a row, and the rows after words
 * (`<tool_calls>[…]</tool_calls>`, a sentence, `<tool_calls>[…]</tool_calls>`), each block its own span, so the
 * first group of calls is read and the text after it on its own (see `call-groups.ts`); `undefined` when one block
 * is not calls.
 */
export function detectMarkedPayload(content: string): Detection | undefined {
  for (const family of PAYLOAD_FAMILIES) {
    let markerAt = nextMarker(content, 0, family);
    if (markerAt < 0) continue;
    const calls: RawCall[] = [];
    const spans: [number, number][] = [];
    while (markerAt >= 0 && calls.length <= MAX_CALLS) {
      while (calls.length <= MAX_CALLS && content.startsWith(family.open, markerAt)) {
        const block = blockAt(content, markerAt, family);
        if (block === undefined) return undefined;
        calls.push(...block.calls);
        spans.push([markerAt, block.end]);
        markerAt = skipWhitespace(content, block.end);
      }
      // Llama's end-of-turn tokens may trail the calls, after a space or a line.
      for (const closer of family.closers) {
        const at = content.indexOf(closer, markerAt);
        if (at >= 0 && content.slice(markerAt, at).trim() === "") spans.push([at, at + closer.length]);
      }
      markerAt = nextMarker(content, Math.max(...spans.map(([, end]) => end)), family);
    }
    return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
  }
  return undefined;
}
