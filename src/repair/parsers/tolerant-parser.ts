/**
 * The schema-guided reader behind the parse families: a recursive descent
 * over text meant as a JSON object, that takes the enabled families' syntax
 * as well as JSON's. It never guesses between readings: where the schema
 * decides (where an unquoted value ends, whether a closed object goes on) it
 * asks the schema, and where it cannot, it gives up. JSON reads as JSON.
 */
import { defineOwn, ownValue } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import { deepEqualJson } from "../schema-shape.ts";
import { restartsList } from "./restarted-list.ts";
import type { JsonType } from "../schema-shape.ts";
import { isJsonNumberText, isNumberWord } from "../json-tokens.ts";
import { commentEnd } from "./parse-comments.ts";
import { escapedLayoutEnd, parseEscapedLayout } from "./parse-escaped-layout.ts";
import { escapedQuoted, parseEscapedQuotes } from "./parse-escaped-quotes.ts";
import { fencedValue, opensFence, parseFencedValues } from "./parse-fenced-values.ts";
import { decodePythonString, parsePythonPrefixes, pythonPrefix } from "./parse-python-prefixes.ts";
import { TRAILING_POINT, parseNumberSpellings, spelledNumber } from "./parse-number-spellings.ts";
import { parseSingleQuotes } from "./parse-single-quotes.ts";
import { parseTypographicQuotes } from "./parse-typographic-quotes.ts";
import { concatenation, parseStringConcatenation } from "./parse-string-concatenation.ts";
import { opensTriple } from "./parse-triple-quotes.ts";
import { arrayContinues, objectContinues, parseContinued, reopenedElsewhere } from "./parse-continued.ts";
import type { Continuation } from "./parse-continued.ts";
import { literalSpelling, parseLiteralSpellings } from "./parse-literal-spellings.ts";
import { isNoValueWord } from "../elided-values.ts";
import { lineItem, parseLooseCommas, scalarItemAfter } from "./parse-loose-commas.ts";
import { closesAtText, numberMayEndText } from "./parse-missing-brace.ts";
import { halfQuotedKeyEnd, parseUnquoted, unquotedKeyEnd } from "./parse-unquoted.ts";
import { readString } from "./read-string.ts";
import { keyLostCloseQuote, parseUnclosedStrings } from "./parse-unclosed-strings.ts";
import { quotedPhrases, quotedWordsLast, unquotedEnd } from "./unquoted-end.ts";
import { bareColonLeftOut, bareMemberAfter, bareMemberWithoutColon, colonLeftOut, keyAhead, opensQuoted, strayAfterValue, strayBeforeKey, valueEndsAt } from "./reader.ts";
import { parseMissingColons } from "./parse-missing-colons.ts";
import { parseStrayWords } from "./parse-stray-words.ts";
import { doubledBraceEnd, doubledBraceInner, parseDoubledBraces } from "./parse-doubled-braces.ts";
import { mixedQuotedKey, parseMixedQuotes } from "./parse-mixed-quotes.ts";
import { parseSwappedBrackets, swappedKind } from "./parse-swapped-brackets.ts";
import { listEndsBeforeKey, parseLostListEnd } from "./parse-lost-list-end.ts";
import { listClosedByBrace, parentKeyAfter, parseMistypedClosers } from "./parse-mistyped-closers.ts";
import { mayCloseLostList, parseStrayClosers, strayCloserEnd } from "./parse-stray-closers.ts";
import { SPECIAL_TOKEN } from "../fixers/strip-special-tokens.ts";
import { parseValueWrappers, wrappedValue } from "./parse-value-wrappers.ts";
import type { Place, Reader } from "./reader.ts";
import { declaredKeysOf, itemsSchemaOf, mayAdmit, propertySchemaOf } from "./schema-guide.ts";

/** A value read, and the index just past it. */
export interface Read {
  readonly value: unknown;
  readonly end: number;
  /** An array that went on in new brackets after its `]` (see parse-continued). */
  readonly reopened?: boolean;
}

