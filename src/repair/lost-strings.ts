/**
 * The lossless check: after a repair, every string the model wrote in its
 * arguments must still be in the result. A string counts as kept when it is
 * part of a string of the result (a repair may join pieces that an unescaped
 * quote split), when it is the exact text of a number or boolean the result
 * holds (`"42"` → 42), or, for a key, when a key of the result spells it the
 * same up to case and separators. What a repair is allowed to remove is
 * syntax: fences, chat-template tokens, prose around the object, comments,
 * and the `excused` strings (envelope keys and names, keys it renamed).
 *
 * Strings are read from the raw text with a reading of its own, not the
 * parser's: a check that trusted the parser could not catch the parser.
 */
import { SPECIAL_TOKEN } from "./fixers/strip-special-tokens.ts";
import { fencedBlockBody, stripCodeFences } from "./fixers/strip-code-fences.ts";
import { objectInUnescapedQuotes } from "./fixers/extract-json-object.ts";
import { QUOTE_TOKENS } from "./fixers/quote-tokens.ts";
import { ESCAPED_OPENING, unescapeLayer, unescapedJson } from "./fixers/unescape-json-text.ts";
import { isJsonObject } from "../json.ts";
import { isJsonNumberText } from "./json-tokens.ts";
import { foldIdentifier } from "./similarity.ts";
import { TYPOGRAPHIC_QUOTES } from "./parsers/parse-typographic-quotes.ts";
import { writtenUnescaped } from "./parsers/parse-raw-backslashes.ts";
import { isWrapperType } from "./parsers/parse-value-wrappers.ts";
import { escapedLayoutEnd } from "./parsers/parse-escaped-layout.ts";
import { escapedQuoted } from "./parsers/parse-escaped-quotes.ts";
import { fencedValue } from "./parsers/parse-fenced-values.ts";
import { prefixedNumber } from "./parsers/parse-number-spellings.ts";
import { readPieceSpaces } from "./piece-spaces.ts";
import type { JsonSchema } from "./types.ts";
import { bracketNoteEnd, labelTagEnd, proseBracesAt, proseGroupEnd } from "./prose-code.ts";
import { decodePythonString, pythonPrefix } from "./parsers/parse-python-prefixes.ts";

/**
 * The name a repair that lost content carries in its `fixers` trace (so in
 * `x-toolmend-repairs`, the log and `toolmend_fixes_total`), after the fixers.
 */
export const LOST_CONTENT = "lost-content";

/** One string the model wrote, with whether it stands as a key. */
interface Literal {
  readonly text: string;
  /** The characters between the quotes as written, escapes and all. */
  readonly verbatim: string;
  readonly quoted: boolean;
  readonly key: boolean;
  /** A quoted string no quote closed: it runs to the end of the text. */
  readonly unclosed?: boolean;
}

/** Bounds on hostile input: literals read, nesting of JSON inside strings, and substring searches. */
const MAX_LITERALS = 20_000;
const MAX_NESTED_JSON = 3;
const MAX_SEARCH_WORK = 5_000_000;
/** Levels of nesting whose keys are also indexed by their dotted path. */
const MAX_KEY_PATH_DEPTH = 4;
/** At most this many lost strings are reported, each cut to this length: enough to say what went. */
const MAX_REPORTED = 16;
const MAX_REPORTED_LENGTH = 200;

const LITERAL_WORDS = new Set(["true", "false", "null", "none", "nan", "undefined", "infinity", "-infinity"]);
const NUMBER_WORD = /^[-+]?(?:\d[\d_]*)?(?:\.[\d_]*)?(?:[eE][+-]?\d+)?$/;
const WORD_STOP = new Set([" ", "\t", "\n", "\r", "{", "}", "[", "]", "(", ")", ":", ",", '"', "：", "，", "｛", "｝"]);
const OPENERS = new Set(["{", "[", "(", "｛"]);
/** Fullwidth punctuation an input method typed for JSON's (normalize-fullwidth-punctuation): syntax where it stands between tokens. */
const FULLWIDTH_SYNTAX = new Set(["：", "，"]);
const CLOSERS = new Set(["}", "]", ")", "｝"]);
const JSON_ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * The escapes JSON (and Python) decode; any other `\x` keeps its backslash, as
 * a model that wrote it meant, and then so does every backslash of the string
 * but one before a quote (it was written unescaped: `C:\temp\x.txt`).
 */
