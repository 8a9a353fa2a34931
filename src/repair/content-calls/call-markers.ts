/**
 * The markers a call written as text may open with, by how its block ends:
 * the table the stream hold-back reads openings from. A format added to the
 * extraction adds its opening here, or its streamed calls would go out as text.
 */
import { KIMI_ARGUMENT_BEGIN } from "./kimi-calls.ts";
import { LM_STUDIO_CLOSE, LM_STUDIO_OPEN } from "./lm-studio-calls.ts";
import { INVOKE_OPENINGS } from "./invoke-calls.ts";
import { MINIMAX_M3_OPENINGS } from "./minimax-m3-calls.ts";
import { PAYLOAD_FAMILIES } from "./marked-calls.ts";
import { CALL_TAGS, ELEMENT_INVOKE, HY4_WRAPPER, PARAMETER_OPEN } from "./tagged-calls.ts";
import { GEMMA_FAMILIES } from "./gemma-calls.ts";
import { QWEN_AGENT_ENDS, QWEN_AGENT_FUNCTION } from "./qwen-agent-calls.ts";
import { FUNCTIONARY_MARKERS } from "./functionary-calls.ts";
import { SOLAR_CALL } from "./solar-calls.ts";
import { PLAMO_REQUESTS } from "./plamo-calls.ts";
import { KIMI_K3_TOOLS } from "./kimi-k3-calls.ts";
import { IFM_CALL, IFM_SECTION } from "./ifm-calls.ts";
import { CWM_CLOSE, CWM_OPEN } from "./cwm-calls.ts";
import { JSON_WRAPPERS } from "./wrapped-json-calls.ts";
import { INKLING_ENDS, INKLING_INVOKE, INKLING_MESSAGE } from "./inkling-calls.ts";
import { ATTRIBUTED_TOOL_CALL, ATTRIBUTED_TOOL_USE, TOOL_CALL_CLOSE, TOOL_USE_CLOSE } from "./attributed-tag-calls.ts";
import { USER_TAG } from "./user-tag-calls.ts";