const MAX_DEPTH = 64;
/** Where a bare word stops (a comment start is checked apart). */
const WORD_STOP = /[\s,:{}[\]"']/;

export function readValue(reader: Reader, index: number, schema: unknown, place: Place, depth: number): Read | undefined {
  if (depth > MAX_DEPTH || !reader.spend()) return undefined;
  const at = reader.skip(index, true);
  const char = reader.text[at];
  if (char === undefined) return undefined;
  if (char === "{") {
    // `{ {"a": 1} }` as a value or an item: a brace typed twice (parse-doubled-braces); the root's is undouble-braces'.
    const inner = place.container === "root" ? undefined : doubledBraceInner(reader, at);
    const doubled = inner === undefined ? undefined : readValue(reader, inner, schema, place, depth + 1);
    const end = doubled === undefined ? undefined : doubledBraceEnd(reader, doubled.end);
    if (doubled !== undefined && end !== undefined) {
      reader.use(parseDoubledBraces.name);
      return { value: doubled.value, end };
    }
    const list = swapped(reader, at, schema, place) ? readArray(reader, at, schema, place, depth, "}") : undefined;
    if (list !== undefined && Array.isArray(list.value) && list.value.length > 0) {
      reader.use(parseSwappedBrackets.name);
      return list;
    }
    return readObject(reader, at, schema, place, depth);
  }
  if (char === "[") {
    const object = swapped(reader, at, schema, place) ? readObject(reader, at, schema, place, depth, "]") : undefined;
    if (object !== undefined && Object.keys(object.value as JsonObject).length > 0) {
      reader.use(parseSwappedBrackets.name);
      return object;
    }
    return readArray(reader, at, schema, place, depth);
  }
  if (opensFence(reader.text, at)) {
    // A fence is never a quote doubled: the code block or nothing.
    const fenced = reader.has(parseFencedValues.name) ? fencedValue(reader.text, at) : undefined;
    if (fenced === undefined || !valueEndsAt(reader, fenced.end, place)) return undefined;
    reader.use(parseFencedValues.name);
    return { value: fenced.body, end: fenced.end };
  }
  const joined = reader.has(parseStringConcatenation.name) && !opensTriple(reader.text, at) ? concatenation(reader.text, at, (from) => reader.skip(from)) : undefined;
  if (joined !== undefined && opensOperand(reader, char) && valueEndsAt(reader, joined.end, place)) {
    // Not contested by the inner-quotes reading (`a" + "b`): nobody means a text that opens and closes
    // unquoted around a quoted ` + `, while `"a" + "b"` is how JavaScript and Python join a long text.
    reader.use(parseStringConcatenation.name);
    return joined;
  }
  if (char === '"' || char === "'" || opensQuoted(reader, at)) {
    const string = readString(reader, at, place, "value");
    if (string !== undefined) return { value: string.text, end: string.end };
    // `"a b" OR "c d"`: quoted phrases joined by words, the value unquoted as a whole (parse-unquoted).
    const phrases = reader.has(parseUnquoted.name) && mayAdmit(schema, "string") ? quotedPhrases(reader, at, place, (end) => valueEndsAt(reader, end, place)) : undefined;
    if (phrases === undefined) return undefined;
    reader.use(parseUnquoted.name);
    return phrases;
  }
  if (char === "\\" && reader.has(parseEscapedQuotes.name)) {
    const escaped = escapedQuoted(reader.text, at);
    if (escaped !== undefined && valueEndsAt(reader, escaped.end, place)) {
      reader.use(parseEscapedQuotes.name);
      return escaped;
    }
  }
  const prefix = pythonPrefix(reader.text, at);
  if (prefix !== undefined) return readPrefixed(reader, at, prefix, place);
  const wrapped = reader.has(parseValueWrappers.name) ? wrappedValue(reader.text, at) : undefined;
  if (wrapped !== undefined && valueEndsAt(reader, wrapped.end, place)) {
    // Read again without it: `NumberLong(5)` is also text where a string fits.
    reader.contest(parseValueWrappers.name);
    return wrapped;
  }
  return readBare(reader, at, schema, place);
}

/**
 * Whether the container opening at `index` is to be read as the other kind first (parse-swapped-brackets): never
 * the root, and only where the schema takes nothing but that kind. An empty pair (`{}` for a list) is no list
 * written in braces: it is read as written.
 */
function swapped(reader: Reader, index: number, schema: unknown, place: Place): boolean {
  return place.container !== "root" && reader.has(parseSwappedBrackets.name) && swappedKind(reader.text[index]!, schema) !== undefined;
}

/** Whether the first operand of strings joined by `+` opens with a quote the enabled families read. */
function opensOperand(reader: Reader, char: string): boolean {
  if (char === "'") return reader.has(parseSingleQuotes.name);
  if (char === "`") return reader.has(parseTypographicQuotes.name);
  if (char === "\\") return reader.has(parseEscapedQuotes.name);
  return true;
}

/** A Python string with a prefix (parse-python-prefixes): `u` as any string, `r` raw; no other reading. */
function readPrefixed(reader: Reader, index: number, prefix: string, place: Place): Read | undefined {
  if (!reader.has(parsePythonPrefixes.name) || !/^[uUrR]$/.test(prefix)) return undefined;
  const open = index + 1;
  reader.prefixed = true;
  const string = readString(reader, open, place, "value");
  reader.prefixed = false;
  if (string === undefined) return undefined;
  const quotes = opensTriple(reader.text, open) ? 3 : 1;
  // Only a string its own quote closes: `u"#, "b": 1` is as much the text `u"#` as a prefixed string that lost its quote.
  if (string.end - quotes <= open || reader.text.slice(string.end - quotes, string.end) !== reader.text[open]!.repeat(quotes)) return undefined;
  reader.use(parsePythonPrefixes.name);
  const body = reader.text.slice(open + quotes, string.end - quotes);
  if (prefix === "r" || prefix === "R") return { value: body, end: string.end };
  // Python 2's repr writes `\xe9` for é: decoded as Python does.
  const value = decodePythonString(body);
  return value === undefined ? undefined : { value, end: string.end };
}

/** How one kind of container reads its members (see `readMembers`). */
interface Members {
  readonly closer: "}" | "]";
  /** After the closer at `index - 1`: where parse-continued goes on with this container, if it does. */
  goesOn(index: number): Continuation | undefined;
  /** Whether a member may start at `index` with no comma before it (parse-loose-commas). */
  startsWithoutComma(index: number): boolean;
  /** Past stray words at `index`, where a member starts or a value ended (parse-stray-words), or `undefined`. */
  strayEnd(index: number, afterValue: boolean): number | undefined;
  /** Reads one member at `index`: the index past it, or `undefined`. */
  read(index: number): number | undefined;
  /** After a member, the text ends: whether the container closes there (parse-missing-brace). */
  closesAtText?(): boolean;
  /** Whether a closer of the other kind at `index`, after the last member, may be read as typed once too often (parse-stray-closers). */
  dropsStrayCloser(index: number): boolean;
  /** Whether a closer of the other kind at `index`, after the last member, closes the container (parse-mistyped-closers). */
  closesMistyped?(index: number): boolean;
  /** After a comma, at `index`: whether the container ended at that comma, its closer left out (parse-lost-list-end). */
  endedBefore?(index: number): boolean;
  /** Where a member starts, a colon at `index - 1`: whether a key follows it, the colon a stray (parse-loose-commas). */
  keyAfterColon?(index: number): boolean;
}

/** The members of the container opening at `index`, separated by commas; the index past its closer. */
function readMembers(reader: Reader, index: number, members: Members): number | undefined {
  const text = reader.text;
  let at = index + 1;
  let expectMember = true;
  let count = 0;
  let afterComma = false;
  let continued = false;
  let commaAt = -1;
  for (;;) {
    if (!reader.spend()) return undefined;
    at = reader.skip(at, true);
    const char = text[at];
    // `[1, 2, "b": 3}`: the list's `]` left out; its object reads on from the comma.
    if (afterComma && count > 0 && members.endedBefore?.(at) === true) {
      reader.use(parseLostListEnd.name);
      return commaAt;
    }
    // Closed once already and continued (`{"a": 1}, "b": 2`): a brace moved or a cut, two defects in one reading.
    if (char === undefined) return !expectMember && !continued && members.closesAtText?.() === true ? at : undefined;
    if (char === members.closer) {
      if (afterComma && count > 0 && !loose(reader)) return undefined;
      const continuation = reader.has(parseContinued.name) ? members.goesOn(at + 1) : undefined;
      if (continuation !== undefined) {
        reader.use(parseContinued.name);
        // A `}` typed for a comma leaves the root's own `}` to come, or to be left out as parse-missing-brace allows.
        continued ||= continuation.forComma !== true;
        at = continuation.at;
        expectMember = continuation.member;
        afterComma = false;
        continue;
      }
      return at + 1;
    }
    if (!expectMember && count > 0 && members.closesMistyped?.(at) === true) {
      reader.use(parseMistypedClosers.name);
      return at + 1;
    }
    if (!expectMember && count > 0 && members.dropsStrayCloser(at)) {
      const past = strayCloserEnd(reader, at, members.closer);
      if (past !== undefined) {
        reader.use(parseStrayClosers.name);
        at = past;
        continue;
      }
    }
    // `{:"a": 1}`, `{"a": 1, :"b": 2}`: punctuation typed where the key starts, as a doubled comma is.
    if (char === ":" && expectMember && members.keyAfterColon?.(at + 1) === true && loose(reader)) {
      at++;
      continue;
    }
    if (char === ",") {
      if (expectMember && !loose(reader)) return undefined;
      expectMember = true;
      afterComma = true;
      commaAt = at;
      at++;
      continue;
    }
    const past = members.strayEnd(at, !expectMember);
    if (past !== undefined) {
      // Read again without this family: a reading that keeps the words is the better one.
      reader.contest(parseStrayWords.name);
      at = past;
      continue;
    }
    if (!expectMember) {
      if (!reader.has(parseLooseCommas.name) || !members.startsWithoutComma(at)) return undefined;
      reader.use(parseLooseCommas.name);
    }
    const end = members.read(at);
    if (end === undefined) return undefined;
    at = end;
    count++;
    expectMember = false;
    afterComma = false;
  }
}

/** The object opening at `index` (`{`); `parent` is where the object sits. */
export function readObject(reader: Reader, index: number, schema: unknown, parent: Place, depth: number, closer: "}" | "]" = "}"): Read | undefined {
  const object: JsonObject = {};
  // The text's first object is the arguments (one of several in a row is not): its `}` may have been dropped.
  const root = parent.container === "root" && reader.skip(0) === index;
  // Members between square brackets (parse-swapped-brackets): closed by `]` alone, never continued past it.
  const swappedCloser = closer === "]";
  const place: Place = { container: "object", schema, ...(root ? { root } : {}), ...(swappedCloser ? { closer } : {}) };
  let reopened: string | undefined;
  let repeated = false;
  let lastKey: string | undefined;
  // `{"min": 1], "max": 9}` where the parent declares `max`: the `]` may close this object (see parse-mistyped-closers).
  const parentKey = (at: number): string | undefined => (parent.container === "object" ? parentKeyAfter(reader, at, parent.schema) : undefined);
  const end = readMembers(reader, index, {
    closer,
    // Not after a list reopened in new brackets (`["a"], ["b"]]`): closed twice, or `[["a"], ["b"]]` with its `[` lost.
    dropsStrayCloser: (at) =>
      !swappedCloser && lastKey !== undefined && lastKey !== reopened && !mayCloseLostList(object[lastKey], propertySchemaOf(schema, lastKey)) && parentKey(at) === undefined,
    closesMistyped: (at) => {
      const key = swappedCloser || !reader.has(parseMistypedClosers.name) ? undefined : parentKey(at);
      const declared = declaredKeysOf(schema);
      return key !== undefined && declared !== undefined && !declared.has(key);
    },
    goesOn: (at) => (swappedCloser ? undefined : objectContinues(reader, at, schema, parent, object)),
    startsWithoutComma: (at) => keyAhead(reader, at, schema, "any") !== undefined || bareMemberWithoutColon(reader, at, schema),
    keyAfterColon: (at) => keyAhead(reader, reader.skip(at, true), schema, "any") !== undefined,
    // A declared bare key and its value (`b 2`) are a member whose comma and colon were left out, not stray words.
    strayEnd: (at, afterValue) => (afterValue ? (bareMemberWithoutColon(reader, at, schema) ? undefined : strayAfterValue(reader, at)) : strayBeforeKey(reader, at, schema)),
    read: (at) => {
      const key = readKey(reader, at, place);
      if (key === undefined) return undefined;
      const valueAt = afterColon(reader, key, schema);
      if (valueAt === undefined) return undefined;
      const value = readValue(reader, valueAt, propertySchemaOf(schema, key.text), place, depth + 1);
      if (value === undefined) return undefined;
      lastKey = key.text;
      // A key written twice stands only when both say the same: which of two values was meant is a guess.
      if (Object.hasOwn(object, key.text)) {
        if (!deepEqualJson(object[key.text], value.value)) return undefined;
        repeated = true;
        return value.end;
      }
      defineOwn(object, key.text, value.value);
      if (value.reopened === true) reopened = key.text;
      return value.end;
    },
    ...(place.root === true ? { closesAtText: () => closesAtText(reader, object, schema) } : {}),
  });
  if (end === undefined || (reopened !== undefined && reopenedElsewhere(object, schema, reopened))) return undefined;
  // A repeated key in an object read as continued past a `}` may be its parent's member (`{"a": {"id": 1}, "id": 1}`).
  if (repeated && reader.used.has(parseContinued.name)) return undefined;
  return { value: object, end };
}

function readArray(reader: Reader, index: number, schema: unknown, parent: Place, depth: number, closer: "]" | "}" = "]"): Read | undefined {
  const items: unknown[] = [];
  const itemSchema = itemsSchemaOf(schema);
  // Items between braces (parse-swapped-brackets): closed by `}` alone, never continued past it.
  const swappedCloser = closer === "}";
  const place: Place = { container: "array", schema, ...(swappedCloser ? { closer } : parent.container === "object" ? { parentSchema: parent.schema } : {}) };
  let reopened = false;
  // The list went on past its `]` (see parse-continued): a `}` after it is not its `]` mistyped.
  let continued = false;
  // Where each reopening `[` put its first item (see restartsList).
  const reopenedAt: number[] = [];
  // Where the last item read ended: a number or literal after it may be the next item (parse-loose-commas).
  let previousEnd = -1;
  const end = readMembers(reader, index, {
    closer,
    // No object can end at a `}` after list items: its `{` and keys would be missing too.
    dropsStrayCloser: () => !swappedCloser,
    goesOn: (at) => {
      const continuation = parent.container === "object" && !swappedCloser ? arrayContinues(reader, at, parent.schema) : undefined;
      if (continuation?.member === true) reopenedAt.push(items.length);
      reopened ||= continuation?.member === true;
      continued ||= continuation !== undefined;
      return continuation;
    },
    startsWithoutComma: (at) => "\"'{[".includes(reader.text[at]!) || lineItemAhead(reader, at, itemSchema) || scalarItemAfter(reader.text, previousEnd, at),
    strayEnd: () => undefined,
    // `[{"k": 1}}}`: the list's `]` typed as `}` (see parse-mistyped-closers); not once it went on past its own `]`.
    ...(place.parentSchema !== undefined ? { closesMistyped: (at: number) => !continued && listClosedByBrace(reader, at, place.parentSchema) } : {}),
    ...(parent.container === "object" && !swappedCloser ? { endedBefore: (at: number) => listEndsBeforeKey(reader, at, parent.schema, itemSchema) } : {}),
    read: (at) => {
      const item = readValue(reader, at, itemSchema, place, depth + 1);
      if (item === undefined) return undefined;
      items.push(item.value);
      previousEnd = item.end;
      return item.end;
    },
  });
  if (end === undefined || restartsList(items, reopenedAt)) return undefined;
  return { value: items, end, ...(reopened ? { reopened } : {}) };
}

/** A comma where JSON has none: allowed, and noted, by parse-loose-commas. */
function loose(reader: Reader): boolean {
  if (!reader.has(parseLooseCommas.name)) return false;
  reader.use(parseLooseCommas.name);
  return true;
}

function readKey(reader: Reader, index: number, place: Place): { text: string; end: number; quoted: boolean } | undefined {
  if (/^[uU]$/.test(pythonPrefix(reader.text, index) ?? "") && reader.has(parsePythonPrefixes.name)) {
    reader.prefixed = true;
    const key = readString(reader, index + 1, place, "key");
    reader.prefixed = false;
    const text = key === undefined ? undefined : decodePythonString(reader.text.slice(index + 2, key.end - 1));
    if (key === undefined || text === undefined) return undefined;
    reader.use(parsePythonPrefixes.name);
    return { text, end: key.end, quoted: true };
  }
  const char = reader.text[index];
  // `'path":`: a declared key between two kinds of quote (parse-mixed-quotes).
  const mixed = place.container === "object" ? mixedQuotedKey(reader, index, place.schema) : undefined;
  if (mixed !== undefined) {
    reader.use(parseMixedQuotes.name);
    return { ...mixed, quoted: true };
  }
  if (char === '"' || char === "'" || opensQuoted(reader, index)) {
    const key = readString(reader, index, place, "key");
    if (key !== undefined) return { ...key, quoted: true };
    // `"key:"value"`: the key's closing quote lost before its colon.
    const colon = place.container === "object" ? keyLostCloseQuote(reader, index, place.schema) : undefined;
    if (colon === undefined) return undefined;
    reader.use(parseUnclosedStrings.name);
    return { text: reader.text.slice(index + 1, colon), end: colon, quoted: true };
  }
  if (!reader.has(parseUnquoted.name)) return undefined;
  const end = unquotedKeyEnd(reader.text, index);
  if (end === undefined) return undefined;
  reader.use(parseUnquoted.name);
  return { text: reader.text.slice(index, end), end: halfQuotedKeyEnd(reader.text, end), quoted: false };
}

/** Colons of other widths and scripts: fullwidth, small, vertical, the ratio sign, the modifier letter. */
const COLON_LIKE = /[：﹕︓∶꞉]/;

/**
 * Whether a quoted string starts at `index` (a space before it) and closes before where a member ends: after a
 * doubled colon only such a string is surely the value. A quote that does not close so (`"a": :"#, "b": {}`) may be
 * text starting with `:`, the colon and the quote the value's own.
 */
function quotedValueAhead(text: string, index: number): boolean {
  QUOTED_VALUE.lastIndex = index;
  return QUOTED_VALUE.test(text);
}
const QUOTED_VALUE = /\s?(?:"(?:[^"\\\n]|\\.){0,10000}"|'(?:[^'\\\n]|\\.){0,10000}')\s*(?:[,}\]]|$)/y;