function unescape(body: string, quote: string): string {
  if (!body.includes("\\")) return body;
  const raw = writtenUnescaped(body, quote);
  let out = "";
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== "\\" || index === body.length - 1) {
      out += char;
      continue;
    }
    const next = body[index + 1]!;
    if (next === quote || next === "'") out += next;
    else if (raw && next !== '"') out += `\\${next}`;
    else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(body.slice(index + 2, index + 6))) {
      out += String.fromCharCode(Number.parseInt(body.slice(index + 2, index + 6), 16));
      index += 4;
    } else if (Object.hasOwn(JSON_ESCAPES, next)) out += JSON_ESCAPES[next];
    else out += `\\${next}`;
    index++;
  }
  return out;
}

function nextSignificant(text: string, from: number): string | undefined {
  let index = from;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return text[index];
}

function isComment(text: string, index: number): boolean {
  const char = text[index];
  if (char === "/") return text[index + 1] === "/" || text[index + 1] === "*";
  // `#` starts a Python comment only where a token may start, never inside a word (`C#`).
  return char === "#" && (index === 0 || /[\s,{[]/.test(text[index - 1]!));
}

function skipComment(text: string, index: number): number {
  if (text[index] === "/" && text[index + 1] === "*") {
    const close = text.indexOf("*/", index + 2);
    return close === -1 ? text.length : close + 2;
  }
  const newline = text.indexOf("\n", index);
  return newline === -1 ? text.length : newline;
}

/**
 * The strings and bare words inside the text's objects and arrays; prose
 * outside them is not part of the arguments. Text with no bracket at all, or
 * that opens with a quote (encoded arguments), is read whole.
 */
function readLiterals(text: string, out: Literal[]): void {
  const bare = !/[{[｛]/.test(text) || /^\s*["']/.test(text);
  let depth = bare ? 1 : 0;
  let index = 0;
  // Set by a `u` prefix for the string right after it.
  let python = false;
  while (index < text.length && out.length < MAX_LITERALS) {
    const char = text[index]!;
    const afterPrefix = python;
    python = false;
    const quoteToken = char === "<" ? QUOTE_TOKENS.find((token) => text.startsWith(token, index)) : undefined;
    if (quoteToken !== undefined) {
      // Gemma's quote tokens delimit a string as `"` does.
      const close = text.indexOf(quoteToken, index + quoteToken.length);
      const end = close === -1 ? text.length : close;
      const verbatim = text.slice(index + quoteToken.length, end);
      if (depth > 0) out.push({ text: verbatim, verbatim, quoted: true, key: nextSignificant(text, end + quoteToken.length) === ":" });
      index = end + quoteToken.length;
    } else if (char === "`" && depth > 0 && fencedValue(text, index) !== undefined) {
      // A value written as a code block: its code is one string, whatever quotes it holds.
      const fenced = fencedValue(text, index)!;
      out.push({ text: fenced.body, verbatim: fenced.body, quoted: true, key: false });
      index = fenced.end;
    } else if (pythonPrefix(text, index) !== undefined && depth > 0) {
      // `u'…'`, `r'…'`: the prefix is syntax; the string after it is read as any other, a `u` one as Python decodes it.
      python = /^[uU]$/.test(pythonPrefix(text, index)!);
      index += pythonPrefix(text, index)!.length;
      continue;
    } else if ((char === '"' || char === "'") && depth > 0 && mixedKeyAt(text, index) !== undefined) {
      // `'path":`: a key between two kinds of quote (parse-mixed-quotes); its quotes are syntax.
      const key = mixedKeyAt(text, index)!;
      out.push({ text: key, verbatim: key, quoted: true, key: true });
      index += key.length + 2;
    } else if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < text.length && text[end] !== char) end += text[end] === "\\" ? 2 : 1;
      const verbatim = text.slice(index + 1, Math.min(end, text.length));
      const unclosed = end >= text.length;
      const decoded = (afterPrefix ? decodePythonString(verbatim) : undefined) ?? unescape(verbatim, char);
      if (depth > 0) out.push({ text: decoded, verbatim, quoted: true, key: nextSignificant(text, end + 1) === ":", ...(unclosed ? { unclosed } : {}) });
      index = end + 1;
    } else if (depth === 0 && proseBracesAt(text, index) !== undefined) {
      // A template's slot or an aside in the prose around the object: prose, not arguments.
      index = proseBracesAt(text, index)!.end;
    } else if (depth === 0 && (labelTagEnd(text, index) ?? proseGroupEnd(text, index) ?? bracketNoteEnd(text, index)) !== undefined) {
      // A label tag around the object (`[CONTENT]`), words in parentheses, a Markdown link, a time stamp, a citation: prose, not a list.
      index = (labelTagEnd(text, index) ?? proseGroupEnd(text, index) ?? bracketNoteEnd(text, index))!;
    } else if (OPENERS.has(char)) {
      depth++;
      index++;
    } else if (CLOSERS.has(char)) {
      depth = Math.max(0, depth - 1);
      index++;
    } else if (char === " " || char === "\n" || char === "," || char === ":" || char === "\t" || char === "\r" || FULLWIDTH_SYNTAX.has(char)) {
      index++;
    } else if (isComment(text, index)) {
      index = skipComment(text, index);
    } else if (char === "\\" && depth > 0 && escapedQuoted(text, index) !== undefined) {
      // `\"foo\"` outside any string: a string whose quotes were escaped once too often.
      const escaped = escapedQuoted(text, index)!;
      out.push({ text: escaped.value, verbatim: escaped.value, quoted: true, key: nextSignificant(text, escaped.end) === ":" });
      index = escaped.end;
    } else if (escapedLayoutEnd(text, index) !== undefined) {
      // `\n` written between tokens: layout escaped once too often, not content.
      index = escapedLayoutEnd(text, index)!.end;
    } else {
      let end = index + 1;
      while (end < text.length && !WORD_STOP.has(text[end]!)) {
        if (text[end] === "/" && text[end + 1] === "/") break;
        if (escapedLayoutEnd(text, end)?.structural === true) break;
        end++;
        // A URL's scheme (`http://`) is part of the word, not a key and a comment.
        if (text.startsWith("://", end)) end += 3;
      }
      // A sign parted from its number by spaces (`- 5`): one number, as JavaScript reads it (parse-number-spellings).
      const parted = (char === "-" || char === "+") && end === index + 1 ? partedSignEnd(text, end) : undefined;
      if (parted !== undefined) {
        // `verbatim` as written: where text fits, `- 5` is that text.
        const digits = text.slice(parted.digitsAt, parted.end);
        if (depth > 0) out.push({ text: `${char}${digits}`, verbatim: text.slice(index, parted.end), quoted: false, key: false });
        index = parted.end;
        continue;
      }
      // A word's last `'` closes a single-quoted string this reading split at an apostrophe (`'it's fine'`): syntax.
      const word = text.slice(index, end).replace(/'+$/, "");
      // `"a" + "b"` (or `` `b` ``, `\"b\"`): the `+` joining two strings is syntax.
      const joins = word === "+" && /["'`]\s*$/.test(text.slice(Math.max(0, index - 40), index)) && /^\s*(?:["'`]|\\{1,3}")/.test(text.slice(end, end + 40));
      if (word !== "" && depth > 0 && !joins && !isWrapperName(text, word, end)) out.push({ text: word, verbatim: word, quoted: false, key: nextSignificant(text, end) === ":" });
      index = end;
    }
  }
}

/** After a lone sign (a word of its own) ending at `signEnd`: spaces or tabs, then a word opening with a digit or a point, its extent. */
function partedSignEnd(text: string, signEnd: number): { digitsAt: number; end: number } | undefined {
  let digitsAt = signEnd;
  while (digitsAt < text.length && digitsAt - signEnd < 8 && (text[digitsAt] === " " || text[digitsAt] === "\t")) digitsAt++;
  if (digitsAt === signEnd || !/[\d.]/.test(text[digitsAt] ?? "")) return undefined;
  let end = digitsAt;
  while (end < text.length && !WORD_STOP.has(text[end]!)) end++;
  return { digitsAt, end };
}

/** What the result holds, indexed for the check. */
class Inventory {
  readonly strings = new Set<string>();
  readonly foldedKeys = new Set<string>();
  /** `args.path` for `path` inside `args`, `edits[0].oldText` in a list's item: a nested key's dotted spelling (a few levels down). */
  readonly keyPaths = new Set<string>();
  readonly scalars = new Set<string>();
  readonly numbers: number[] = [];
  private haystack: string | undefined;
  private searchWork = 0;

  constructor(value: unknown) {
    const stack: unknown[] = [value];
    // The dotted path of each object directly inside objects, for the keys it holds.
    const paths = new Map<unknown, { path: string; depth: number }>();
    while (stack.length > 0) {
      const current = stack.pop();
      if (typeof current === "string") this.strings.add(current);
      // 1e999 reads as Infinity, which JSON writes as null: it holds no number the model wrote.
      else if (typeof current === "number" && Number.isFinite(current)) {
        this.numbers.push(current);
        this.scalars.add(JSON.stringify(current));
      } else if (typeof current === "boolean") this.scalars.add(String(current));
      // One by one: spreading a 100 000-item array overflows the call stack.
      else if (Array.isArray(current)) for (const item of current as unknown[]) stack.push(item);
      else if (isJsonObject(current)) {
        const outer = paths.get(current);
        for (const key of Object.keys(current)) {
          // Keys join the strings too: a reading that split a string may take a key for a value.
          this.strings.add(key);
          this.foldedKeys.add(foldIdentifier(key));
          const path = outer === undefined ? key : `${outer.path}.${key}`;
          if (outer !== undefined) this.keyPaths.add(path);
          const inner = current[key];
          const depth = (outer?.depth ?? 0) + 1;
          if (isJsonObject(inner) && depth < MAX_KEY_PATH_DEPTH) paths.set(inner, { path, depth });
          // A list's items by their index (`edits[0].oldText`).
          else if (Array.isArray(inner) && depth < MAX_KEY_PATH_DEPTH) {
            for (const [index, item] of (inner as unknown[]).entries()) if (isJsonObject(item)) paths.set(item, { path: `${path}[${index}]`, depth });
          }
          stack.push(inner);
        }
      }
    }
  }

  /** Whether `text` is part of some string of the result; bounded, and `false` once the budget is spent. */
  contains(text: string): boolean {
    if (this.strings.has(text)) return true;
    this.haystack ??= [...this.strings].join("\u0000");
    this.searchWork += this.haystack.length;
    return this.searchWork <= MAX_SEARCH_WORK && this.haystack.includes(text);
  }

  /** `"42"`, `"4.0"`, `"true"` for the number or boolean they spell; `"007"` is not 7. */
  holdsScalar(text: string): boolean {
    const trimmed = text.trim();
    if (this.scalars.has(trimmed) || this.scalars.has(trimmed.toLowerCase())) return true;
    if (!isJsonNumberText(trimmed)) return false;
    const number = Number(trimmed);
    return this.numbers.includes(number);
  }
}

/** `ObjectId` in `ObjectId("1")`, `new` in `new Date(…)`: the type a value was printed with, not content. */
function isWrapperName(text: string, word: string, end: number): boolean {
  const after = text.slice(end, end + 40);
  if (word === "new") {
    const name = /^[ \t]+([A-Za-z][A-Za-z0-9]*)[ \t]*\(/.exec(after)?.[1];
    return name !== undefined && isWrapperType(name);
  }
  return isWrapperType(word) && /^[ \t]*\(/.test(after);
}

/** `text` without the typographic quotes at its start and end. */
function unquoted(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && TYPOGRAPHIC_QUOTES.includes(text[start]!)) start++;
  while (end > start && TYPOGRAPHIC_QUOTES.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}

function isSyntaxWord(text: string): boolean {
  return LITERAL_WORDS.has(text.toLowerCase()) || (NUMBER_WORD.test(text) && /\d/.test(text)) || prefixedNumber(text) !== undefined;
}

/** Qwen3-Coder's parameter elements, the markup of arguments sent in that form (see parse-parameter-tags). */
const PARAMETER_TAG = /<\/?parameter(?:=[^>\n]{0,80})?>/g;

function withoutTokens(text: string): string {
  const stripped = text.replace(SPECIAL_TOKEN, "").replace(PARAMETER_TAG, "");
  return stripped === text ? text : stripped.trim();
}

/** `text` when it is one JSON string literal (a value encoded once more), else `undefined`. */
function encodedString(text: string): string | undefined {
  try {
    return typeof JSON.parse(text) === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The key of `'key":` or `"key':` opening at `index` and followed by its `:`, or `undefined`. */
function mixedKeyAt(text: string, index: number): string | undefined {
  const open = text[index];
  const close = text.indexOf(open === '"' ? "'" : '"', index + 1);
  if (close < 0 || close - index > 256) return undefined;
  const key = text.slice(index + 1, close);
  if (key === "" || /["'\\\n\r]/.test(key) || nextSignificant(text, close + 1) !== ":") return undefined;
  return key;
}

/** `done','path` read by the check as one string: a value closed with `'`, a comma, a key opened with `'` (parse-mixed-quotes). */
function mixedBoundary(text: string): { value: string; key: string } | undefined {
  const keyOpen = text.lastIndexOf("'");
  const key = text.slice(keyOpen + 1);
  if (keyOpen < 0 || key === "" || /["\\\n\r]/.test(key)) return undefined;
  const before = text.slice(0, keyOpen).trimEnd();
  if (!before.endsWith(",")) return undefined;
  const value = before.slice(0, -1).trimEnd();
  return value.endsWith("'") ? { value: value.slice(0, -1), key } : undefined;
}

function isKept(literal: Literal, inventory: Inventory, excused: ReadonlySet<string>, nesting: number, lost: string[]): boolean {
  // Template tokens are markup, and so is the space that set them apart.
  const text = literal.text.includes("<") || literal.text.includes("[") ? withoutTokens(literal.text) : literal.text;
  // Only brackets and commas: debris of a reading that an unescaped quote threw off, not content.
  if (/^[\s,:[\]{}()]*$/.test(text) || excused.has(text) || excused.has(literal.text)) return true;
  // Kept tokens and all: the tokens were the string's own text.
  if (text !== literal.text && inventory.contains(literal.text)) return true;
  // A number is kept as a number of the same value, or as a string spelling it the same (`1.50` is not "1.5");
  // other number-like words (`1_000`, `.5`, `1.`, `000`, `0x1F`, `0b101`) as the number they spell, or as text.
  if (!literal.quoted && literal.verbatim !== literal.text && inventory.contains(literal.verbatim)) return true;
  if (!literal.quoted && isSyntaxWord(text)) {
    if (isJsonNumberText(text)) return inventory.holdsScalar(text) || inventory.contains(text);
    const spelled = prefixedNumber(text) ?? Number(text.replace(/_/g, ""));
    return LITERAL_WORDS.has(text.toLowerCase()) || inventory.numbers.includes(spelled) || inventory.contains(text);
  }
  // `“Paris”` or `‘it’s` read as words: typographic quotes at their edges may have been delimiters.
  if (!literal.quoted && text !== unquoted(text) && isKept({ ...literal, text: unquoted(text), verbatim: unquoted(text) }, inventory, excused, nesting, lost)) return true;
  if (literal.key && inventory.foldedKeys.has(foldIdentifier(text))) return true;
  const mixed = literal.quoted && literal.key ? mixedBoundary(text) : undefined;
  if (mixed !== undefined && inventory.foldedKeys.has(foldIdentifier(mixed.key)) && (mixed.value === "" || inventory.contains(mixed.value))) return true;
  // `"args.path":` nested as `path` inside `args`: the same key, written as its path.
  if (literal.key && inventory.keyPaths.has(text)) return true;
  if (inventory.contains(text) || (literal.verbatim !== literal.text && inventory.contains(literal.verbatim))) return true;
  // `"New York, "gender":` read by the check as the string `New York, `: the separator a lost closing quote let in.
  if (literal.quoted && /\S,\s*$/.test(text) && inventory.contains(text.replace(/,\s*$/, ""))) return true;
  // `"say "hi" now}` read by the check to the end of the text: the closers a lost closing quote let in.
  if (literal.unclosed === true && /[}\]]\s*$/.test(text) && inventory.contains(text.replace(/[\s}\]]+$/, ""))) return true;
  if (!literal.key && inventory.holdsScalar(text)) return true;
  // JSON inside a string (double encoding, an envelope's arguments): what it holds must be kept.
  const trimmed = text.trim();
  // Also encoded once more (`"[1, 2]"` in quotes) or written as a code block: the fences and quotes are syntax.
  const json = /^(?:`{3}|~{3})/.test(trimmed) ? fencedBlockBody(trimmed)?.trim() : trimmed.startsWith('"') ? encodedString(trimmed) : trimmed;
  if (nesting < MAX_NESTED_JSON && typeof json === "string" && /^["{[]/.test(json)) {
    const inner: Literal[] = [];
    readLiterals(json, inner);
    // The losses inside are reported in place of the whole string.
    for (const each of inner) if (!isKept(each, inventory, excused, nesting + 1, lost)) lost.push(each.text);
    return true;
  }
  return false;
}

/**
 * The strings of `raw` (the arguments as the model wrote them) that are not
 * in `result` (the repaired arguments); empty when the repair lost nothing.
 * Reports at most a few, each cut short. `schema`: the tool's, when known.
 */
export function lostStrings(raw: string, result: unknown, excused: ReadonlySet<string> = new Set(), schema?: JsonSchema): string[] {
  const literals: Literal[] = [];
  // `{\"a\": …}`: JSON escaped for a string, sent without the string's quotes; its strings are one layer in.
  // Prose around a fenced block is not arguments, even where it has brackets (`[1]`, `{name}`); nor, with the
  // tool's schema, is code shown after a block whose object sets every declared property (strip-code-fences).
  const unfenced = stripCodeFences.fix(raw, schema === undefined ? {} : { schema }) ?? raw;
  // SentencePiece's `▁` between tokens is a space, not a bare word the result lost.
  const pieces = readPieceSpaces(unfenced);
  const text = typeof pieces === "object" ? pieces.text : unfenced;
  // `"{"a": 1}"`: the quotes around the object are syntax, not a string holding `{`.
  readLiterals(unescapedJson(text) ?? objectInUnescapedQuotes(text) ?? (ESCAPED_OPENING.test(text) ? unescapeLayer(text) : text), literals);
  const inventory = new Inventory(result);
  const lost: string[] = [];
  for (const literal of literals) {
    if (!isKept(literal, inventory, excused, 0, lost)) lost.push(literal.text);
  }
  return [...new Set(lost)].slice(0, MAX_REPORTED).map((text) => (text.length > MAX_REPORTED_LENGTH ? `${text.slice(0, MAX_REPORTED_LENGTH)}…` : text));
}

/**
 * Whether `value` holds a number JSON cannot write (`1e999` read as
 * Infinity): serialised, it would become `null`, a value the model never sent.
 */
export function holdsNonFiniteNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "number" && !Number.isFinite(current)) return true;
    if (Array.isArray(current)) for (const item of current as unknown[]) stack.push(item);
    else if (isJsonObject(current)) for (const key of Object.keys(current)) stack.push(current[key]);
  }
  return false;
}
