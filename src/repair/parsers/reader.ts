/**
 * The state the tolerant parsers share while reading one text, and the
 * look-ahead questions they ask: is there a key here, does a value end here.
 * Look-ahead never records a family as used; only the reading itself does.
 */
import { parseComments, commentEnd } from "./parse-comments.ts";
import { parseContinued } from "./parse-continued.ts";
import { mixedQuotedKey } from "./parse-mixed-quotes.ts";
import { keyInStrayQuote, parseDoubledQuotes } from "./parse-doubled-quotes.ts";
import { parsePythonPrefixes, pythonPrefix } from "./parse-python-prefixes.ts";
import { escapedLayoutEnd, parseEscapedLayout } from "./parse-escaped-layout.ts";
import { parseLooseCommas, scalarItemAfter } from "./parse-loose-commas.ts";
import { mayEndAtText } from "./parse-missing-brace.ts";
import { decodeStringBody } from "./parse-raw-backslashes.ts";
import { parseSingleQuotes } from "./parse-single-quotes.ts";
import { parseStrayWords, strayEnd } from "./parse-stray-words.ts";
import { strayCloserEnd } from "./parse-stray-closers.ts";
import { listClosedByBrace } from "./parse-mistyped-closers.ts";
import { parseTypographicQuotes, typographicClosers } from "./parse-typographic-quotes.ts";
import { keyLostCloseQuote } from "./parse-unclosed-strings.ts";
import { halfQuotedKeyEnd, parseUnquoted, unquotedKeyEnd } from "./parse-unquoted.ts";
import { isUnicodeSpace, parseUnicodeSpaces } from "./parse-unicode-spaces.ts";
import { parseMissingColons, plainValueStarts, scalarStarts } from "./parse-missing-colons.ts";
import { declaredKeysOf, isClosed, mayAdmit, propertySchemaOf } from "./schema-guide.ts";
import { declaredTypes } from "../schema-shape.ts";
import { isSpace } from "../json-tokens.ts";

/** Work allowed per text, in look-ahead steps: a hostile text gets no reading rather than a slow one. */
const STEP_BUDGET = 200_000;
/** A quoted key longer than this is not looked for ahead. */
const MAX_KEY_LENGTH = 200;

export class Reader {
  /** Families that changed the reading, in the order they first did. */
  readonly used = new Set<string>();
  /** Families that made a choice another enabled family reads otherwise (see `contest`). */
  readonly contested = new Set<string>();
  /** Where the last unquoted text value read ended: a closer right there may be that text's own (`x]`). */
  unquotedEnd = -1;
  /** A Python prefix (`r'…'`, `u'…'`) opens the string being read: Python's own rules decode it, no guess. */
  prefixed = false;
  private steps = STEP_BUDGET;

  readonly text: string;
  /** The upstream's finish reason for the call, when known (`"length"`: the text was cut). */
  readonly finishReason: string | null | undefined;
  /**
   * The lossy fixer that vouches for a number the text ends on when the finish reason is unknown (`close-truncated`,
   * when enabled): the same guess it makes for `{"age": 30`, so a reading that takes it names it and is lossy.
   */
  readonly numberEndGuess: string | undefined;
  private readonly families: ReadonlySet<string>;

  constructor(text: string, families: ReadonlySet<string>, finishReason?: string | null, numberEndGuess?: string) {
    this.text = text;
    this.families = families;
    this.finishReason = finishReason;
    this.numberEndGuess = numberEndGuess;
  }

  has(family: string): boolean {
    return this.families.has(family);
  }

  use(family: string): void {
    this.used.add(family);
  }

  /**
   * `family` read a stretch that another enabled family reads otherwise
   * (`""x""`: doubled quotes around `x`, or `"x"` with its quotes kept): the
   * text is read again with `family` refused, and readings that differ are
   * left to the caller, who picks none of them.
   */
  contest(family: string): void {
    this.use(family);
    this.contested.add(family);
  }

  /** Spends one step; false once the budget is gone. */
  spend(count = 1): boolean {
    this.steps -= count;
    return this.steps >= 0;
  }

