/**
 * Rewrites the few JSON-like forms that jsonrepair reads differently from
 * what a model meant, before jsonrepair sees the text:
 *
 *   {"a": (1, 2)}            → {"a": [1, 2]}       Python tuple; `(x)` is just x, `()` is []
 *   {"a": 82_461_110}        → {"a": 82461110}     digit separators
 *   {"a": 1/3}               → {"a": "1/3"}        bare value with a slash (jsonrepair reads a comment)
 *   {"a": ["x"}, "b": 1}     → {"a": ["x"], "b": 1}  a mismatched closer is a typo for the inner one
 *   ["x" y", "z"]            → ["x", "y", "z"]     in an array, a bare word after a string is the next element
 *   {'p': 'C:\Users'}        → {"p": "C:\\Users"}  every string as JSON, keeping each backslash (json-string)
 *
 * It follows the structure token by token and stops rewriting (copying the
 * rest verbatim) at the first token it cannot place: past that point it
 * cannot tell a string from its surroundings, and only jsonrepair's
 * heuristics (for unescaped quotes, say) could go on. The result says
 * whether the whole text was understood (`exact`): only then is a repair a
 * change of form, with one reading. A value that is missing (`"a": }`) or a
 * bare word one letter off a literal (`tru`, `nul`) is not exact either:
 * jsonrepair would make them `null` and `"tru"`, which are guesses.
 */
import { closerOf, isLiteralWord, isNumberWord, tokenAt } from "./json-tokens.ts";
import type { Token } from "./json-tokens.ts";
import { toJsonString } from "./json-string.ts";
import { apostropheMayBeKept } from "./parsers/parse-escaped-apostrophes.ts";
import { editDistance } from "./similarity.ts";
import { TYPOGRAPHIC_QUOTES } from "./parsers/parse-typographic-quotes.ts";

interface Frame {
  readonly opener: string;
  expect: "key" | "colon" | "value" | "after";
  /** For a tuple: index of its opening piece, and what it held. */
  readonly piece: number;
  commas: number;
  elements: number;
}

const DIGIT_SEPARATOR = /(?<=\d)_(?=\d)/g;

export interface NormalizedText {
  readonly text: string;
  /** Every token was placed, and nothing needed a guess. */
  readonly exact: boolean;
}

