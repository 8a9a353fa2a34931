/**
 * Gemma 4 `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>` and
 * FunctionGemma `<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>`:
 * keys unquoted, strings between the family's quote tokens (or plain quotes),
 * sometimes `call:name(key: "value")` or `call:name(key="value")`. Keys are quoted and quote tokens become
 * JSON strings; anything else odd is left to the repair pipeline. Gemma 4 may
 * also write one JSON call object between its tokens:
 * `<|tool_call>{"name": "get_weather", "arguments": {"city": <|"|>Paris<|"|>}}<tool_call|>`.
 */
import { parseJson, parseKeepingNumbers } from "../../json.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { readName, skipWhitespace } from "./scan.ts";
import { callsFromJson } from "./json-calls.ts";

interface GemmaTokens {
  readonly open: string;
  readonly close: string;
  readonly quote: string;
  /** The end of the model's turn, which Gemma 4 sometimes writes in place of the call's closing token. */
  readonly turnEnd?: string;
}

export const GEMMA_FAMILIES: readonly GemmaTokens[] = [
  { open: "<|tool_call>", close: "<tool_call|>", quote: '<|"|>', turnEnd: "<turn|>" },
  { open: "<start_function_call>", close: "<end_function_call>", quote: "<escape>" },
];

const MAX_DEPTH = 64;

/**
 * The arguments at `start` (on `{` or `(`) as JSON text (keys quoted, quote
 * tokens turned into JSON strings; anything else as written, for the repair
 * pipeline), and where they end in `content`; `undefined` when they never close.
 */
