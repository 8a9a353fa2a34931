/** Quoted strings for the tolerant reader: where one ends, and what it holds. */
import { keyInStrayQuote, parseDoubledQuotes, undoubled } from "./parse-doubled-quotes.ts";
import { parseInnerQuotes } from "./parse-inner-quotes.ts";
import { closesBeforeMixedKey, parseMixedQuotes } from "./parse-mixed-quotes.ts";
import { apostrophesDisagree, parseEscapedApostrophes } from "./parse-escaped-apostrophes.ts";
import { decodeStringBody, parseRawBackslashes, twoReadingsSingleQuoted, writtenUnescaped } from "./parse-raw-backslashes.ts";
import { parseSingleQuotes } from "./parse-single-quotes.ts";
import { parseTypographicQuotes, typographicClosers } from "./parse-typographic-quotes.ts";
import { parseTripleQuotes, opensTriple, tripleQuoted } from "./parse-triple-quotes.ts";
import { braceEnd, closersEnd, parseUnclosedStrings, unclosedEnd } from "./parse-unclosed-strings.ts";
import { colonLeftOut, valueEndsAt } from "./reader.ts";
import { backslashBeforeBreak, continuesLine } from "../normalize-jsonish.ts";
import type { Place, Reader } from "./reader.ts";

/**
 * The string opening at `index`. Without parse-inner-quotes it ends at the
 * first unescaped quote, as in JSON; with it, at the first quote that what
 * follows continues validly (a key's `:`, or see `valueEndsAt`). A string a
 * typographic quote opens always ends so, at a quote of its kind.
 */