  /** Past whitespace (and comments and escaped layout, when allowed) from `index`; `mark` records what was read. */
  skip(index: number, mark = false): number {
    const text = this.text;
    let at = index;
    for (;;) {
      while (at < text.length && isSpace(text.charCodeAt(at))) at++;
      if (isUnicodeSpace(text[at]) && this.has(parseUnicodeSpaces.name)) {
        if (mark) this.use(parseUnicodeSpaces.name);
        at++;
        continue;
      }
      const layout = text[at] === "\\" && this.has(parseEscapedLayout.name) ? escapedLayoutEnd(text, at) : undefined;
      if (layout !== undefined) {
        // Before a number or literal, `\n5` may be unquoted text as well: read again without the family.
        if (mark && layout.structural) this.use(parseEscapedLayout.name);
        else if (mark) this.contest(parseEscapedLayout.name);
        at = layout.end;
        continue;
      }
      if (!this.has(parseComments.name)) return at;
      const end = commentEnd(text, at);
      if (end === undefined) return at;
      if (mark) this.use(parseComments.name);
      at = end;
    }
  }
}

/** `declared`: the key must be one the schema declares (any, when it declares none); `closed`: only when it admits no other. */
export type KeyRule = "any" | "declared" | "closed";

/** The key written at `index` and followed by `:`, or `undefined`. */
export function keyAhead(reader: Reader, index: number, schema: unknown, rule: KeyRule): string | undefined {
  // Python 2's `u'key'` (parse-python-prefixes).
  if (/^[uU]$/.test(pythonPrefix(reader.text, index) ?? "") && reader.has(parsePythonPrefixes.name)) return keyAhead(reader, index + 1, schema, rule);
  // `'path":`: a declared key between two kinds of quote (parse-mixed-quotes).
  const mixed = mixedQuotedKey(reader, index, schema);
  if (mixed !== undefined) return mixed.text;
  const text = reader.text;
  const char = text[index];
  let key: string;
  let end: number;
  let quoted = true;
  if ((char === '"' || char === "'") && text[index + 1] === char && reader.has(parseDoubledQuotes.name)) {
    // `""key""`, or `""key"` with only its opening quote doubled (see keyInStrayQuote).
    const close = text.indexOf(char + char, index + 2);
    const doubled = close === -1 || close - index > MAX_KEY_LENGTH ? undefined : text.slice(index + 2, close);
    // Only a plain name: `"",{"q\"":` is an empty string and more, not a key.
    if (doubled !== undefined && /^[^"'\\\n{}[\],:]+$/.test(doubled)) {
      if (!reader.spend(close - index)) return undefined;
      key = doubled;
      end = close + 2;
    } else {
      const stray = strayQuoteKeyAhead(reader, index, char, schema);
      if (stray === undefined) return undefined;
      ({ key, end } = stray);
    }
  } else if (char !== undefined && (char === '"' || (char === "'" && reader.has(parseSingleQuotes.name)) || opensQuoted(reader, index))) {
    const close = quotedKeyClose(text, index, typographicClosers(char) ?? char);
    if (close === undefined || !reader.spend(close - index)) return undefined;
    key = decodeStringBody(text.slice(index + 1, close), char).value;
    end = close + 1;
    // `"key"": …`: the closing quote written twice before a declared key's colon (see keyInStrayQuote).
    if (text[end] === char && reader.has(parseDoubledQuotes.name) && text[reader.skip(end + 1)] === ":" && keyInStrayQuote(key + char, char, schema) === key) end++;
  } else if (reader.has(parseUnquoted.name)) {
    const wordEnd = unquotedKeyEnd(text, index);
    if (wordEnd === undefined) return undefined;
    key = text.slice(index, wordEnd);
    end = halfQuotedKeyEnd(text, wordEnd);
    quoted = false;
  } else {
    return undefined;
  }
  if (text[reader.skip(end)] !== ":" && !(quoted && colonLeftOut(reader, end, key, schema) !== undefined)) {
    // `"key:"value"`: a declared key whose closing quote was lost before its colon (parse-unclosed-strings).
    const colon = quoted ? keyLostCloseQuote(reader, index, schema) : undefined;
    if (colon === undefined) return undefined;
    key = text.slice(index + 1, colon);
  }
  if (rule === "any" || (rule === "closed" && !isClosed(schema))) return key;
  const declared = declaredKeysOf(schema);
  return declared === undefined || declared.has(key) ? key : undefined;
}

/** A declared key at `index` opened with its quote written twice (`""key":`), and the index past it. */
function strayQuoteKeyAhead(reader: Reader, index: number, quote: string, schema: unknown): { key: string; end: number } | undefined {
  const close = quotedKeyClose(reader.text, index + 1, quote);
  if (close === undefined || !reader.spend(close - index)) return undefined;
  const key = keyInStrayQuote(reader.text.slice(index + 1, close), quote, schema);
  return key === undefined ? undefined : { key, end: close + 1 };
}

/** The first of `quotes` closing a one-line key opening at `index` (escapes skipped), or `undefined`. */
function quotedKeyClose(text: string, index: number, quotes: string): number | undefined {
  const limit = Math.min(text.length, index + MAX_KEY_LENGTH);
  for (let at = index + 1; at < limit; at++) {
    const char = text[at]!;
    if (char === "\\") at++;
    else if (quotes.includes(char)) return at;
    else if (char === "\n") return undefined;
  }
  return undefined;
}

/**
 * After the quoted `key` ending at `keyEnd`, with no `:`: where its value
 * starts when parse-missing-colons reads one there (see the family), else `undefined`.
 */
export function colonLeftOut(reader: Reader, keyEnd: number, key: string, schema: unknown): number | undefined {
  if (!reader.has(parseMissingColons.name) || declaredKeysOf(schema)?.has(key) !== true) return undefined;
  const at = reader.skip(keyEnd);
  const text = reader.text;
  if (at !== keyEnd && (plainValueStarts(text, at) || opensQuoted(reader, at))) return at;
  // A number or a bracket glued to the key (`"a"2`, `"a"[1]`) where the property takes no text: not the key's own text.
  if (at === keyEnd && /[\d{[-]/.test(text[at] ?? "") && plainValueStarts(text, at) && !mayAdmit(propertySchemaOf(schema, key), "string")) return at;
  // Unquoted text (`"path" /home/a.md}`) only for a key declared a string, and glued to the key only
  // when it cannot be the key's own text (`"path"/home`, not `"my"key`).
  const unquoted = reader.has(parseUnquoted.name) && UNQUOTED_START.test(text[at] ?? "") && (at !== keyEnd || !/[\p{L}\p{N}_]/u.test(text[at]!));
  return unquoted && declaredTypes(propertySchemaOf(schema, key))?.includes("string") === true ? at : undefined;
}

/**
 * After the unquoted `key` ending at `keyEnd`, with no `:`: where its value starts when parse-missing-colons
 * reads one there. Narrower than for a quoted key: the key opens a member (the caller's place), the object
 * declares it, and a quoted value follows on the same line (`{city 'Paris'}`). Not when looking ahead for a
 * key: inside unquoted text, `word "x"` is as likely more of that text.
 */
export function bareColonLeftOut(reader: Reader, keyEnd: number, key: string, schema: unknown): number | undefined {
  const text = reader.text;
  if (!reader.has(parseMissingColons.name) || declaredKeysOf(schema)?.has(key) !== true || !/^[\p{L}\p{N}_$@.-]$/u.test(text[keyEnd - 1] ?? "")) return undefined;
  let at = keyEnd;
  while (text[at] === " " || text[at] === "\t") at++;
  if (at === keyEnd) return undefined;
  const char = text[at];
  if (char === '"' || (char === "'" && reader.has(parseSingleQuotes.name)) || opensQuoted(reader, at)) return at;
  // A number or a literal where the property takes no text (`{a 1 b 2}`): no text can run over it.
  return scalarStarts(text, at) && !mayAdmit(propertySchemaOf(schema, key), "string") ? at : undefined;
}

/**
 * After a number or a literal (where its property takes no text) ending at `end`: whether a declared bare key's
 * member follows with its comma left out (`1 b: 2`, `1 b 2`), or after a comma with its colon left out
 * (`1, b 2`), as `{a 1 b:2 c 3}` is written. The caller has ruled out any text reading of the value.
 */
export function bareMemberAfter(reader: Reader, end: number, place: Place): boolean {
  if (place.container !== "object" || !reader.has(parseUnquoted.name)) return false;
  const text = reader.text;
  let at = reader.skip(end);
  const comma = text[at] === ",";
  if (comma) at = reader.skip(at + 1);
  else if (at === end || !reader.has(parseLooseCommas.name)) return false;
  const key = bareKeyAt(reader, at, place.schema);
  if (key === undefined) return false;
  if (!comma && text[reader.skip(key.end)] === ":") return true;
  return bareColonLeftOut(reader, key.end, key.text, place.schema) !== undefined;
}

/** A bare key the object declares, at `index`, followed by its value with the `:` left out (see `bareColonLeftOut`). */
export function bareMemberWithoutColon(reader: Reader, index: number, schema: unknown): boolean {
  const key = reader.has(parseUnquoted.name) ? bareKeyAt(reader, index, schema) : undefined;
  return key !== undefined && bareColonLeftOut(reader, key.end, key.text, schema) !== undefined;
}

function bareKeyAt(reader: Reader, index: number, schema: unknown): { text: string; end: number } | undefined {
  const end = unquotedKeyEnd(reader.text, index);
  if (end === undefined) return undefined;
  const text = reader.text.slice(index, end);
  return declaredKeysOf(schema)?.has(text) === true ? { text, end } : undefined;
}

/** Where unquoted text may start: not a delimiter, quote, bracket or comment. */
const UNQUOTED_START = /^(?![,:}\]{["'\s]|\/[/*]|#)./u;

/** Whether a typographic quote at `index` opens a quoted key or string (parse-typographic-quotes on). */
export function opensQuoted(reader: Reader, index: number): boolean {
  return typographicClosers(reader.text[index]) !== undefined && reader.has(parseTypographicQuotes.name);
}

/** Where a value sits: in an object (with its schema), an array, or alone at the root. */
export interface Place {
  readonly container: "object" | "array" | "root";
  readonly schema: unknown;
  /** In the root object, whose `}` may have been dropped (see parse-missing-brace). */
  readonly root?: boolean;
  /** The container's closer when it is the other kind's (see parse-swapped-brackets). */
  readonly closer?: "}" | "]";
  /** For a list that is an object's property, that object's schema: a `}` may close the list (see parse-mistyped-closers). */
  readonly parentSchema?: unknown;
}

/** The closer that ends the container a value sits in (`undefined` at the root). */
function closerOf(place: Place): "}" | "]" | undefined {
  if (place.container === "root") return undefined;
  return place.closer ?? (place.container === "object" ? "}" : "]");
}

/**
 * Whether what follows index `end` validly continues a value that ends there;
 * `stray: false` leaves out stray words before a `,` or `}` (parse-stray-words).
 */
export function valueEndsAt(reader: Reader, end: number, place: Place, stray = true, strayCloser = true): boolean {
  const text = reader.text;
  const at = reader.skip(end);
  const char = text[at];
  if (char === undefined) return place.container === "root" || (place.root === true && mayEndAtText(reader));
  if (char === ",") {
    const next = reader.skip(at + 1);
    if (place.container === "array") return next < text.length;
    if (text[next] === "," && reader.has(parseLooseCommas.name)) return true;
    // `"a": 1, :"b": 2`: a stray colon where the next key starts (see readMembers).
    if (text[next] === ":" && place.container === "object" && reader.has(parseLooseCommas.name) && keyAhead(reader, reader.skip(next + 1), place.schema, "closed") !== undefined) return true;
    return text[next] === closerOf(place) || keyAhead(reader, next, place.schema, "closed") !== undefined || (stray && strayBeforeKey(reader, next, place.schema) !== undefined);
  }
  if (char === closerOf(place)) return closeEndsAt(reader, at + 1, place) || (place.root === true && keyOnNextLine(reader, at + 1, place.schema) !== undefined);
  // `"x"}}`: a list's `]` typed as `}` (parse-mistyped-closers).
  if (place.container === "array" && place.parentSchema !== undefined && listClosedByBrace(reader, at, place.parentSchema)) return true;
  // `1]}`, `"t"]}`: a closer typed once too often (parse-stray-closers decides whether it may be dropped).
  if (strayCloser && place.container !== "root" && place.closer === undefined && strayCloserEnd(reader, at, place.container === "object" ? "}" : "]") !== undefined) return true;
  if (stray && place.container === "object" && strayAfterValue(reader, at) !== undefined) return true;
  // A list item that is a number or a literal, its comma left out after an item that cannot run on into it.
  if (place.container === "array" && reader.has(parseLooseCommas.name) && scalarItemAfter(text, end, at)) return true;
  // After a string, a declared key that lost its opening quote, its comma left out too (`"Bond"\ndescription":`,
  // `"cher"rating":`): its closing quote and colon say it is a key. Only when the string's quote is glued to its
  // text: after a space or a comma (`"a, "b":`, `x "b":`) the quote opens the key and the string lost its own.
  if (place.container === "object" && reader.has(parseLooseCommas.name) && closesGluedString(text, end) && halfQuotedKeyAhead(reader, at, place.schema)) return true;
  // After a string, on the same line or the next, a declared bare key and its colon (`'fun' number: 3`): the
  // comma left out, as after a number (see bareMemberAfter). A string's quote ended the value; no text runs on.
  if (place.container === "object" && at > end && reader.has(parseLooseCommas.name) && closesString(text, end) && bareKeyWithColon(reader, at, place.schema)) return true;
  // A missing comma before a quoted key or item, never before a bare word.
  if (!reader.has(parseLooseCommas.name) || (char !== '"' && char !== "'" && !opensQuoted(reader, at))) return false;
  // Glued to the quote before it (`"b""c": 1`), only a key the object declares, with its colon: `""` is a doubled quote as well.
  if (at === end) return place.container === "object" && text[at + 1] !== char && gluedKeyAhead(reader, at, place.schema);
  return place.container === "array" || keyAhead(reader, at, place.schema, "closed") !== undefined;
}

/**
 * Whether the value ending at `end` is a quoted string whose closing quote follows its text directly (`abc"`, not
 * `abc "`), and not a bracket or a colon, after which a quote opens a string (`{"key":` written inside a string).
 */
function closesGluedString(text: string, end: number): boolean {
  const quote = text[end - 1];
  return (quote === '"' || quote === "'") && end >= 3 && /[^\s,:"'\\{[(]/.test(text[end - 2]!);
}

/** Whether the value ending at `end` is a quoted string (its closing quote right before `end`). */
function closesString(text: string, end: number): boolean {
  return text[end - 1] === '"' || text[end - 1] === "'";
}

/** A bare key the object declares at `index`, its `:` written after it. */
function bareKeyWithColon(reader: Reader, index: number, schema: unknown): boolean {
  const key = reader.has(parseUnquoted.name) ? bareKeyAt(reader, index, schema) : undefined;
  return key !== undefined && reader.text[reader.skip(key.end)] === ":";
}

/** A declared key at `index` that lost only its opening quote (`key":`), read as parse-unquoted reads one. */
function halfQuotedKeyAhead(reader: Reader, index: number, schema: unknown): boolean {
  if (!reader.has(parseUnquoted.name)) return false;
  const wordEnd = unquotedKeyEnd(reader.text, index);
  if (wordEnd === undefined) return false;
  const end = halfQuotedKeyEnd(reader.text, wordEnd);
  return end !== wordEnd && reader.text[reader.skip(end)] === ":" && declaredKeysOf(schema)?.has(reader.text.slice(index, wordEnd)) === true;
}

/** A declared key at `index`, a plain quoted name with its `:` written. */
function gluedKeyAhead(reader: Reader, index: number, schema: unknown): boolean {
  const text = reader.text;
  const close = text.indexOf(text[index]!, index + 1);
  if (close === -1 || close - index > MAX_KEY_LENGTH) return false;
  const key = text.slice(index + 1, close);
  return /^[\w$@.-]+$/.test(key) && text[reader.skip(close + 1)] === ":" && declaredKeysOf(schema)?.has(key) === true;
}

/**
 * After the root's `}` at `index - 1`: a line break, then a key the root declares and its `:`, no comma (see
 * parse-continued: the `}` typed where the line's comma goes). The key, or `undefined`.
 */
export function keyOnNextLine(reader: Reader, index: number, schema: unknown): string | undefined {
  const at = reader.skip(index);
  if (!reader.has(parseContinued.name) || !reader.text.slice(index, at).includes("\n")) return undefined;
  const key = keyAhead(reader, at, schema, "declared");
  return key !== undefined && declaredKeysOf(schema)?.has(key) === true ? key : undefined;
}

/** After a closer: another separator, closer, object, or the end; or, after a list that is an object's member, stray words before its `,` or `}`. */
function closeEndsAt(reader: Reader, index: number, place: Place): boolean {
  const at = reader.skip(index);
  const char = reader.text[at];
  if (char === undefined || char === "," || char === "}" || char === "]" || char === "{") return true;
  return place.container === "array" && place.parentSchema !== undefined && at > index && strayAfterValue(reader, at) !== undefined;
}

/** After a value in an object, stray words then its `,` or `}` (parse-stray-words): where the `,` or `}` is. */
export function strayAfterValue(reader: Reader, index: number): number | undefined {
  // Words glued to the quote before them (`"a "b c}`): that quote opens them, it does not close the value.
  if (!reader.has(parseStrayWords.name) || reader.text[index - 1] === '"' || reader.text[index - 1] === "'") return undefined;
  const end = strayEnd(reader.text, index);
  if (end === undefined) return undefined;
  const next = reader.skip(end);
  return reader.text[next] === "," || reader.text[next] === "}" ? next : undefined;
}

/** Stray words, then a key the object declares (not itself one: that is a member gone wrong): where the key is. */
export function strayBeforeKey(reader: Reader, index: number, schema: unknown): number | undefined {
  if (!reader.has(parseStrayWords.name)) return undefined;
  const declared = declaredKeysOf(schema);
  const end = strayEnd(reader.text, index);
  if (declared === undefined || end === undefined || declared.has(reader.text.slice(index, end).trim())) return undefined;
  const next = reader.skip(end);
  return keyAhead(reader, next, schema, "declared") === undefined ? undefined : next;
}
