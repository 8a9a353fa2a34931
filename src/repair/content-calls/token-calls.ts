/**
 * Calls framed by a model family's special tokens, left in `content` when
 * the server had no parser for them: gpt-oss Harmony, DeepSeek, Mistral
 * and LFM2 (markers followed by JSON calls are in `marked-calls.ts`).
 */
import { splitEndOfTurn } from "./end-of-turn.ts";
import { callsFromJson } from "./json-calls.ts";
import { closerAfterPythonList } from "./closer-after-python-list.ts";
import { callEndAfterArguments } from "./closer-after-deepseek-args.ts";
import { readPythonCalls } from "./python-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { argumentsLineEnd, closerAfterJson, findJsonEnd, onlyStrayClosers, parseJsonAt, readName, skipSpaces, skipWhitespace, stripFence } from "./scan.ts";
import { wordsForJsonArguments } from "./bare-arguments.ts";

/** The first of `tokens` found at or after `from`, as [index, token]; [-1, ""] when none. */
function firstOf(text: string, tokens: readonly string[], from: number): [number, string] {
  let best: [number, string] = [-1, ""];
  for (const token of tokens) {
    const index = text.indexOf(token, from);
    if (index >= 0 && (best[0] < 0 || index < best[0])) best = [index, token];
  }
  return best;
}

/** Arguments text up to the end of its JSON object, when it has one. */
function jsonText(text: string): string {
  const trimmed = stripFence(text);
  if (!trimmed.startsWith("{")) return trimmed;
  const end = findJsonEnd(trimmed, 0);
  return end < 0 ? trimmed : trimmed.slice(0, end);
}

/**
 * Whether `args`, with `kept` (the arguments read from it) taken out, holds more than a fence's markup, `tokens`,
 * stop tokens at its end, space and brackets typed once too often: words that reading `kept` alone would drop.
 */