/** Where the value of `key` starts: past its `:`, or where parse-missing-colons reads it without one. */
function afterColon(reader: Reader, key: { text: string; end: number; quoted: boolean }, schema: unknown): number | undefined {
  const colon = reader.skip(key.end, true);
  if (reader.text[colon] === ":") {
    // `"a":: 1`: a colon typed twice, before a value that cannot be text starting with `:` (a quote, a bracket, a
    // number where a number fits; a lone `-` may be the text `:-`, and where only text fits `:0` is that text).
    const again = reader.skip(colon + 1);
    const ahead = reader.text.slice(again + 1, again + 4);
    const valueAhead = quotedValueAhead(reader.text, again + 1) || /^\s?[[{]/.test(ahead) || (/^\s?-?\d/.test(ahead) && !numberIsText(propertySchemaOf(schema, key.text)));
    if (reader.text[again] !== ":" || !valueAhead || !reader.has(parseLooseCommas.name)) return colon + 1;
    reader.use(parseLooseCommas.name);
    return again + 1;
  }
  // A colon in another width or script (`：`) was typed, not left out: normalize-fullwidth-punctuation reads it or
  // nothing does; read as left out, it would open the value (`{«a»：«x»}` as `{"a": "：«x»"}`).
  if (COLON_LIKE.test(reader.text[colon] ?? "")) return undefined;
  const start = key.quoted ? colonLeftOut(reader, key.end, key.text, schema) : bareColonLeftOut(reader, key.end, key.text, schema);
  if (start !== undefined) reader.use(parseMissingColons.name);
  return start;
}

/** Escaped layout before structure at `index` ends a number or literal (`5\n}`); parse-escaped-layout on. */
function layoutAt(reader: Reader, index: number): boolean {
  return reader.text[index] === "\\" && reader.has(parseEscapedLayout.name) && escapedLayoutEnd(reader.text, index)?.structural === true;
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Only a string fits here: a schema that admits text but no number. */
function numberIsText(schema: unknown): boolean {
  return schema !== undefined && mayAdmit(schema, "string") && !mayAdmit(schema, "number") && !mayAdmit(schema, "integer");
}

/** A value that does not start with a quote or a bracket: a number, a literal, or unquoted text. */
function readBare(reader: Reader, index: number, schema: unknown, place: Place): Read | undefined {
  const text = reader.text;
  let wordEnd = index;
  while (wordEnd < text.length && !WORD_STOP.test(text[wordEnd]!) && commentEnd(text, wordEnd) === undefined && !layoutAt(reader, wordEnd)) wordEnd++;
  const word = text.slice(index, wordEnd);
  if (isNoValueWord(word)) return undefined;
  const parted = partedSignNumber(reader, index, wordEnd, schema, place);
  if (parted !== undefined) return parted;
  // Words after a number or a literal (`5 results`, `10 * 60`, `true if needed`) are a unit, an expression or a
  // condition: part of the value, so never dropped as stray (read as text below, where text fits).
  // `{a 1 b:2 c 3}`: a declared bare key's member may follow a value that cannot be text (see bareMemberAfter);
  // `c 3` is then that member, not a unit.
  const member = !mayAdmit(schema, "string") && bareMemberAfter(reader, wordEnd, place);
  const unitAfter = !member && place.container === "object" && wordsAfter(reader, reader.skip(wordEnd));
  if (word !== "" && !unitAfter && (member || valueEndsAt(reader, wordEnd, place))) {
    if (isJsonNumberText(word)) {
      // A number the text ends on may have lost digits: only an upstream that said it stopped vouches for it.
      if (place.root === true && reader.skip(wordEnd) === text.length && !numberMayEndText(reader)) return undefined;
      // Where only text fits, the digits as written are the value (`1.10` is a version, not 1.1).
      if (PLAIN_DECIMAL.test(word) && numberIsText(schema) && reader.has(parseUnquoted.name) && valueEndsAt(reader, wordEnd, place, false)) {
        reader.use(parseUnquoted.name);
        reader.unquotedEnd = wordEnd;
        return { value: word, end: wordEnd };
      }
      return { value: Number(word), end: wordEnd };
    }
    const spelled = spelledNumber(word);
    if (spelled !== undefined && reader.has(parseNumberSpellings.name) && !mayAdmit(schema, "string")) {
      if (place.root === true && reader.skip(wordEnd) === text.length && !numberMayEndText(reader)) return undefined;
      // `5.` where the text ends is a number cut before its decimals, whatever the finish reason.
      if (TRAILING_POINT.test(word) && reader.skip(wordEnd) === text.length) return undefined;
      reader.use(parseNumberSpellings.name);
      return { value: spelled, end: wordEnd };
    }
    if (word === "true" || word === "false" || word === "null") return { value: JSON.parse(word) as unknown, end: wordEnd };
    // A literal's spelling is never read as text, even where only text fits: `undefined` is no string.
    const literal = literalSpelling(word);
    // One of the slot's own choices spelt like a literal (`NONE` among `MUTE_ROOM`, `NONE`): that choice where the
    // literal does not fit, the one reading the schema takes; where it fits too, which one is a guess.
    if (literal !== undefined && spellsChoice(schema, word)) {
      if (mayAdmit(schema, literal.value === null ? "null" : "boolean") || !reader.has(parseUnquoted.name)) return undefined;
      reader.use(parseUnquoted.name);
      return { value: word, end: wordEnd };
    }
    if (literal !== undefined) {
      if (!reader.has(parseLiteralSpellings.name)) return undefined;
      reader.use(parseLiteralSpellings.name);
      return { value: literal.value, end: wordEnd };
    }
  }
  if (!reader.has(parseUnquoted.name)) return undefined;
  const end = unquotedEnd(reader, index, place);
  if (end === undefined) return undefined;
  const written = text.slice(index, end).trimEnd();
  // `datum."`: a declared property's string that lost its opening quote and kept its closing one, the
  // value's last character. Not in an array (`"",x"` may be one string with inner quotes), nor after
  // stray words were dropped (the quote may close a string misread before them).
  const quoteAt = written.indexOf('"');
  const halfQuoted =
    place.container === "object" &&
    schema !== undefined &&
    !reader.used.has(parseStrayWords.name) &&
    quoteAt > 0 &&
    quoteAt === written.length - 1 &&
    !/\s/.test(written[quoteAt - 1]!);
  const raw = halfQuoted ? written.slice(0, quoteAt) : written;
  // Code where a value goes (`require('path')`, `os.getenv("HOME")`): its text, or what running it gives? No reading.
  if (CALL_EXPRESSION.test(raw)) return undefined;
  // Digits with separators or a leading zero are not JSON numbers: text, unless only a number fits.
  if (raw === "" || (!halfQuoted && isNumberWord(raw) && !mayAdmit(schema, "string"))) return undefined;
  // Words where no text fits (`python java` for a list, `5 results` for a number): a list or a number
  // written as prose, which a value fixer would turn into one item or nothing. No reading.
  if (/\s/.test(raw) && !mayAdmit(schema, "string")) return undefined;
  if (place.container === "array" && /[\n\r]/.test(raw)) {
    // `[\na\nb\n]` in a list of strings: one word a line, each an item with its comma left out (parse-loose-commas).
    // Any line with a space (`a b`: one item or two?), or items that may be other than text: no reading.
    const first = onlyText(schema) && reader.has(parseLooseCommas.name) ? lineItem(raw, isWordValue) : undefined;
    if (first === undefined) return undefined;
    reader.use(parseUnquoted.name);
    reader.unquotedEnd = index + first.length;
    return { value: first, end: index + first.length };
  }
  // `[a b]`: one item, or two with the comma left out? Only commas around it say where it ends.
  if (place.container === "array" && /\s/.test(raw) && text[reader.skip(end)] === "]" && !/,\s*$/.test(text.slice(0, index))) return undefined;
  // `{q: n: 3}`: a declared key opens the value, so the value before it is missing, not `n: 3`.
  if (place.container === "object" && opensWithDeclaredKey(raw, place.schema)) return undefined;
  // Any other double quote inside is a wrapper (`ObjectId("1")`), a broken key (`0, "b": 1`) or
  // quoted words: several readings, so none; unless quoted words in the root's last value (see quotedWordsLast).
  if (raw.includes('"') && (halfQuoted || !quotedWordsLast(reader, raw, index, end, place))) return undefined;
  reader.use(parseUnquoted.name);
  reader.unquotedEnd = index + written.length;
  return { value: raw, end: index + written.length };
}

/** Spaces or tabs after a lone sign (never a line break: `-` ending a line is a list's bullet or a dash). */
const SIGN_GAP = /^[ \t]{1,8}/;

/**
 * `- 5`, `+ 2.5`: a sign parted from its number by spaces, which JavaScript and Python read as that number (a unary
 * minus, as chompjs reads object literals). Only a sign alone in its word, a number word right after the gap, and
 * where the schema takes no string (there `- 5` may be the text, a bullet or a range), as for number spellings.
 */
function partedSignNumber(reader: Reader, index: number, wordEnd: number, schema: unknown, place: Place): Read | undefined {
  const text = reader.text;
  const sign = text.slice(index, wordEnd);
  if ((sign !== "-" && sign !== "+") || mayAdmit(schema, "string") || !reader.has(parseNumberSpellings.name)) return undefined;
  const gap = SIGN_GAP.exec(text.slice(wordEnd, wordEnd + 9));
  if (gap === null) return undefined;
  const digitsAt = wordEnd + gap[0].length;
  let end = digitsAt;
  while (end < text.length && !WORD_STOP.test(text[end]!) && commentEnd(text, end) === undefined && !layoutAt(reader, end)) end++;
  const digits = text.slice(digitsAt, end);
  if (!/^[\d.]/.test(digits) || !valueEndsAt(reader, end, place) || wordsAfter(reader, reader.skip(end))) return undefined;
  const joined = `${sign === "-" ? "-" : ""}${digits}`;
  const value = isJsonNumberText(joined) ? Number(joined) : spelledNumber(joined);
  if (value === undefined) return undefined;
  // A number the text ends on may have lost digits, as any number (see readBare).
  if (place.root === true && reader.skip(end) === text.length && !numberMayEndText(reader)) return undefined;
  if (TRAILING_POINT.test(digits) && reader.skip(end) === text.length) return undefined;
  reader.use(parseNumberSpellings.name);
  return { value, end };
}

const NOT_TEXT: readonly JsonType[] = ["number", "integer", "boolean", "null", "array", "object"];

/** Only a string fits: no number, boolean or null may be meant. */
function onlyText(schema: unknown): boolean {
  return schema !== undefined && mayAdmit(schema, "string") && NOT_TEXT.every((type) => !mayAdmit(schema, type));
}

/** A word that reads as a number or a literal, never as an item of text one a line. */
function isWordValue(word: string): boolean {
  return isJsonNumberText(word) || isNumberWord(word) || literalSpelling(word) !== undefined || spelledNumber(word) !== undefined;
}

/** An unquoted one-word item starting a new line at `index`, in a list of strings (see lineItem). */
function lineItemAhead(reader: Reader, index: number, schema: unknown): boolean {
  const text = reader.text;
  let back = index - 1;
  while (back >= 0 && (text[back] === " " || text[back] === "\t" || text[back] === "\r")) back--;
  if (text[back] !== "\n" || !onlyText(schema) || !reader.has(parseUnquoted.name)) return false;
  const lineEnd = text.indexOf("\n", index);
  const line = text.slice(index, lineEnd === -1 ? text.length : lineEnd);
  // The list's last item may share its line with the `]`.
  const close = line.indexOf("]");
  const word = (close === -1 ? line : line.slice(0, close)).trim();
  return word !== "" && lineItem(`${word}\n`, isWordValue) === word;
}

/** Whether unquoted `raw` starts with `key:` for a key its object declares. */
function opensWithDeclaredKey(raw: string, schema: unknown): boolean {
  const key = /^([\p{L}\p{N}_$@.-]+)\s*:/u.exec(raw)?.[1];
  return key !== undefined && declaredKeysOf(schema)?.has(key) === true;
}

/** Stray words at `index`, after a value, that are words and not chat-template tokens (`5 results`, not `5 <|eot_id|>`). */
function wordsAfter(reader: Reader, index: number): boolean {
  const end = strayAfterValue(reader, index);
  return end !== undefined && reader.text.slice(index, end).replace(SPECIAL_TOKEN, "").trim() !== "";
}

/** Whether `word` is, exactly, one of the strings `schema` enumerates (`enum`) or its `const`. */
function spellsChoice(schema: unknown, word: string): boolean {
  const choices = ownValue(schema, "enum");
  return (Array.isArray(choices) && choices.includes(word)) || ownValue(schema, "const") === word;
}

/** A whole value that is a function call with a quoted argument: `require('path')`, `os.getenv("HOME")`. */
const CALL_EXPRESSION = /^[\p{L}_$][\p{L}\p{N}_$.]*\([^()"']*["'][^()]*\)$/u;