export function argumentsAt(content: string, start: number, quote: string, closers: readonly string[] = []): { text: string; end: number } | undefined {
  let text = "";
  /** Open containers, `{` or `[`, innermost last. */
  const open: string[] = [];
  let keyDue = false;
  /** Where the value being written began, in `text` and in `content` (after a key's colon, or a list's bracket or comma). */
  let valueStart: { text: number; at: number } | undefined;
  /** A value whose opening token was left out was read: the rest must then be JSON as written, or its bare words were another value. */
  let recovered = false;
  for (let at = start; at < content.length; ) {
    const char = content[at]!;
    if (content.startsWith(quote, at)) {
      const after = skipWhitespace(content, at + quote.length);
      // A quote token left after a value in single quotes (`pattern:'abc'<|"|>}`): a stray, the value is closed.
      if (/'\s*$/.test(text) && /[,})]/.test(content[after] ?? "")) {
        at = after;
        continue;
      }
      // The value's opening token left out, its closing one kept (`query:weather in Tokyo<|"|>}`): the words
      // since the colon are the string, when nothing in them reads as JSON or as another key.
      const bare = valueStart === undefined ? "" : content.slice(valueStart.at, at);
      if (valueStart !== undefined && bare.trim() !== "" && !/["'{}[\]:]/.test(bare) && /[,}\])]/.test(content[after] ?? "")) {
        text = text.slice(0, valueStart.text) + JSON.stringify(bare.trim());
        at += quote.length;
        recovered = true;
        valueStart = undefined;
        keyDue = false;
        continue;
      }
      valueStart = undefined;
      const close = content.indexOf(quote, at + quote.length);
      if (close < 0) {
        // Only where the call's closer is known (Gemma's tokens): it marks where the last value ended.
        const last = open.length === 1 && closers.length > 0 ? lastValueUnclosed(content, at + quote.length, closers) : undefined;
        return last === undefined || recovered ? undefined : { text: `${text}${JSON.stringify(last.value)}}`, end: last.end };
      }
      text += JSON.stringify(content.slice(at + quote.length, close));
      at = close + quote.length;
      // The comma before the next member left out (`city:<escape>NYC<escape>unit:<escape>c<escape>`): the quote
      // token closed the value, and a bare key with its colon right after it can only begin the next member.
      if (open.at(-1) === "{" && /^\s*[\p{L}_][\w.-]{0,127}\s*:/u.test(content.slice(at, at + 140))) {
        text += ",";
        keyDue = true;
        at = skipWhitespace(content, at);
        continue;
      }
    } else if (char === '"') {
      let end = at + 1;
      while (end < content.length && content[end] !== '"') end += content[end] === "\\" ? 2 : 1;
      if (end >= content.length) return undefined;
      text += content.slice(at, end + 1);
      at = end + 1;
    } else if (keyDue && /[\p{L}_]/u.test(char)) {
      let end = at;
      while (end < content.length && end - at < 128 && /[\w.-]/.test(content[end]!)) end++;
      // A bare key holding spaces (`{Basic LLM Chain:{…}}`), up to its colon.
      const spaced = spacedKeyEnd(content, at);
      if (spaced !== undefined && spaced > end) end = spaced;
      text += JSON.stringify(content.slice(at, end).trim());
      at = end;
      // `call:name(city="Tokyo")`: in the Python-call form, a keyword argument's `=` is the key's colon.
      const equals = content[start] === "(" && open.length === 1 ? skipWhitespace(content, end) : -1;
      if (equals >= 0 && content[equals] === "=" && content[equals + 1] !== "=") {
        text += ":";
        at = equals + 1;
        valueStart = { text: text.length, at };
      }
    } else {
      if (char === "{" || char === "[" || char === "(") {
        if (open.length >= MAX_DEPTH) return undefined;
        // `call:name(key: value)` is the brace form written as a Python call.
        open.push(char === "[" ? "[" : "{");
        text += char === "(" && open.length === 1 ? "{" : char;
      } else if (char === "}" || char === "]" || char === ")") {
        open.pop();
        text += char === ")" && open.length === 0 ? "}" : char;
        if (open.length === 0) return recovered && parseJson(text) === undefined ? undefined : { text, end: at + 1 };
      } else {
        text += char;
      }
      at++;
      if (char === ":" && open.at(-1) === "{") valueStart = { text: text.length, at };
      else if ((char === "[" || char === ",") && open.at(-1) === "[") valueStart = { text: text.length, at };
      else if (char === "{" || char === "}" || char === "]") valueStart = undefined;
      if (!/\s/.test(char)) keyDue = (char === "{" || char === "(" || char === ",") && open.at(-1) === "{";
      continue;
    }
    keyDue = false;
  }
  return cutAfterValue(text, open.length, recovered) ? { text, end: content.length } : undefined;
}

/**
 * Arguments the text ends inside, right after a complete value (`{query:<|"|>test<|"|>` and nothing more): handed on
 * as written, as a JSON object cut there is, for the pipeline's `close-truncated` to judge with its own limits (a
 * cut inside a list, a number at a `length` cut). Not after a value whose opening token was left out, nor when
 * anything else ends the text (a comma, a key, words).
 */
function cutAfterValue(text: string, depth: number, recovered: boolean): boolean {
  return depth > 0 && !recovered && /(?:"|\d|\btrue|\bfalse|\bnull|[}\]])$/.test(text.trimEnd());
}

/** A bare key of words apart (`Basic LLM Chain`, `节点 名称`): where it ends, right before its colon; `undefined` when it is none. */
function spacedKeyEnd(content: string, at: number): number | undefined {
  const found = /^[\p{L}_][\p{L}\p{N}_.-]*(?:[ \t]+[\p{L}\p{N}_.-]+){1,8}[ \t]*(?=:)/u.exec(content.slice(at, at + 130));
  return found === null ? undefined : at + found[0].trimEnd().length;
}

/**
 * The last value's text when Gemma 4 left its closing quote token out right
 * before the object's `}` (`{path:<|"|>/tmp<|"|>,command:<|"|>ls}`): the text
 * up to the `}` that the call's closer (or the text's end) follows. Not when
 * that text holds a brace or what reads as another member (`, key:`), where
 * the value ends would be a guess.
 */
function lastValueUnclosed(content: string, from: number, closers: readonly string[]): { value: string; end: number } | undefined {
  const closerAt = Math.min(...closers.map((closer) => content.indexOf(closer, from)).filter((found) => found >= 0), content.length);
  const region = content.slice(from, closerAt).trimEnd();
  if (!region.endsWith("}")) return undefined;
  const value = region.slice(0, -1);
  if (value === "" || /[{}]/.test(value) || /,\s*[\p{L}_][\w ]{0,64}:/u.test(value)) return undefined;
  return { value, end: from + region.length };
}

/** Where a call ending at `end` ends with its closing token (or the end of the turn in its place), when one follows. */
function closedAt(content: string, end: number, family: GemmaTokens): number {
  const closeAt = skipWhitespace(content, end);
  const closer = [family.close, ...(family.turnEnd === undefined ? [] : [family.turnEnd])].find((token) => content.startsWith(token, closeAt));
  return closer === undefined ? end : closeAt + closer.length;
}

/** One JSON call object at `start` (`{"name": …, "arguments": {…}}`), its strings maybe between quote tokens. */
function jsonCallAt(content: string, start: number, quote: string): { call: RawCall; end: number } | undefined {
  const object = argumentsAt(content, start, quote);
  if (object === undefined) return undefined;
  let value: unknown;
  try {
    value = parseKeepingNumbers(object.text);
  } catch {
    return undefined;
  }
  const found = Array.isArray(value) ? undefined : callsFromJson(value);
  return found?.length === 1 ? { call: found[0]!, end: object.end } : undefined;
}

/** Every call of the first Gemma family the content holds; `undefined` when one is not a call. */
export function detectGemma(content: string): Detection | undefined {
  const family = GEMMA_FAMILIES.find((candidate) => content.includes(candidate.open));
  if (family === undefined) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  // The next block opens after the last one closed: an opener inside a string of its (`text:<|"|>a <|tool_call> b<|"|>`) opens nothing.
  for (let start = content.indexOf(family.open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(family.open, Math.max(start + 1, spans.at(-1)?.[1] ?? 0))) {
    let cursor = skipWhitespace(content, start + family.open.length);
    // A stray colon before `call:` (`<|tool_call>:call:bash{…}`).
    if (content.startsWith(":call:", cursor)) cursor++;
    if (content.startsWith("call:", cursor)) cursor += "call:".length;
    else if (content[cursor] === "{") {
      // Gemma 4 also writes one JSON call object between its tokens, strings maybe in its quote token.
      const call = jsonCallAt(content, cursor, family.quote);
      if (call === undefined) return undefined;
      calls.push(call.call);
      spans.push([start, closedAt(content, call.end, family)]);
      continue;
    }
    // Several calls may share one block (`<|tool_call>call:a{…}call:b{…}<tool_call|>`): each is read.
    for (;;) {
      const name = readName(content, cursor);
      // `call:bash { "command": "ls" }`: spaces (never a line break) may stand before the arguments.
      let open = cursor + name.length;
      while (content[open] === " " || content[open] === "\t") open++;
      if (!TOOL_NAME.test(name) || (content[open] !== "{" && content[open] !== "(")) return undefined;
      const args = argumentsAt(content, open, family.quote, [family.close, ...(family.turnEnd === undefined ? [] : [family.turnEnd])]);
      if (args === undefined || calls.length >= MAX_CALLS) return undefined;
      calls.push({ name, arguments: { kind: "text", text: args.text } });
      const next = skipWhitespace(content, args.end);
      if (!content.startsWith("call:", next)) {
        spans.push([start, closedAt(content, args.end, family)]);
        break;
      }
      cursor = next + "call:".length;
    }
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
