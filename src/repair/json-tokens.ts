/**
 * A forgiving tokenizer for text that is meant to be JSON but may be JSON5,
 * a Python repr, or cut short. The text fixers read structure through it:
 * where an object ends, whether the text was cut and where, which bare words
 * stand where a value should. It never throws and never allocates per
 * character; a token is a kind and a span.
 */

export type TokenKind =
  | "space"
  | "comment"
  /** `"…"` or `'…'`; `closed` is false when the text ends inside it. */
  | "string"
  /** `{`, `[` or `(` (a Python tuple). */
  | "open"
  | "close"
  | "colon"
  | "comma"
  /** Anything else up to a delimiter: numbers, literals, unquoted keys and values. */
  | "word";

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  /** For strings: whether the closing quote was found. */
  readonly closed: boolean;
}

const WORD_STOP = new Set([" ", "\t", "\n", "\r", "{", "}", "[", "]", "(", ")", ":", ",", '"']);

/** JSON whitespace, and the no-break space and byte-order mark models leave in text. */
export function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 0xa0 || code === 0xfeff;
}

/** The token starting at `start` (`start < text.length`). */
export function tokenAt(text: string, start: number): Token {
  const char = text[start]!;
  const code = text.charCodeAt(start);
  if (isSpace(code)) {
    let end = start + 1;
    while (end < text.length && isSpace(text.charCodeAt(end))) end++;
    return { kind: "space", start, end, closed: true };
  }
  if (char === "/" && (text[start + 1] === "/" || text[start + 1] === "*")) {
    const block = text[start + 1] === "*";
    const close = block ? text.indexOf("*/", start + 2) : text.indexOf("\n", start + 2);
    const end = close === -1 ? text.length : block ? close + 2 : close;
    return { kind: "comment", start, end, closed: close !== -1 || !block };
  }
  if (char === '"' || char === "'") {
    let end = start + 1;
    while (end < text.length) {
      const next = text[end]!;
      if (next === "\\") end += 2;
      else if (next === char) return { kind: "string", start, end: end + 1, closed: true };
      else end++;
    }
    return { kind: "string", start, end: text.length, closed: false };
  }
  if (char === "{" || char === "[" || char === "(") return { kind: "open", start, end: start + 1, closed: true };
  if (char === "}" || char === "]" || char === ")") return { kind: "close", start, end: start + 1, closed: true };
  if (char === ":") return { kind: "colon", start, end: start + 1, closed: true };
  if (char === ",") return { kind: "comma", start, end: start + 1, closed: true };
  // An apostrophe inside a word (`McDonald's`) is not a quote.
  let end = start + 1;
  while (end < text.length && !WORD_STOP.has(text[end]!)) {
    if (text[end] === "/" && (text[end + 1] === "/" || text[end + 1] === "*")) break;
    end++;
  }
  return { kind: "word", start, end, closed: true };
}

/** The closer that matches an opener. */
export function closerOf(opener: string): string {
  return opener === "{" ? "}" : opener === "[" ? "]" : ")";
}

const LITERALS = new Set(["true", "false", "null", "True", "False", "None"]);
const NUMBER = /^-?(?:\d[\d_]*)(?:\.[\d_]*)?(?:[eE][+-]?\d+)?$/;

export function isLiteralWord(word: string): boolean {
  return LITERALS.has(word);
}

export function isNumberWord(word: string): boolean {
  return NUMBER.test(word);
}

/** A number exactly as JSON writes it (no `_`, no leading zero, no bare `.`). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function isJsonNumberText(text: string): boolean {
  return JSON_NUMBER.test(text);
}

/**
 * Index just past the `}` that closes the object opening at `start`, counting
 * only braces outside double-quoted strings; `undefined` when it never closes.
 */
export function objectEnd(text: string, start: number): number | undefined {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      index++;
      while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
    } else if (char === "{") {
      depth++;
    } else if (char === "}") {
      if (--depth === 0) return index + 1;
    }
  }
  return undefined;
}

/**
 * Whether a `}` in `text` closes right after unquoted text (`{"a": x}`): a word
 * that is no number or literal. Such a brace may be the text's own (`x}{`),
 * so where one object ends and the next begins has two readings.
 */
export function braceAfterUnquotedText(text: string): boolean {
  let word: Token | undefined;
  for (let at = 0; at < text.length; ) {
    const token = tokenAt(text, at);
    if (token.kind === "close" && text[token.start] === "}" && word !== undefined) {
      const spelled = text.slice(word.start, word.end);
      if (!isNumberWord(spelled) && !isLiteralWord(spelled)) return true;
    }
    if (token.kind !== "space" && token.kind !== "comment") word = token.kind === "word" ? token : undefined;
    at = token.end;
  }
  return false;
}

/**
 * The texts of the objects when `text` is nothing but objects one after
 * another (separated by space or commas); `undefined` when it is anything
 * else, or more than `max` of them.
 */
export function objectsInARow(text: string, max: number): string[] | undefined {
  const objects: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && /[\s,]/.test(text[index]!)) index++;
    if (index === text.length) break;
    if (text[index] !== "{" || objects.length === max) return undefined;
    const end = objectEnd(text, index);
    if (end === undefined) return undefined;
    objects.push(text.slice(index, end));
    index = end;
  }
  return objects;
}
