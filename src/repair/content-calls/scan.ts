/**
 * Linear scanners over content text: no regex that can backtrack, since a
 * content string can be 100 KB of attacker-chosen text.
 */
import { openValueIn } from "../open-value.ts";
import { jsonrepair } from "jsonrepair";
import { parseKeepingNumbers } from "../../json.ts";
import { lostStrings } from "../lost-strings.ts";
import { PIECE_SPACE, readPieceSpaces } from "../piece-spaces.ts";
import { readDoubledBraces } from "./doubled-braces.ts";
import { leavesValueOut } from "./missing-values.ts";
import { opensString, stringClose } from "./member-values.ts";
import { wordsForEnvelopeArguments } from "./bare-arguments.ts";
import { envelopeAroundText } from "./envelope-around-text.ts";
import { decodeStringBody, twoReadingsSingleQuoted, writtenUnescaped } from "../parsers/parse-raw-backslashes.ts";
import { apostrophesDisagree } from "../parsers/parse-escaped-apostrophes.ts";

/**
 * Finds where the bracket opening a span closes, fed in pieces (a stream's
 * deltas) or at once: the same answer either way. Brackets inside quoted
 * strings do not count. JSON: `"` strings, `{}` and `[]`; Python literals
 * (`python: true`) add `'` strings and `()`.
 */
export class BracketScanner {
  readonly #quotes: string;
  readonly #opens: string;
  readonly #closes: string;
  #depth = 0;
  #quote: string | undefined;
  #escaped = false;

  constructor(options: { python?: boolean } = {}) {
    const python = options.python === true;
    this.#quotes = python ? `"'` : '"';
    this.#opens = python ? "{[(" : "{[";
    this.#closes = python ? "}])" : "}]";
  }

  /** Brackets open where the last scan stopped. */
  get depth(): number {
    return this.#depth;
  }

  /** Whether the last scan stopped inside a quoted string. */
  get inString(): boolean {
    return this.#quote !== undefined;
  }