/** Markers that open a block ending at one of its closing markers (or at the end of the text). */
export const TAGS: readonly (readonly [string, readonly string[]])[] = [
  ...CALL_TAGS.map(([open, close]): [string, string[]] => [open, [close]]),
  ["<function=", ["</function>"]],
  // DeepSeek V4's `<tool_call id="…" name="…">{…}</tool_call>`.
  [ATTRIBUTED_TOOL_CALL, [TOOL_CALL_CLOSE]],
  [ATTRIBUTED_TOOL_USE, [TOOL_USE_CLOSE]],
  // Qwen3.5/3.6 opening a call with the tool's name in a parameter tag, `<parameter=bash>`.
  [PARAMETER_OPEN, ["</function>"]],
  ["<function_call>", ["</function_call>"]],
  [ELEMENT_INVOKE, ["</invoke>"]],
  [HY4_WRAPPER[0], [HY4_WRAPPER[1]]],
  // Laguna's calls between `<user>` tags.
  [USER_TAG[0], [USER_TAG[1]]],
  // MiniMax-M2 (not a prefix of Mistral's `[TOOL_CALLS]`: the `]` differs).
  ["[TOOL_CALL]", ["[/TOOL_CALL]"]],
  // Qwen-Agent: its calls run to the end of the text unless the model goes on to a result, on a line
  // of its own (the marker stays text: it is no closer to strip).
  [QWEN_AGENT_FUNCTION, QWEN_AGENT_ENDS.map((marker) => `\n${marker}`)],
  ["<|tool_call_start|>", ["<|tool_call_end|>"]],
  // Code World Model: `<tool: function>name input</tool>`.
  [CWM_OPEN, [CWM_CLOSE]],
  // Solar Open 2.
  [SOLAR_CALL[0], [SOLAR_CALL[1]]],
  // PLaMo 3's tool requests section.
  [PLAMO_REQUESTS[0], [PLAMO_REQUESTS[1]]],
  // IFM's K2: its section, or a call without it.
  [IFM_SECTION[0], [IFM_SECTION[1]]],
  [IFM_CALL[0], [IFM_CALL[1]]],
  // Kimi K3's XTML tools section.
  [KIMI_K3_TOOLS[0], [KIMI_K3_TOOLS[1]]],
  // Inkling: a model message (its header names the tool), or the call's block alone.
  [INKLING_MESSAGE, INKLING_ENDS],
  [INKLING_INVOKE, INKLING_ENDS],
  // Kimi K2.
  ["<|tool_calls_section_begin|>", ["<|tool_calls_section_end|>"]],
  ["<|tool_call_begin|>", ["<|tool_call_end|>", "<|tool_calls_section_end|>"]],
  ...["｜", "|"].flatMap((bar): [string, string[]][] => [
    [`<${bar}tool▁calls▁begin${bar}>`, [`<${bar}tool▁calls▁end${bar}>`]],
    [`<${bar}tool▁call▁begin${bar}>`, [`<${bar}tool▁call▁end${bar}>`]],
    // DeepSeek R1's distilled models: one token for the block's opening and its first call's.
    [`<${bar}tool▁calls${bar}>`, [`<${bar}tool▁call▁end${bar}>`]],
  ]),
  ...INVOKE_OPENINGS,
  // MiniMax-M3: its namespace token opens the call, so the prose before it goes out without it.
  ...MINIMAX_M3_OPENINGS,
  ...GEMMA_FAMILIES.map((family): [string, string[]] => [family.open, [family.close]]),
  ...PAYLOAD_FAMILIES.filter((family) => family.closed === true).map((family): [string, readonly string[]] => [family.open, family.closers]),
];
/** Markers followed by a JSON call, a pythonic call list or (Mistral) `name[ARGS]{…}`. */
export const PAYLOAD_MARKERS = [
  "[TOOL_CALLS]",
  LM_STUDIO_OPEN,
  ...PAYLOAD_FAMILIES.filter((family) => family.closed !== true && family.lineStart !== true).map((family) => family.open),
];
/** Payload markers that are words: they open a call only at the start of the text or of a line. */
export const LINE_PAYLOAD_MARKERS = PAYLOAD_FAMILIES.filter((family) => family.lineStart === true).map((family) => family.open);
/** gpt-oss Harmony frames: a header naming the recipient (`to=functions.x`), then `<|message|>`. */
export const HARMONY_MARKERS = ["<|start|>", "<|channel|>"];
export const HARMONY_HEADER_LIMIT = 256;
/**
 * The recipient opening the header where the prompt already wrote
 * `<|start|>assistant`: the answer starts ` to=functions.x<|channel|>commentary …<|message|>`.
 * Read where a line opens.
 */
export const HARMONY_RECIPIENT = "to=functions.";
export const HARMONY_ENDS = ["<|call|>", "<|end|>", "<|return|>", "<|start|>"];
/**
 * Openings read only where a line (or the text) opens, each followed by a
 * declared tool's name and a JSON object: Harmony with its special tokens
 * stripped, the channel or the role first (`commentary to=functions.get_weather json{…}`,
 * `assistant to=functions.get_weather commentary json {…}`, see
 * `harmony-text-calls.ts`), and the labels agents write calls into their
 * history with (`[Tool Use: Bash] {…}`, `[Calling tool: Bash with arguments: {…}]`,
 * see `tool-use-label-calls.ts`).
 */