export function normalizeJsonish(text: string): NormalizedText {
  let index = 0;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  if (text[index] !== "{") return { text, exact: false };
  let exact = true;
  // A nested container closed and followed by a member: a stray closer at the end may be the one misplaced there.
  let nestedCloseThenMember = false;
  const pieces: string[] = [text.slice(0, index)];
  const frames: Frame[] = [];

  const openFrame = (opener: string): void => {
    frames.push({ opener, expect: opener === "{" ? "key" : "value", piece: pieces.length, commas: 0, elements: 0 });
    pieces.push(opener === "(" ? "(" : opener);
  };
  const valueDone = (): void => {
    const top = frames[frames.length - 1];
    if (top === undefined) return;
    top.expect = "after";
    top.elements++;
  };
  const closeTop = (): void => {
    const frame = frames.pop()!;
    if (frame.opener === "(") {
      // Python: `()` is an empty tuple, `(x)` is x itself, `(x, y)` and `(x,)` are tuples.
      const scalar = frame.elements === 1 && frame.commas === 0;
      pieces[frame.piece] = scalar ? "" : "[";
      pieces.push(scalar ? "" : "]");
    } else {
      pieces.push(closerOf(frame.opener));
    }
    valueDone();
  };

  // A key glued to the value before it (`"x""b":`, `""#:`) may be part of that value: no missing-comma reading then.
  let previousKind: Token["kind"] | undefined;
  while (index < text.length) {
    const token = tokenAt(text, index);
    const raw = text.slice(token.start, token.end);
    const top = frames[frames.length - 1];
    const glued = previousKind === "string" || previousKind === "word";
    previousKind = token.kind;
    if (top === undefined) {
      if (token.kind !== "open") break;
      openFrame(raw);
      index = token.end;
      continue;
    }
    const inObject = top.opener === "{";
    let placed = true;
    switch (token.kind) {
      case "space":
      case "comment":
        pieces.push(raw);
        break;
      case "string":
        // `'a\<line break>b'`: a line continuation to JavaScript and Python, a kept backslash to a shell command;
        // in double quotes also a line break the backslash escaped (`"carrot\<line break>turnip"`, a list).
        if (continuesLine(raw) || backslashBeforeBreak(raw)) exact = false;
        // `"print('it\'s')"`, `"a\d \'s"`: a `\'` that may be a backslash kept (see escaped-apostrophes).
        if (raw[0] === '"' && apostropheMayBeKept(raw.slice(1, -1))) exact = false;
        if (!token.closed) placed = false;
        else if (inObject && top.expect === "key") {
          pieces.push(toJsonString(raw));
          top.expect = "colon";
        } else if (inObject && top.expect === "after" && !glued && followedByColon(text, token.end)) {
          // `"a": "x" "b": 1`: a key after a value is a missing comma, with one reading; after an empty string
          // (`"a": "" b: ""`) the quotes may be doubled ones around `b:` as well.
          if (afterEmptyString(text, token.start)) exact = false;
          pieces.push(", ", toJsonString(raw));
          top.expect = "colon";
        } else if (top.expect === "value") {
          pieces.push(toJsonString(raw));
          valueDone();
        } else placed = false;
        break;
      case "word":
        // `“Paris”`, `‘it’s fine’`: quoted with quotes jsonrepair pairs by its own rule; the parse families read those.
        if (TYPOGRAPHIC_QUOTES.includes(raw[0]!)) exact = false;
        if (inObject && top.expect === "key") {
          pieces.push(raw);
          top.expect = "colon";
        } else if (top.expect === "value") {
          if (nearLiteral(raw)) exact = false;
          pieces.push(rewriteBareValue(raw));
          valueDone();
        } else if (inObject && top.expect === "after" && !glued && followedByColon(text, token.end)) {
          if (afterEmptyString(text, token.start)) exact = false;
          pieces.push(", ", raw);
          top.expect = "colon";
        } else if (!inObject && top.expect === "after") {
          // After a string only: after a bare word (`[python java, rust]`) it may as well be the same item's text.
          const element = /["']\s*$/.test(text.slice(Math.max(0, token.start - 40), token.start)) ? bareArrayElement(text, token.start, token.end) : undefined;
          if (element === undefined) placed = false;
          else {
            pieces.push(`, ${JSON.stringify(raw)}`);
            top.elements++;
            index = element;
            continue;
          }
        } else placed = false;
        break;
      case "open":
        if (top.expect !== "value") placed = false;
        else openFrame(raw);
        break;
      case "close": {
        // `"a": }` or `[1, ]`: a trailing comma in an array is form, a key without a value is not.
        if (inObject && top.expect === "value") exact = false;
        let match = frames.length - 1;
        while (match >= 0 && closerOf(frames[match]!.opener) !== raw) match--;
        if (match < 0) placed = false;
        else if (match === frames.length - 1) {
          closeTop();
          // A list closed before an object's next member could not have held that member: one reading.
          const holdsNext = raw === "}" || frames[frames.length - 1]?.opener !== "{";
          const comma = significantAt(text, token.end);
          // `[{"a": 1}, {"b": 2}]`: an object or list after the comma is the next item, which no object could hold as a member.
          const nextIsItem = comma !== undefined && /[[{]/.test(text[significantAt(text, comma.end)?.start ?? -1] ?? "");
          if (frames.length > 0 && holdsNext && comma !== undefined && text[comma.start] === "," && !nextIsItem) nestedCloseThenMember = true;
        }
        else {
          // `["x"}`: a typo for `]`, or a `]` left out? What follows decides.
          const reading = mismatchReading(frames, raw, text, token.end);
          if (reading === undefined) placed = false;
          else {
            closeTop();
            if (reading === "missing") closeTop();
          }
        }
        break;
      }
      case "colon":
        if (!inObject || top.expect !== "colon") placed = false;
        else {
          pieces.push(raw);
          top.expect = "value";
        }
        break;
      case "comma":
        if (top.expect === "value" && (inObject || top.elements > 0 || top.commas > 0)) exact = false;
        pieces.push(raw);
        if (top.opener === "(") top.commas++;
        top.expect = inObject ? "key" : "value";
        break;
    }
    if (!placed) {
      exact = false;
      break;
    }
    index = token.end;
    if (frames.length === 0) break;
  }
  if (frames.length > 0) exact = false;
  // `{"a":{"b":1},"c":2}}`: the extra `}` at the end, or the one after 1 (`{"a":{"b":1,"c":2}}`)? Two readings.
  // `{"a":[1],"c":2}}` has one: a list holds no `"c": 2`.
  if (frames.length === 0 && nestedCloseThenMember && closersOnly(text.slice(index))) exact = false;
  pieces.push(text.slice(index));
  return { text: pieces.join(""), exact };
}

/** The next token that is not space or a comment, from `from`. */
function significantAt(text: string, from: number): Token | undefined {
  let index = from;
  while (index < text.length) {
    const token = tokenAt(text, index);
    if (token.kind !== "space" && token.kind !== "comment") return token;
    index = token.end;
  }
  return undefined;
}

/**
 * A closer that matches the frame below the top: either a typo for the top's
 * closer (`["x"}, "b": 1}` goes on as an object), or the top's closer was left
 * out (`[{"p": ["x"}, {…}]` goes on as an array). The reading is the one whose
 * open container accepts the next token; `undefined` when neither or both do.
 */
function mismatchReading(frames: readonly Frame[], closer: string, text: string, from: number): "typo" | "missing" | undefined {
  const afterTypo = frames[frames.length - 2];
  // `null`: the missing closer's reading closes the root.
  const afterMissing = closerOf(afterTypo!.opener) === closer ? (frames[frames.length - 3] ?? null) : undefined;
  const next = significantAt(text, from);
  const nextChar = next === undefined ? undefined : text[next.start];
  let accepts: (frame: Frame | null | undefined) => boolean;
  if (nextChar === ",") {
    const after = significantAt(text, next!.end);
    const key = after !== undefined && (after.kind === "string" || after.kind === "word") && followedByColon(text, after.end);
    accepts = (frame) => frame !== undefined && frame !== null && (frame.opener === "{") === key;
  } else if (nextChar === "}" || nextChar === "]") {
    accepts = (frame) => frame !== undefined && frame !== null && closerOf(frame.opener) === nextChar;
  } else if (nextChar === undefined) {
    accepts = (frame) => frame === null;
  } else {
    return undefined;
  }
  const typo = accepts(afterTypo);
  const missing = afterMissing !== undefined && accepts(afterMissing);
  if (typo === missing) return undefined;
  return typo ? "typo" : "missing";
}

/** A single-quoted string with a backslash ending a line: read as a continuation or as a backslash, two values. */
export function continuesLine(raw: string): boolean {
  return raw[0] === "'" && BACKSLASH_LINE_END.test(raw);
}

const BACKSLASH_LINE_END = /(?<!\\)(?:\\\\)*\\\r?\n/;

/**
 * A backslash ending a line inside a double-quoted string (`"carrot\<line break>turnip"`): JavaScript and
 * JSON5 drop both (a continuation), a shell keeps the backslash, and a writer escaping the line break meant
 * the break alone. Three values, so no reading.
 */
export function backslashBeforeBreak(raw: string): boolean {
  return raw[0] !== "'" && BACKSLASH_LINE_END.test(raw);
}

function followedByColon(text: string, from: number): boolean {
  let look = from;
  while (look < text.length && /\s/.test(text[look]!)) look++;
  return text[look] === ":";
}

const LITERAL_SPELLINGS = ["true", "false", "null", "none"];

/** `tru`, `nul`, `flase`: a literal that lost or swapped a letter, not a string someone left unquoted. */
function nearLiteral(word: string): boolean {
  if (isLiteralWord(word) || isNumberWord(word) || !/^[a-z]{2,6}$/i.test(word)) return false;
  const lower = word.toLowerCase();
  return LITERAL_SPELLINGS.some((literal) => editDistance(lower, literal, 2) <= 2);
}

function rewriteBareValue(word: string): string {
  if (isNumberWord(word)) return word.replace(DIGIT_SEPARATOR, "");
  if (isLiteralWord(word)) return word;
  return word.includes("/") ? JSON.stringify(word) : word;
}

/**
 * After `"x"` inside an array, `y"` or `y` followed by `,` or `]` is a
 * missing comma and a missing opening quote. Returns where the element ends
 * (past its closing quote), or `undefined` when the word is anything else.
 */
function bareArrayElement(text: string, start: number, end: number): number | undefined {
  // Digits after a value may be the rest of a number (`[12 3]`): only a word is an element.
  const word = text.slice(start, end);
  if (!/^[\p{L}_-][\p{L}\p{N}_-]*$/u.test(word) || isLiteralWord(word)) return undefined;
  // Glued to the string before it (`""A"`), or after an empty one (`"" A"`), the quotes are more likely inner quotes.
  if (!/\s/.test(text[start - 1] ?? "")) return undefined;
  const before = text.slice(0, start).trimEnd();
  if (before.endsWith('""') && !before.endsWith('\\""')) return undefined;
  // `["samsung 32" display"]`: a quote right after digits may be an inch mark, the string's own.
  if (/\d"$/.test(before)) return undefined;
  let next = end;
  if (text[next] === '"') next++;
  let look = next;
  while (look < text.length && /\s/.test(text[look]!)) look++;
  return text[look] === "," || text[look] === "]" ? next : undefined;
}

/** Whether the value before `start` is an empty string (`""`, not an escaped quote's end). */
function afterEmptyString(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 8), start).trimEnd();
  return before.endsWith('""') && !before.endsWith('\\""');
}

/** Whether `rest` is closing brackets and space only, one bracket at least (two tests: one pattern for both backtracks quadratically). */
function closersOnly(rest: string): boolean {
  return /^[\s}\]]*$/.test(rest) && /[}\]]/.test(rest);
}