export function readString(reader: Reader, index: number, place: Place, role: "key" | "value"): { text: string; end: number } | undefined {
  const text = reader.text;
  const quote = text[index]!;
  const triple = opensTriple(text, index) ? tripleQuoted(text, index) : undefined;
  // `"""x"""` is also `""x""` with its own quotes unescaped (see parse-doubled-quotes): read both ways.
  // A body with a line break or a quote is a triple-quoted string only: `""` then `"` gives nothing meant.
  if (opensTriple(text, index) && (triple === undefined || /[\n"']/.test(triple.body) || reader.has(parseTripleQuotes.name))) {
    return triple === undefined ? undefined : readTripleQuoted(reader, index, triple, place, role);
  }
  const typographic = typographicClosers(quote);
  if (typographic !== undefined) {
    // Doubled, it is no delimiter: ```` ``` ```` opens a fence, ``` ``x'' ``` is LaTeX's quote, `‘‘x’’` who knows.
    if (!reader.has(parseTypographicQuotes.name) || text[index + 1] === quote) return undefined;
    reader.use(parseTypographicQuotes.name);
  } else if (quote === "'") {
    if (!reader.has(parseSingleQuotes.name)) return undefined;
    reader.use(parseSingleQuotes.name);
  }
  const closes = typographic === undefined ? (char: string | undefined) => char === quote : (char: string | undefined) => char !== undefined && typographic.includes(char);
  const inner = typographic !== undefined || reader.has(parseInnerQuotes.name);
  const plain = typographic === undefined;
  // Only the first quote may end the string before a stray closer (parse-stray-closers): past inner quotes,
  // `"x"]` may be a quoted item of JSON written into the string.
  const endsAt = (after: number, stray = false): boolean => (role === "key" ? keyEndsAt(reader, index, after, place) : valueEndsAt(reader, after, place, stray, !skipped));
  let close = -1;
  let skipped = false;
  // A quote followed by stray words and a `,` or `}` ends the string only when no later quote can:
  // `"the "fast" mode, not "safe""` keeps its words.
  let strayClose: { at: number; skipped: boolean } | undefined;
  // `\"` where a string could end: an escaped quote, or a backslash ending the string (`"C:\"`)?
  let escapedEnd = false;
  // Every quote passed so far was an apostrophe inside a word (`O'Sullivan`) of a single-quoted string.
  let apostrophesOnly = false;
  for (let at = index + 1; at < text.length; at++) {
    const char = text[at];
    if (char === "\\") {
      at++;
      if (inner && closes(text[at]) && endsAt(at + 1)) escapedEnd = true;
    } else if (char === "'" && quote === '"' && role === "value" && place.container === "object" && closesBeforeMixedKey(reader, at, place.schema)) {
      // `…done','path":`: the value closed with the other quote, as the next key opens with it (parse-mixed-quotes).
      reader.use(parseMixedQuotes.name);
      return finish(reader, text.slice(index + 1, at), quote, at + 1);
    } else if (closes(char)) {
      // Past apostrophes alone (`'Jack O'Sullivan, 'id':`), the string may still have lost its closing quote there.
      const unclosed = plain && (!skipped || apostrophesOnly) && role === "value" && reader.has(parseUnclosedStrings.name) ? unclosedEnd(reader, index, at, place) : undefined;
      if (unclosed !== undefined) {
        // Read again without this family: the quote may be content, as parse-inner-quotes has it.
        reader.contest(parseUnclosedStrings.name);
        return finish(reader, text.slice(index + 1, unclosed), quote, unclosed);
      }
      if (!inner || endsAt(at + 1)) {
        close = at;
        break;
      }
      if (strayClose === undefined && endsAt(at + 1, true)) strayClose = { at, skipped };
      if (!reader.spend(8)) return undefined;
      apostrophesOnly = (!skipped || apostrophesOnly) && quote === "'" && inWord(text, at);
      skipped = true;
    }
  }
  const quotes = typographic ?? quote;
  // No quote ends it, but the root's final `}` may: the reading that keeps every word, before stray words.
  const braced = close === -1 && plain && role === "value" && reader.has(parseUnclosedStrings.name) ? braceEnd(reader, index, place) : undefined;
  if (braced !== undefined) {
    const body = text.slice(index + 1, braced).trimEnd();
    // `now, "n": 1}` holds a member: the string is not the last value, it is broken elsewhere.
    if (looksLikeStructure(body, quotes, place) || MEMBER_INSIDE.test(body)) return undefined;
    reader.use(parseUnclosedStrings.name);
    reader.use(parseInnerQuotes.name);
    return finish(reader, body, quote, braced);
  }
  // `"00:23}\n ]\n}`: a nested value that lost its closing quote before the closers the text ends on.
  const closed = close === -1 && plain && role === "value" && reader.has(parseUnclosedStrings.name) ? closersEnd(reader, index, place) : undefined;
  if (closed !== undefined && valueEndsAt(reader, closed, place)) {
    reader.use(parseUnclosedStrings.name);
    return finish(reader, text.slice(index + 1, closed).trimEnd(), quote, closed);
  }
  // A stretched string that passed structure (`", COMMENT "b": "x`) is no reading; stray words may end it sooner.
  const refused = close !== -1 && skipped && looksLikeStructure(text.slice(index + 1, close), quotes, place) && !embedsJson(text.slice(index + 1, close));
  if ((close === -1 || refused) && strayClose !== undefined) ({ at: close, skipped } = strayClose);
  // A string the text ends inside was cut: it is never closed here.
  if (close === -1) return undefined;
  let body = text.slice(index + 1, close);
  // A stretched string is one reading among others when it passed an escaped quote that could end it.
  if (skipped && (escapedEnd || (looksLikeStructure(body, quotes, place) && !embedsJson(body)))) return undefined;
  // Typographic quotes inside are text by parse-typographic-quotes' own rule (`‘it’s’`).
  if (!plain) return finish(reader, body, quote, close + 1);
  // `""city": …`: a key with one of its quotes written twice is the declared key inside (parse-doubled-quotes).
  const strayQuoted = skipped && role === "key" && reader.has(parseDoubledQuotes.name) ? keyInStrayQuote(body, quote, place.schema) : undefined;
  if (strayQuoted !== undefined) {
    reader.use(parseDoubledQuotes.name);
    return finish(reader, strayQuoted, quote, close + 1);
  }
  // `""value"`, `"value""`: an inner quote without its pair is a stray quote or a typo, who knows.
  if (skipped && unpairedQuotes(body, quote)) return undefined;
  // `'it''s'`: SQL's and YAML's escaped quote (`it's`), Python's two strings in a row (`its`), or both quotes kept.
  if (skipped && doubledInWord(body, quote)) return undefined;
  // `"b", "c"}`, `"first" "second"`: the first inner quote closes a word, so the string ended there; what follows is broken.
  if (skipped && firstInnerCloses(body, quote)) return undefined;
  // `"a, " "b: c"`: strings side by side, one string to Python and C (`a, b: c`), or one with its inner quotes kept.
  if (skipped && sideBySide(body, quote)) return undefined;
  // `…", "end"}`: the last inner quotes set a quoted word apart, as an item; in an object it is a stray one, not text.
  if (skipped && place.container !== "array" && strayItemAtEnd(body, quote)) return undefined;
  // `["he said "no, never"", "fine"]`: in a list, a comma beside quotes nobody escaped may separate items whose own
  // quotes were lost or mistyped (`"he said "`, `no`, …): how many items the model meant is a guess.
  if (skipped && place.container === "array" && body.includes(",")) return undefined;
  const doubled = skipped && reader.has(parseDoubledQuotes.name) ? undoubled(body, quote) : undefined;
  if (doubled !== undefined) {
    // A value's `""x""` is `"x"` to parse-inner-quotes: two readings. A key is a name, never quoted text.
    if (role === "value") reader.contest(parseDoubledQuotes.name);
    else reader.use(parseDoubledQuotes.name);
    body = doubled;
  } else if (skipped) {
    reader.use(parseInnerQuotes.name);
  }
  return finish(reader, body, quote, close + 1);
}

/** A triple-quoted value (parse-triple-quotes); `""` then `"` is no reading of `"""` either way. */
function readTripleQuoted(
  reader: Reader,
  index: number,
  string: { readonly body: string; readonly end: number },
  place: Place,
  role: "key" | "value",
): { text: string; end: number } | undefined {
  if (role === "key" || !reader.has(parseTripleQuotes.name) || (reader.text[index] === "'" && !reader.has(parseSingleQuotes.name))) return undefined;
  if (!valueEndsAt(reader, string.end, place)) return undefined;
  if (/[\n"']/.test(string.body)) reader.use(parseTripleQuotes.name);
  else reader.contest(parseTripleQuotes.name);
  if (reader.text[index] === "'") reader.use(parseSingleQuotes.name);
  // Python decodes `\'` and `\"` in either kind.
  return finish(reader, string.body, "'", string.end);
}

/** Whether a key opening at `open` may end just before `after`: a `:` follows, or a value with its `:` left out. */
function keyEndsAt(reader: Reader, open: number, after: number, place: Place): boolean {
  if (reader.text[reader.skip(after)] === ":") return true;
  const key = decodeStringBody(reader.text.slice(open + 1, after - 1), reader.text[open]!).value;
  return colonLeftOut(reader, after, key, place.schema) !== undefined;
}

const UNICODE_ESCAPE = /\\u[0-9a-fA-F]{4}/;
/**
 * The single-quoted `body` with its line continuations (`\` ending a line) read as JavaScript, JSON5 and
 * Python read them: as nothing. Only as they write a long text: the backslash glued to a word and the next
 * line indented by one space at most (`'is a\⏎ long text'`), no other line break, and every other
 * backslash an escape. A shell command continues after a space and indents the next line (`run \⏎  -v
 * a:b`), and a Windows path's backslashes are no escapes (`'C:\dir\⏎'`): for those the backslash may be
 * text, so `undefined`.
 */
function lineContinued(body: string): string | undefined {
  let joined = "";
  for (let at = 0; at < body.length; at++) {
    const char = body[at]!;
    if (char === "\n" || char === "\r") return undefined;
    if (char !== "\\") {
      joined += char;
      continue;
    }
    const breakAt = body[at + 1] === "\r" ? at + 2 : at + 1;
    if (body[breakAt] !== "\n") {
      // An escape, kept whole for decoding below.
      joined += body.slice(at, at + 2);
      at++;
      continue;
    }
    if (at === 0 || /\s/.test(body[at - 1]!) || /^[ \t]{2}/.test(body.slice(breakAt + 1))) return undefined;
    at = breakAt;
  }
  const decoded = decodeStringBody(joined, "'");
  return decoded.kept ? undefined : decoded.value;
}
const BACKSLASH_BEFORE_NON_ASCII = /\\\P{ASCII}/u;

/** The string `body` holds (its escapes decoded), ending at `end`; `undefined` when a raw backslash may not stay. */
function finish(reader: Reader, body: string, quote: string, end: number): { text: string; end: number } | undefined {
  // A backslash ending a line of a single-quoted string: a line continuation (JavaScript, JSON5, Python) or a
  // backslash kept (a shell command's). Read only where a shell's could not be (see lineContinued).
  if (continuesLine(quote + body)) {
    const joined = lineContinued(body);
    if (joined === undefined) return undefined;
    reader.use(parseSingleQuotes.name);
    return { text: joined, end };
  }
  // In other quotes the backslash may as well escape the line break (see backslashBeforeBreak): no reading.
  if (backslashBeforeBreak(quote + body)) return undefined;
  // `print('it\'s')`: a `\'` beside a bare `'` may be the code's own backslash or an escape (see escaped-apostrophes).
  if (quote !== "'" && apostrophesDisagree(body) && !writtenUnescaped(body, quote)) return undefined;
  const decoded = decodeStringBody(body, quote);
  if (decoded.apostrophe) {
    if (!reader.has(parseEscapedApostrophes.name)) return undefined;
    reader.use(parseEscapedApostrophes.name);
  }
  if (decoded.kept) {
    // `\ud6c4 \로`: a writer spelling characters as `\uXXXX` whose backslash lands on a raw one glitched
    // mid-escape (`로` meant) as likely as it left a backslash (`C:\데이터`). No reading.
    if (UNICODE_ESCAPE.test(body) && BACKSLASH_BEFORE_NON_ASCII.test(body)) return undefined;
    // `'\d+\n'`: in single quotes, as Python reads them, `\d` stays and `\n` is a line break; kept raw, both are
    // backslashes. Two readings, so none.
    if (quote === "'" && !reader.prefixed && twoReadingsSingleQuoted(body)) return undefined;
    if (!reader.has(parseRawBackslashes.name)) return undefined;
    reader.use(parseRawBackslashes.name);
  }
  return { text: decoded.value, end };
}

/**
 * Inner quotes that delimit JSON rather than text: a quote before a closer,
 * `", "key":` / `": "`, or `", "` in an array. A string stretched over them would swallow members
 * of a text broken elsewhere (`{"a": "x", "b: "y"}`), so it has no reading.
 * `quotes` are the quotes that may close the string.
 */
function looksLikeStructure(body: string, quotes: string, place: Place): boolean {
  const patterns = structurePatterns(quotes);
  // In an array, `", "` between quotes separates items.
  return patterns.members.test(body) || (place.container === "array" && patterns.items.test(body));
}

/** Longest body tried as a JSON document of its own (a file's content is seldom longer). */
const MAX_EMBEDDED_JSON = 200_000;

/**
 * Whether `body` is a whole JSON object or array written into the string
 * without escaping its quotes (`"content": "{"title": "x"}"`, a `.json`
 * file's content): its structure is the value's own, not members of the
 * text around it, so the string holds it verbatim. Not when it holds a
 * backslash: `\"` or `\n` would be the document's escape or the string's.
 */
function embedsJson(body: string): boolean {
  const trimmed = unfenced(body.trim());
  // A backslash in it is the document's own escape or the string's: two readings of the text.
  if (trimmed.length > MAX_EMBEDDED_JSON || !/^[[{][\s\S]*[\]}]$/.test(trimmed) || !trimmed.includes('"') || trimmed.includes("\\")) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}

/**
 * The document inside a Markdown fence that is the whole body (```` ```json {…}``` ````,
 * as a model pastes an answer it was given): the fence is the text's own, kept
 * with the string; the document inside decides. Otherwise the body as it is.
 */
function unfenced(body: string): string {
  if (body.length < 8 || !body.startsWith("```") || !body.endsWith("```")) return body;
  const inner = body.slice(3, -3);
  // One fence around the document, no other: a backtick inside is a second block or code.
  if (inner.includes("`")) return body;
  return inner.replace(/^(?:json|JSON)?/, "").trim();
}

const STRUCTURE = new Map<string, { readonly members: RegExp; readonly items: RegExp }>();
const MEMBER_INSIDE = /,\s*["']?[\p{L}\p{N}_$@.-]+["']?\s*:/u;

/** The structure patterns for strings that `quotes` may close (a handful of sets, built once each). */
function structurePatterns(quotes: string): { readonly members: RegExp; readonly items: RegExp } {
  let patterns = STRUCTURE.get(quotes);
  if (patterns === undefined) {
    const quote = `[${quotes}]`;
    patterns = {
      members: new RegExp(`${quote}\\s*[}\\]]|${quote}\\s*,\\s*${quote}[^${quotes}\\n]{0,200}:|${quote}\\s*:\\s*(?:${quote}|[{[])`, "u"),
      items: new RegExp(`${quote}\\s*,\\s*${quote}`, "u"),
    };
    STRUCTURE.set(quotes, patterns);
  }
  return patterns;
}

/**
 * A quotation in `body` that lacks its other half: an odd count of quotes,
 * quotes between two letters or digits aside (`v"alue` holds a character);
 * for `'`, unless the odd one is an apostrophe (see `openerLeftOpen`).
 */
export function unpairedQuotes(body: string, quote: string): boolean {
  let count = 0;
  let inches = 0;
  for (let at = body.indexOf(quote); at !== -1; at = body.indexOf(quote, at + 1)) {
    const inWord = /[\p{L}\p{N}]/u.test(body[at - 1] ?? "") && /[\p{L}\p{N}]/u.test(body[at + 1] ?? "");
    if (!inWord) count++;
    if (inchMark(body, at, quote)) inches++;
  }
  // `a 1/2" wrench`: the one odd quote is an inch mark, the text's own.
  if (count % 2 === 1 && inches === 1) return false;
  return count % 2 === 1 && (quote !== "'" || openerLeftOpen(body));
}

/**
 * Whether the `"` at `at` is an inch mark (`27" monitor`, `1/2" wrench`, `12"-long`): right after a digit,
 * before a space, a hyphen or a sentence's end, mid-text. A quotation ends after a word as well (`"top 10" list`),
 * so only a quote with no other to pair with is read so (see `unpairedQuotes`).
 */
export function inchMark(body: string, at: number, quote: string): boolean {
  return quote === '"' && /\d/.test(body[at - 1] ?? "") && /^(?:[ \t]+[\p{L}\p{N}(]|-[\p{L}\p{N}]|[.)](?:\s|$))/u.test(body.slice(at + 1, at + 4));
}

/**
 * Whether a `'` in `body` cannot be an apostrophe: one after a word is one
 * (`the users' files`, `a 12' pole`), but one that opens a word with no quote
 * closing it later (`say 'hi' to 'Bob`) is a quotation whose other half is lost.
 */
function openerLeftOpen(body: string): boolean {
  let open = 0;
  for (let at = body.indexOf("'"); at !== -1; at = body.indexOf("'", at + 1)) {
    const before = /[\p{L}\p{N}]/u.test(body[at - 1] ?? "");
    const after = /[\p{L}\p{N}]/u.test(body[at + 1] ?? "");
    if (!before && after) open++;
    // ` ' ` between spaces: half of a quotation, or a stray; no apostrophe.
    else if (/^\s?$/.test(body[at - 1] ?? "") && /^\s?$/.test(body[at + 1] ?? "")) return true;
    else if (before && !after && open > 0) open--;
    // `'value''`: the closing quote doubled, a typo as likely as a trailing apostrophe.
    else if (before && at === body.length - 1) return true;
  }
  return open > 0;
}

/** A quote written twice between two letters or digits (`it''s`, `say ""hi"" now` aside): an escape convention, not text. */
export function doubledInWord(body: string, quote: string): boolean {
  for (let at = body.indexOf(quote + quote); at !== -1; at = body.indexOf(quote + quote, at + 1)) {
    if (/[\p{L}\p{N}]/u.test(body[at - 1] ?? "") && /[\p{L}\p{N}]/u.test(body[at + 2] ?? "")) return true;
  }
  return false;
}

/**
 * Whether the first inner quote (quotes between two letters or digits aside) closes rather than opens: a word
 * or the opening quote before it, a space, a comma or the end after it (`b", "c`, `first" "second`, `" "x`; not
 * `say "hi"`, `print("x")`).
 */
export function firstInnerCloses(body: string, quote: string): boolean {
  for (let at = body.indexOf(quote); at !== -1; at = body.indexOf(quote, at + 1)) {
    const before = body[at - 1] ?? "";
    const after = body[at + 1] ?? "";
    if (/[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after)) continue;
    // `1/2" wrench`: the one quote of the text, an inch mark, closes nothing.
    if (inchMark(body, at, quote) && !unpairedQuotes(body, quote)) continue;
    // `"a" + "b"` is parse-string-concatenation's to weigh against this reading.
    if (/^\s*\+/.test(body.slice(at + 1))) return false;
    // At the body's start it closes an empty string (`"" "value"`): the string ended there too.
    if ((at > 0 && !/[\p{L}\p{N}.!?)\]]/u.test(before)) || !(after === "" || /[\s,;]/.test(after))) return false;
    // After a word, a single quote followed by words (no quote, key or break among them) is an apostrophe: `the users' files`.
    return quote !== "'" || !/^[ \t]+[\p{L}\p{N}][^"'\n,:;=]*(?:["']|$)/u.test(body.slice(at + 1));
  }
  return false;
}

/**
 * Whether the string, its outer quotes put back, is quoted strings side by side with only space between
 * (`"a, " "b: c"`): Python and C join such strings into one; read with its inner quotes kept it is another text.
 */
export function sideBySide(body: string, quote: string): boolean {
  const quotes: number[] = [];
  for (let at = 0; at < body.length; at++) {
    if (body[at] === "\\") at++;
    else if (body[at] === quote) quotes.push(at);
  }
  if (quotes.length === 0 || quotes.length % 2 !== 0) return false;
  for (let pair = 0; pair < quotes.length; pair += 2) {
    const between = body.slice(quotes[pair]! + 1, quotes[pair + 1]!);
    if (between === "" || between.trim() !== "") return false;
  }
  return true;
}

/**
 * Whether `body` ends in `", "word` (a comma between two quotes, no quote after): a quoted item set apart.
 * Escaped quotes are the item's own text (`", "print(\"a\")`): the item opens at the last unescaped quote.
 */
export function strayItemAtEnd(body: string, quote: string): boolean {
  let opens = -1;
  for (let at = 0; at < body.length; at++) {
    if (body[at] === "\\") at++;
    else if (body[at] === quote) opens = at;
  }
  if (opens < 1) return false;
  const before = body.slice(0, opens).trimEnd();
  return before.endsWith(",") && before.slice(0, -1).trimEnd().endsWith(quote);
}

/** A quote between two letters (`O'Sullivan`, `it's`): an apostrophe, not a delimiter. */
function inWord(text: string, at: number): boolean {
  return /\p{L}/u.test(text[at - 1] ?? "") && /\p{L}/u.test(text[at + 1] ?? "");
}