export const HARMONY_TEXT_OPENINGS = ["commentary to=functions.", "assistant to=functions."] as const;
export const TOOL_USE_LABEL_OPEN = "[Tool Use: ";
/** Hermes Agent's label for earlier calls, `[Calling tool: name with arguments: {…}]` (see `tool-use-label-calls.ts`). */
export const CALLING_TOOL_LABEL_OPENS = ["[Calling tool: ", "[Calling Tool: "];
/** OpenClaw's label for earlier calls, `[Tool Call: name (ID: call_1)] Arguments: {…}` (see `tool-use-label-calls.ts`). */
export const TOOL_CALL_LABEL_OPEN = "[Tool Call: ";
/** A transcript label models copy from chat surfaces, `[Called function "name" with args: {…}]` (see `tool-use-label-calls.ts`). */
export const CALLED_FUNCTION_LABEL_OPEN = '[Called function "';
/** Kiro's label for earlier calls, which models behind it copy: `[Called name with args: {…}]` (see `tool-use-label-calls.ts`). */
export const CALLED_LABEL_OPEN = "[Called ";
/** A gateway's label for a call it could not pass on, `[Tool call: name({…})]` (see `tool-use-label-calls.ts`). */
export const TOOL_CALL_LOWER_LABEL_OPEN = "[Tool call: ";
/**
 * smolagents' log line for a call, `Calling tool: 'name' with arguments: {…}`, and the same line DeepResearchAgent
 * writes into the model's history as its output, `Called Tool: 'name' with arguments: {…}` (see `tool-use-label-calls.ts`).
 */
export const AGENT_LOG_LABEL_OPENS = ["Calling tool: '", "Called Tool: '"] as const;
/** The same label as a line of its own, `Tool call: name({…})`, at times after Claude Code's bullet (see `tool-use-label-calls.ts`). */
export const TOOL_CALL_LINE_OPENS = ["Tool call: ", "Tool Call: ", "⏺ Tool call: ", "● Tool call: "] as const;
/**
 * Kimi K2 with its special tokens stripped: a declared tool's call id, then
 * the JSON object (`functions.read_file:0  {…}`), the calls ending their
 * line (see `kimi-text-calls.ts`).
 */
export const KIMI_TEXT_OPENING = "functions.";
export const FENCE = "```";
/**
 * Fences whose body is read as JSON calls: plain, `json`, the labels
 * agent prompts ask calls in (```tool, ```tool_use, ```function_call), and
 * ```homeassistant, the block Home Assistant's local models (home-llm) write
 * their calls in.
 */
export const JSON_FENCE_INFOS = ["", "json", "tool", "tool_use", "function_call", "homeassistant"];
/** A JSON fence's word, then its object on the same line (```json {…} ```): the word, and what precedes the object. */
export const INLINE_JSON_FENCE = /^([A-Za-z_]{0,16})[ \t]*(?=\{)/;
/** Fences a call may sit in: the JSON ones, and Gemma's ```tool_code (Python calls or JSON) and ```tool_call. */
export const FENCE_INFOS = [...JSON_FENCE_INFOS, "tool_call", "tool_code"];
/** Tokens that may follow a declared name opening a line: Kimi's `name:0<|tool_call_argument_begin|>{…}`. */
export const NAME_ARGUMENT_TOKENS = [KIMI_ARGUMENT_BEGIN];
/** Closes LM Studio's `[name]\n{…}` form. */
export const BRACKETED_NAME_CLOSE = LM_STUDIO_CLOSE;
/** Tags that open a call only when JSON follows them (`<response>` is also Granite's answer): opening, closing. */
export const JSON_WRAPPER_TAGS = JSON_WRAPPERS;
export const MARKERS = [...TAGS.map(([open]) => open), ...JSON_WRAPPER_TAGS.map(([open]) => open), ...PAYLOAD_MARKERS, ...HARMONY_MARKERS, ...FUNCTIONARY_MARKERS, FENCE];
export const MARKER_FIRST_CHARS = new Set(MARKERS.map((marker) => marker[0]!));

/** `yes` when `text` holds `marker` at `at`, `wait` when it holds a beginning of it and ends, else `no`. */
export function markerAt(text: string, at: number, marker: string): "yes" | "wait" | "no" {
  const available = text.length - at;
  if (available >= marker.length) return text.startsWith(marker, at) ? "yes" : "no";
  return marker.startsWith(text.slice(at)) ? "wait" : "no";
}