function wordsLeftOut(args: string, kept: string, tokens: readonly string[]): boolean {
  const at = kept === "" ? -1 : args.indexOf(kept);
  let rest = at < 0 ? args : args.slice(0, at) + args.slice(at + kept.length);
  for (const token of tokens) rest = rest.split(token).join("");
  // Only the opening fence carries an info string: a word glued to the closing one is the model's.
  return !onlyStrayClosers(splitEndOfTurn(rest).body.replace(/^\s*```[\w-]*/, "").replaceAll("`", ""));
}

const HARMONY_HEADER_LIMIT = 200;

/** Tokens that end a Harmony frame: a header never reaches back past one. */
const HARMONY_FRAME_ENDS = ["<|message|>", "<|end|>", "<|call|>", "<|return|>"];

/** Where the frame holding the recipient at `recipientAt` opens: its `<|start|>`, else its `<|channel|>`. */
function harmonyFrameStart(content: string, recipientAt: number, notBefore: number): number {
  let header = content.slice(Math.max(notBefore, recipientAt - HARMONY_HEADER_LIMIT), recipientAt);
  const cut = Math.max(0, ...HARMONY_FRAME_ENDS.map((token) => {
    const at = header.lastIndexOf(token);
    return at < 0 ? 0 : at + token.length;
  }));
  header = header.slice(cut);
  const offset = recipientAt - header.length;
  for (const token of ["<|start|>", "<|channel|>"]) {
    const at = header.lastIndexOf(token);
    if (at >= 0) return offset + at;
  }
  return recipientAt;
}

/** Harmony's header tokens and the words its headers hold: the role, the channel, the content type. */
const HARMONY_HEADER_TOKENS = /<\|(?:start|channel|constrain)\|>|\b(?:assistant|commentary|analysis|final|json|code)\b/gi;

/** Whether a frame's header (its recipient taken out) holds only Harmony's own markup: reading the call drops it all. */
function onlyHarmonyMarkup(header: string): boolean {
  return header.replace(HARMONY_HEADER_TOKENS, "").trim() === "";
}

/** Name words with one space between them, the last one ending right before a token or a space and a token. */
const SPACED_NAME = /^[\w.:-]+(?: [\w:-]+){1,7}(?= ?<\|)/;

/** A recipient whose name has spaces, from `from` to the header's next token: the name, or `undefined`. */
function spacedRecipient(content: string, from: number, messageAt: number): string | undefined {
  const name = SPACED_NAME.exec(content.slice(from, messageAt + 2))?.[0];
  return name === undefined || name.length > 128 ? undefined : name;
}

/** Recipients that are the conversation's roles, not tools. */
const MESSAGE_RECIPIENTS: ReadonlySet<string> = new Set(["user", "self", "assistant", "all", "system", "developer"]);

/**
 * gpt-oss Harmony: `<|start|>assistant<|channel|>commentary to=functions.get_weather
 * <|constrain|>json<|message|>{…}<|call|>`. The recipient may also precede `<|channel|>`.
 */
export function detectHarmony(content: string): Detection | undefined {
  if (!content.includes("<|message|>") || !content.includes("to=")) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const recipientAt = content.indexOf("to=", position);
    if (recipientAt < 0) break;
    let name = readName(content, recipientAt + 3);
    // The header between recipient and message is a few tokens long; farther away it is prose.
    // Searching only that window also keeps many stray "to=" from costing a scan each.
    const windowAt = content.slice(recipientAt, recipientAt + HARMONY_HEADER_LIMIT).indexOf("<|message|>");
    const messageAt = windowAt < 0 ? -1 : recipientAt + windowAt;
    // A message to a role of the conversation (Muse Glimmer's `to=user`, `to=self`) is no call: text, whatever it holds.
    if (!TOOL_NAME.test(name) || messageAt < 0 || MESSAGE_RECIPIENTS.has(name)) {
      position = recipientAt + 3;
      continue;
    }
    const frameStart = harmonyFrameStart(content, recipientAt, position);
    const before = content.slice(frameStart, recipientAt);
    let exactName = false;
    // Words in the header beside Harmony's own would be dropped with it; a tool's own frame (`functions.x to=assistant`) is a result made up.
    if (!onlyHarmonyMarkup(before + content.slice(recipientAt + 3 + name.length, messageAt))) {
      // Unless they are the rest of a tool's name that has spaces (`to=functions.Web Search <|constrain|>json`, as local
      // servers let tools be named): the name runs to the header's next token, and must be a declared tool's as written.
      const spaced = spacedRecipient(content, recipientAt + 3, messageAt);
      if (spaced === undefined || !onlyHarmonyMarkup(before + content.slice(recipientAt + 3 + spaced.length, messageAt))) return undefined;
      name = spaced;
      exactName = true;
    }
    const bodyStart = messageAt + "<|message|>".length;
    // `<|eom|>` ends a message in the formats that share Harmony's header (Muse Glimmer's).
    const ends = ["<|call|>", "<|end|>", "<|eom|>", "<|return|>", "<|start|>", "<|channel|>"];
    // An end token inside one of the object's strings ends nothing.
    const [endAt, endToken] = closerAfterJson(content, bodyStart, ends) ?? firstOf(content, ends, bodyStart);
    // A frame never closed ends with its object: what the model wrote after it stays text.
    const objectEnd = endAt < 0 ? findJsonEnd(content, skipWhitespace(content, bodyStart)) : -1;
    const bodyEnd = endAt >= 0 ? endAt : objectEnd >= 0 ? objectEnd : content.length;
    const body = content.slice(bodyStart, bodyEnd);
    const json = jsonText(body);
    // Words beside the object in the frame would be dropped with it.
    if (wordsLeftOut(body, json, []) || wordsForJsonArguments(json)) return undefined;
    calls.push({ name, arguments: { kind: "text", text: json }, ...(exactName ? { exactName } : {}) });
    // The next frame's opening token is not this frame's.
    const end = endAt < 0 ? bodyEnd : endToken === "<|start|>" || endToken === "<|channel|>" ? endAt : endAt + endToken.length;
    spans.push([frameStart, end]);
    position = end;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** DeepSeek's fullwidth-bar tokens; some servers print them with ASCII bars. */
const DEEPSEEK = ["｜", "|"].map((bar) => ({
  callBegin: `<${bar}tool▁call▁begin${bar}>`,
  /** R1's distilled models write this one token for the two that open the block and its first call. */
  callsShort: `<${bar}tool▁calls${bar}>`,
  callEnd: `<${bar}tool▁call▁end${bar}>`,
  separator: `<${bar}tool▁sep${bar}>`,
  wrappers: [`<${bar}tool▁calls▁begin${bar}>`, `<${bar}tool▁calls▁end${bar}>`],
}));

/** A ```json fence opened on the name's line with the object right after it, no line break between. */
const INLINE_JSON_FENCE = "```json{";

/**
 * DeepSeek V3: `<｜tool▁call▁begin｜>function<｜tool▁sep｜>name\n```json\n{…}\n```<｜tool▁call▁end｜>`;
 * V3.1: `<｜tool▁call▁begin｜>name<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`; R1's distilled models open
 * with `<｜tool▁calls｜>` alone.
 */
export function detectDeepSeek(content: string): Detection | undefined {
  const tokens = DEEPSEEK.find((candidate) => content.includes(candidate.callBegin) || content.includes(candidate.callsShort));
  if (tokens === undefined) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const [start, begin] = [tokens.callBegin, tokens.callsShort]
      .map((token): [number, string] => [content.indexOf(token, position), token])
      .filter(([at]) => at >= 0)
      .reduce<[number, string]>((first, next) => (first[0] < 0 || next[0] < first[0] ? next : first), [-1, ""]);
    if (start < 0) break;
    const bodyStart = start + begin.length;
    // The end token inside one of the arguments' strings closes nothing (see closer-after-deepseek-args.ts).
    const closeAt = callEndAfterArguments(content, bodyStart, tokens.separator, tokens.callEnd) ?? content.indexOf(tokens.callEnd, bodyStart);
    const bodyEnd = closeAt < 0 ? content.length : closeAt;
    const body = content.slice(bodyStart, bodyEnd);
    const separatorAt = body.indexOf(tokens.separator);
    if (separatorAt < 0) return undefined;
    const left = body.slice(0, separatorAt).trim();
    const right = body.slice(separatorAt + tokens.separator.length);
    let name = left;
    let args = right;
    if (left === "function") {
      const lineEnd = right.indexOf("\n");
      // The fence may sit on the name's line, the object right after it (`name```json{…}````).
      const inlineFence = right.indexOf(INLINE_JSON_FENCE);
      if (inlineFence >= 0 && (lineEnd < 0 || inlineFence < lineEnd)) {
        name = right.slice(0, inlineFence).trim();
        args = right.slice(inlineFence + INLINE_JSON_FENCE.length - 1);
      } else {
        name = (lineEnd < 0 ? right : right.slice(0, lineEnd)).trim();
        args = lineEnd < 0 ? "" : right.slice(lineEnd + 1);
      }
    }
    if (!TOOL_NAME.test(name)) return undefined;
    // With neither its end token nor its fence's closer written, the call's end never came: a fence never closed,
    // as a fenced call elsewhere, may have been cut (or gone on) past the object.
    if (closeAt < 0 && /^\s*```/.test(args) && !/```[^`]*$/.test(args.replace(/^\s*```/, ""))) return undefined;
    const json = jsonText(args);
    // Words beside the object in the call's frame (after its fence, before the end token) would be dropped with the frame.
    if (wordsLeftOut(args, json, tokens.wrappers) || wordsForJsonArguments(json)) return undefined;
    calls.push({ name, arguments: { kind: "text", text: json || "{}" } });
    const end = closeAt < 0 ? content.length : closeAt + tokens.callEnd.length;
    spans.push([start, end]);
    position = end;
  }
  for (const wrapper of tokens.wrappers) {
    for (let at = content.indexOf(wrapper); at >= 0; at = content.indexOf(wrapper, at + 1)) spans.push([at, at + wrapper.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** `name[ARGS]{…}` (Mistral v11+, Devstral), returning the call and where it ends. */
function argsTokenCall(text: string, nameStart: number, afterMarker: boolean): { call: RawCall; end: number } | undefined {
  const name = readName(text, nameStart);
  let cursor = nameStart + name.length;
  // After the marker, the tokenizer may put a space either side of the name (`[TOOL_CALLS] get_weather [ARGS]{…}`).
  const spaced = afterMarker ? skipSpaces(text, cursor) : cursor;
  if (text.startsWith("[ARGS]", spaced) || text.startsWith("[CALL_ID]", spaced)) cursor = spaced;
  // v13 puts a call id between the name and the arguments: `name[CALL_ID]abc123[ARGS]{…}`.
  if (text.startsWith("[CALL_ID]", cursor)) {
    const argsAt = text.indexOf("[ARGS]", cursor);
    if (argsAt < 0 || argsAt - cursor > 64) return undefined;
    cursor = argsAt;
  }
  if (!TOOL_NAME.test(name)) return undefined;
  // Devstral Small 2 leaves out `[ARGS]` after `[TOOL_CALLS]name`: the object follows the name at once.
  const bare = afterMarker && text[cursor] === "{";
  if (!bare && !text.startsWith("[ARGS]", cursor)) return undefined;
  const argsStart = bare ? cursor : skipWhitespace(text, cursor + "[ARGS]".length);
  const end = findJsonEnd(text, argsStart);
  const argsEnd = end < 0 ? text.length : argumentsLineEnd(text, end);
  if (argsEnd === undefined) return undefined;
  return { call: { name, arguments: { kind: "text", text: text.slice(argsStart, argsEnd) } }, end: argsEnd };
}

/**
 * Mistral: `[TOOL_CALLS] [{"name": …, "arguments": {…}}]` (v3), `[TOOL_CALLS]name[ARGS]{…}` (v11+),
 * `[TOOL_CALLS]name{…}` (Devstral Small 2 without a parser),
 * and the same `name[ARGS]{…}` without the leading token (Devstral through some servers).
 */
export function detectMistral(content: string): Detection | undefined {
  const marker = "[TOOL_CALLS]";
  const markerAt = content.indexOf(marker);
  if (markerAt >= 0) {
    const start = skipWhitespace(content, markerAt + marker.length);
    // A pythonic list, as models taught Llama's format write it after Mistral's token.
    const pythonic = content[start] === "[" && /^\[\s*[A-Za-z_]/.test(content.slice(start, start + 64)) ? readPythonCalls(content, start) : undefined;
    if (pythonic !== undefined) return { calls: pythonic.calls, spans: [[markerAt, pythonic.end]] };
    if (content[start] === "[" || content[start] === "{") {
      const calls: RawCall[] = [];
      const spans: [number, number][] = [];
      // Each list after its own marker, in a row (`[TOOL_CALLS][…][TOOL_CALLS][…]`) or after words
      // (`[TOOL_CALLS][…]`, a sentence, `[TOOL_CALLS][…]`): each its own span, so the first group is read and the
      // text after it on its own (see `call-groups.ts`).
      for (let at = markerAt; at >= 0 && calls.length <= MAX_CALLS; ) {
        const parsed = parseJsonAt(content, skipWhitespace(content, at + marker.length));
        const found = parsed === undefined ? undefined : callsFromJson(parsed.value);
        if (found === undefined || parsed === undefined) return undefined;
        calls.push(...found);
        spans.push([at, parsed.end]);
        at = content.indexOf(marker, parsed.end);
      }
      return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
    }
  }
  const argsAt = content.indexOf("[ARGS]");
  if (argsAt < 0 && markerAt < 0) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let cursor = markerAt >= 0 ? markerAt : lineStartOfName(content, argsAt);
  while (cursor >= 0 && cursor < content.length && calls.length <= MAX_CALLS) {
    const segmentStart = cursor;
    if (content.startsWith(marker, cursor)) cursor += marker.length;
    cursor = skipWhitespace(content, cursor);
    const found = argsTokenCall(content, cursor, content.startsWith(marker, segmentStart));
    if (found === undefined) break;
    calls.push(found.call);
    spans.push([segmentStart, found.end]);
    cursor = skipWhitespace(content, found.end);
    if (!content.startsWith(marker, cursor)) break;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** Where the name before `[ARGS]` starts; it must open the content or a line, not sit mid-sentence. */
function lineStartOfName(content: string, argsAt: number): number {
  let start = argsAt;
  while (start > 0 && argsAt - start < 128 && /[\w.:-]/.test(content[start - 1]!)) start--;
  const before = content.slice(0, start).trimEnd();
  return before === "" || before.endsWith("\n") || content[start - 1] === "\n" ? start : -1;
}

/** LFM2's call tokens. */
export const LFM2_OPEN = "<|tool_call_start|>";
const LFM2_CLOSE = "<|tool_call_end|>";

/** LFM2: `<|tool_call_start|>[get_weather(city="Tokyo")]<|tool_call_end|>`. */
export function detectLfm2(content: string): Detection | undefined {
  const open = LFM2_OPEN;
  const close = LFM2_CLOSE;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(open, start + 1)) {
    const bodyStart = skipWhitespace(content, start + open.length);
    // The end token inside one of the list's strings closes nothing (see closer-after-python-list.ts).
    const closeAt = (closerAfterPythonList(content, bodyStart, [close]) ?? closerAfterJson(content, bodyStart, [close]))?.[0] ?? content.indexOf(close, bodyStart);
    const body = content.slice(bodyStart, closeAt < 0 ? content.length : closeAt);
    const pythonic = readPythonCalls(body, 0);
    const parsed = pythonic === undefined && (body.startsWith("[") || body.startsWith("{")) ? parseJsonAt(body, 0) : undefined;
    const found = pythonic?.calls ?? (parsed === undefined ? undefined : callsFromJson(parsed.value));
    if (found === undefined) return undefined;
    calls.push(...found);
    // Words after the calls, before the end token or the text's end, are the model's prose: they stay text.
    const callsEnd = bodyStart + (pythonic?.end ?? parsed!.end);
    const closeEnd = closeAt < 0 ? content.length : closeAt + close.length;
    if (onlyStrayClosers(content.slice(callsEnd, closeAt < 0 ? content.length : closeAt))) spans.push([start, closeEnd]);
    else spans.push([start, callsEnd], ...(closeAt < 0 ? [] : [[closeAt, closeEnd] as [number, number]]));
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