  /**
   * Reads `text` from `from` (the first call must start on the opening
   * bracket); returns the index just past the bracket that closes it, or
   * `-1` when it is still open at the end of `text`.
   */
  scan(text: string, from: number, to = text.length): number {
    for (let index = from; index < to; index++) {
      const char = text[index]!;
      if (this.#quote !== undefined) {
        if (this.#escaped) this.#escaped = false;
        else if (char === "\\") this.#escaped = true;
        else if (char === this.#quote) this.#quote = undefined;
        continue;
      }
      if (this.#quotes.includes(char)) this.#quote = char;
      else if (this.#opens.includes(char)) this.#depth++;
      else if (this.#closes.includes(char)) {
        this.#depth--;
        if (this.#depth === 0) return index + 1;
      }
    }
    return -1;
  }
}

const FENCE = "```";

/** How far a fenced JSON block was read: its value closed, a fence outside its strings came first, or more text is needed. */
export type FencedJsonRead =
  | { readonly kind: "closed"; readonly end: number }
  | { readonly kind: "fence"; readonly at: number }
  | { readonly kind: "more"; readonly search: number };

/**
 * Reads the JSON value of a fenced block with `scanner` (started on its
 * opening bracket at `from`), looking for fences from `search`: a fence inside
 * one of its strings (`"content": "```py …"`) closes nothing. Fed the text
 * grown (a stream) or whole: the same answer either way.
 */
export function scanFencedJson(text: string, from: number, search: number, scanner: BracketScanner): FencedJsonRead {
  return scanJsonBlock(text, from, search, scanner, [FENCE]);
}

/**
 * `scanFencedJson` for a block ending at any of `closers` (`</tool_call>`):
 * a closer inside one of the value's strings closes nothing. Each call reads
 * only what the last one left (`from`, `search`), so a stream costs one pass.
 */
export function scanJsonBlock(text: string, from: number, search: number, scanner: BracketScanner, closers: readonly string[]): FencedJsonRead {
  const longest = Math.max(...closers.map((closer) => closer.length));
  let scanned = from;
  let next = search;
  // Each closer's next place, searched again only once passed: one pass over the text per closer.
  const places = closers.map((closer) => text.indexOf(closer, next));
  for (;;) {
    let which = -1;
    places.forEach((place, index) => {
      if (place >= 0 && (which < 0 || place < places[which]!)) which = index;
    });
    const closer = which < 0 ? -1 : places[which]!;
    const stop = closer < 0 ? text.length : closer;
    const end = scanner.scan(text, scanned, stop);
    if (end >= 0) return { kind: "closed", end };
    // A closer cut at the end of the text is searched again from its start.
    if (closer < 0) return { kind: "more", search: Math.max(next, text.length - longest + 1) };
    if (!scanner.inString) return { kind: "fence", at: closer };
    scanned = stop;
    next = closer + closers[which]!.length;
    places.forEach((place, index) => {
      if (place >= 0 && place < next) places[index] = text.indexOf(closers[index]!, next);
    });
  }
}

/**
 * The end (exclusive) of the JSON object or array starting at `start`,
 * tracking double-quoted strings; `-1` when it never closes.
 */
export function findJsonEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== "{" && open !== "[") return -1;
  return new BracketScanner().scan(text, start);
}

/**
 * Where arguments written as text end, the object at their start closed at
 * `end`: a comma and a quoted key with its colon right after it on its line
 * (`{"city": "Oslo"}, "days": 3}`, `{"city": "Oslo"], "days": 3}`) say the
 * object was closed early or a bracket was typed once too often, and the
 * member after it is still the arguments', so they run to the line's end, for
 * the arguments' repair to read (parse-continued, parse-stray-closers) or
 * refuse; taken at `end`, the call would drop that member. Such a member
 * on a later line, its comma written or not (`{"city": "Oslo"}` then
 * `"days": 3}`), leaves open where
 * the arguments end: `undefined`, the call is not read. Else `end`.
 */
export function argumentsLineEnd(text: string, end: number): number | undefined {
  const after = skipSpaces(text, end);
  // The comma may be left out where the line ends (`{"city": "Oslo"}` then `"days": 3}` on the next line).
  const comma = text[after] === "," ? after : text[after] === "\n" || text[after] === "\r" ? after - 1 : undefined;
  if (comma === undefined) return end;
  const key = skipWhitespace(text, comma + 1);
  if (text[key] !== '"') return end;
  const close = stringClose(text, key);
  if (close < 0 || text.slice(key, close).includes("\n") || text[skipSpaces(text, close + 1)] !== ":") return end;
  if (text.slice(comma, key).includes("\n")) return undefined;
  const lineEnd = text.indexOf("\n", close);
  return (lineEnd < 0 ? text : text.slice(0, lineEnd)).trimEnd().length;
}

/**
 * The closer that follows a JSON value written as is: when the object or list
 * at `start` (space before it skipped) closes, parses, and one of `closers`
 * comes right after it (space between), that closer's place and text. A
 * closer inside one of the value's strings (`{"cmd": "echo </function>"}`)
 * closes nothing then (nor does one of `inside`, the markup the caller would
 * otherwise cut the value at). `undefined` otherwise: the caller searches as before.
 */
export function closerAfterJson(text: string, start: number, closers: readonly string[], inside: readonly string[] = closers): [number, string] | undefined {
  const at = skipWhitespace(text, start);
  const end = findJsonEnd(text, at);
  if (end < 0) return undefined;
  const after = skipWhitespace(text, end);
  const closer = closers.find((candidate) => text.startsWith(candidate, after));
  if (closer === undefined || !inside.some((candidate) => text.slice(at, end).includes(candidate))) return undefined;
  try {
    parseKeepingNumbers(text.slice(at, end));
  } catch {
    return undefined;
  }
  return [after, closer];
}

/**
 * Parses the closed JSON container at `start`: strictly, then with jsonrepair
 * for syntax slips (single quotes, trailing commas). Never for an unclosed
 * one: closing a cut-off call would invent its end.
 */
export function parseJsonAt(text: string, start: number): { value: unknown; end: number } | undefined {
  const end = findJsonEnd(text, start);
  if (end < 0) return undefined;
  const written = text.slice(start, end);
  try {
    return { value: parseKeepingNumbers(written), end };
  } catch {
    // SentencePiece's `▁` between tokens is a space; with one inside a string too, two readings.
    const pieces = readPieceSpaces(written);
    if (pieces === "ambiguous") return undefined;
    const spaced = pieces?.text ?? written;
    // `'\d+\n'`: between single quotes Python reads a line break where `\d` stays; written unescaped, both are backslashes.
    if (spaced.includes("\\") && [...stringSpans(spaced)].some(([at, close, quote]) => quote === "'" && twoReadingsSingleQuoted(spaced.slice(at + 1, close)))) return undefined;
    // jsonrepair drops a backslash that starts no escape (`C:\Users` → `C:Users`): such strings are re-encoded first.
    const slice = rawBackslashesKept(spaced) ?? spaced;
    try {
      if (pieces !== undefined || slice !== spaced) return { value: parseKeepingNumbers(slice), end };
    } catch {
      // More than the markers: the fallbacks below read the spaced text.
    }
    // `{{…}}`: braces doubled by a template's escaping; two readings that differ read as nothing.
    if (/^\{\s*\{/.test(slice)) {
      const undoubled = readDoubledBraces(slice);
      return undoubled === undefined ? undefined : { value: undoubled.value, end };
    }
    const quoted = quotedObjectsAsStrings(slice) ?? unescapedObjectStrings(slice);
    try {
      if (quoted !== undefined) return { value: parseKeepingNumbers(quoted), end };
    } catch {
      // Not that either: jsonrepair's reading below.
    }
    // A string mixing `\\` with a backslash that starts no escape (`"C:\\a\b"`) has two readings; jsonrepair would drop one.
    if (keepsBadEscape(slice)) return undefined;
    // A value left open (a mark for one left out, `…`, `NaN`; a number with no digit, `-`; code; quotes a smart-quote
    // filter may have turned): jsonrepair would write a guess in (the mark, `-0`, the code's source, one kind of quote).
    if (openValueIn(slice) !== undefined) return undefined;
    // A key with no value after its colon: jsonrepair would write a null the model never did (see missing-values.ts).
    if (leavesValueOut(slice)) return undefined;
    const repaired = jsonrepairReading(slice);
    if (repaired === "doubt") return undefined;
    if (repaired !== undefined) return { value: repaired.value, end };
    // Not JSON jsonrepair can read: when the envelope is JSON and only its arguments are not, they go on as text,
    // to the repair that knows the schema.
    const envelope = envelopeAroundText(slice);
    return envelope === undefined ? undefined : { value: envelope, end };
  }
}

/**
 * jsonrepair's reading of `slice`: `undefined` when it has none, "doubt" when
 * the reading drops or invents what the model wrote (a reading then is a guess
 * at the call, and nothing else is tried).
 */
function jsonrepairReading(slice: string): { value: unknown } | "doubt" | undefined {
  // Python's triple-quoted string (`"""say "hi" """`): jsonrepair would read an empty string and the text as keys.
  if (slice.includes('"""') || slice.includes("'''")) return undefined;
  let value: unknown;
  try {
    // jsonrepair writes each number as spelt; read so, `1.50` and a 19-digit id stay as the model wrote them.
    value = parseKeepingNumbers(jsonrepair(slice));
  } catch {
    return undefined;
  }
  // Words where a call's arguments object goes, which jsonrepair quoted into a string (see bare-arguments.ts).
  if (wordsForEnvelopeArguments(slice, value)) return "doubt";
  // A reading that no longer holds a string the model wrote (`"a ,"b": c"` read as two members) is a guess at the call.
  return lostStrings(slice, value).length === 0 && keysAsWritten(slice, value) ? { value } : "doubt";
}

/**
 * Whether every key of jsonrepair's reading was written as a key: quoted, or a bare identifier (`{city: Paris}`).
 * A key made of unquoted words (`{"city": Hmm, should it be Paris? "Paris"}` read as `Hmm` and a key `should it
 * be Paris?`) is prose the model wrote between members, and reading it as a member is a guess at the call.
 */
function keysAsWritten(slice: string, value: unknown, depth = 0): boolean {
  if (depth > 32 || value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) return value.every((item) => keysAsWritten(slice, item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => (/^[\p{L}_$][\p{L}\p{N}_$.-]*$/u.test(key) || slice.includes(`"${key}"`) || slice.includes(`'${key}'`)) && keysAsWritten(slice, item, depth + 1),
  );
}

/**
 * Each double-quoted string written with raw backslashes (`"dir C:\Users"`:
 * one starts no JSON escape) re-encoded as JSON, every backslash kept, as
 * the arguments' own parser reads it (parse-raw-backslashes). `undefined`
 * when no string is such.
 */
function rawBackslashesKept(slice: string): string | undefined {
  if (!slice.includes("\\")) return undefined;
  let result = "";
  let copied = 0;
  for (const [at, close, quote] of stringSpans(slice)) {
    const body = slice.slice(at + 1, close);
    if (writtenUnescaped(body, quote)) {
      result += slice.slice(copied, at) + JSON.stringify(decodeStringBody(body, quote).value);
      copied = close + 1;
    }
  }
  return copied === 0 ? undefined : result + slice.slice(copied);
}

/**
 * The quoted strings of a JSON-like text, as [opening quote, closing quote, quote] places: double-quoted
 * ones, and single-quoted ones where a value or a key begins (after `{`, `[`, `,` or `:`), so an
 * apostrophe in a bare word opens none.
 */
function* stringSpans(slice: string): Generator<readonly [number, number, string]> {
  let previous = "";
  for (let at = 0; at < slice.length; at++) {
    const char = slice[at]!;
    if (opensString(char, previous)) {
      const close = stringClose(slice, at);
      if (close < 0) return;
      yield [at, close, char];
      at = close;
      previous = char;
    } else if (!/\s/.test(char)) previous = char;
  }
}

/** Whether a string still holds a backslash that starts no JSON escape. */
function keepsBadEscape(slice: string): boolean {
  if (!slice.includes("\\")) return false;
  for (const [at, close, quote] of stringSpans(slice)) {
    const body = slice.slice(at + 1, close);
    if (body.includes("\\") && decodeStringBody(body.replaceAll("\\\\", ""), quote).kept) return true;
    // `"print('it\'s')"`: a `\'` that may be the code's own backslash (see escaped-apostrophes).
    if (quote !== "'" && apostrophesDisagree(body)) return true;
  }
  return false;
}

/**
 * `{"name": "f", "arguments": '{"a": "O\"Brien"}'}` as Glaive-trained models
 * write it: JSON arguments between single quotes, their escapes JSON's own.
 * Each such `'{…}'` becomes a JSON string of its text as written; read as a
 * Python string instead, `\"` and `\\n` would lose their backslashes.
 * `undefined` when the text has none.
 */
function quotedObjectsAsStrings(slice: string): string | undefined {
  let result = "";
  let copied = 0;
  for (let at = 0; at < slice.length; at++) {
    const char = slice[at]!;
    if (char === '"') {
      // Past a double-quoted string, escapes and all.
      for (at++; at < slice.length && slice[at] !== '"'; at++) if (slice[at] === "\\") at++;
    } else if (char === "'" && slice[at + 1] === "{") {
      const close = new BracketScanner().scan(slice, at + 1);
      if (close < 0 || slice[close] !== "'") return undefined;
      result += slice.slice(copied, at) + JSON.stringify(slice.slice(at + 1, close));
      copied = close + 1;
      at = close;
    }
  }
  return copied === 0 ? undefined : result + slice.slice(copied);
}

/**
 * `{"name": "f", "arguments": "{"city": "Paris"}"}`: the arguments object put
 * in double quotes with its own quotes left unescaped (mistral.rs repairs the
 * same). A value that opens `"{` and whose braces close right before a `"`
 * becomes a JSON string of the object's text as written; only when the text
 * does not parse as JSON, so a real string value holding `{` never gets here.
 * `undefined` when the text has none.
 */
function unescapedObjectStrings(slice: string): string | undefined {
  let result = "";
  let copied = 0;
  let afterColon = false;
  for (let at = 0; at < slice.length; at++) {
    const char = slice[at]!;
    if (char === '"' && afterColon && slice[at + 1] === "{") {
      const close = new BracketScanner().scan(slice, at + 1);
      if (close > 0 && slice[close] === '"') {
        result += slice.slice(copied, at) + JSON.stringify(slice.slice(at + 1, close));
        copied = close + 1;
        at = close;
        afterColon = false;
        continue;
      }
    }
    if (char === '"') {
      // Past a double-quoted string, escapes and all.
      for (at++; at < slice.length && slice[at] !== '"'; at++) if (slice[at] === "\\") at++;
      afterColon = false;
    } else if (!/\s/.test(char)) afterColon = char === ":";
  }
  return copied === 0 ? undefined : result + slice.slice(copied);
}

/** Past spaces, and SentencePiece's `▁` a server that skipped the tokenizer's decoding leaves for one. */
export function skipWhitespace(text: string, index: number): number {
  let position = index;
  while (position < text.length && (/\s/.test(text[position]!) || text[position] === PIECE_SPACE)) position++;
  return position;
}

/** Past spaces and tabs only: the rest of the same line. */
export function skipSpaces(text: string, at: number): number {
  let cursor = at;
  while (text[cursor] === " " || text[cursor] === "\t") cursor++;
  return cursor;
}

/** The identifier (`get_weather`, `functions.get_weather`) starting at `index`, bounded in length. */
export function readName(text: string, index: number): string {
  let end = index;
  while (end < text.length && end - index < 128 && /[\w.:-]/.test(text[end]!)) end++;
  return text.slice(index, end);
}

/** A markdown fence around arguments (DeepSeek puts ```json … ``` inside its call frame). */
export function stripFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("```")) return trimmed;
  const firstLineEnd = trimmed.indexOf("\n");
  if (firstLineEnd < 0) return trimmed;
  const body = trimmed.slice(firstLineEnd + 1);
  const close = body.lastIndexOf("```");
  return (close >= 0 ? body.slice(0, close) : body).trim();
}

/** Whether `text`, left after a frame's calls, holds only space and brackets typed once too often: markup, no words. */
export function onlyStrayClosers(text: string): boolean {
  return /^[\s\]}]*$/.test(text);
}

/** `content` without the spans, trimmed. Spans may overlap or come in any order. */
export function removeSpans(content: string, spans: readonly (readonly [number, number])[]): string {
  const sorted = [...spans].sort((left, right) => left[0] - right[0]);
  let result = "";
  let position = 0;
  for (const [start, end] of sorted) {
    if (start > position) result += content.slice(position, start);
    position = Math.max(position, end);
  }
  result += content.slice(position);
  return result.trim();
}
