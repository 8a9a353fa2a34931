/**
 * Where each member's value begins in a JSON-like object text that did not
 * parse (a call object read from text): what follows the colon after a key,
 * quoted or bare (`{city: Paris}`). One linear pass, strings skipped (a `"`
 * or a `'` that opens a key or a value), so a colon inside a string is not a
 * member's. With unescaped quotes inside a string the pass may pair quotes
 * wrong: it only feeds refusals, so a wrong pairing costs a reading, never
 * makes one.
 */

export interface MemberValue {
  /** The key as written, its quotes taken off. */
  readonly key: string;
  /** How many objects and lists hold the member: 1 for the text's outermost object. */
  readonly depth: number;
  /** Where the value's first character stands (past space); the text's length when nothing follows the colon. */
  readonly at: number;
}

const SPACE = /\s/;
const KEY_CHAR = /[\p{L}\p{N}_$.-]/u;

export function* memberValues(text: string): Generator<MemberValue> {
  let depth = 0;
  let previous = "";
  // The last string or bare word, with where it ended: a key when a colon follows it.
  let lastToken: { text: string; end: number } | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (opensString(char, previous)) {
      const close = stringClose(text, at);
      if (close < 0) return;
      lastToken = { text: text.slice(at + 1, close), end: close + 1 };
      at = close;
      previous = char;
      continue;
    }
    if (SPACE.test(char)) continue;
    if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
    else if (char === ":" && lastToken !== undefined && text.slice(lastToken.end, at).trim() === "") {
      let value = at + 1;
      while (value < text.length && SPACE.test(text[value]!)) value++;
      yield { key: lastToken.text, depth, at: value };
    } else if (KEY_CHAR.test(char)) {
      let end = at + 1;
      while (end < text.length && KEY_CHAR.test(text[end]!)) end++;
      lastToken = { text: text.slice(at, end), end };
      at = end - 1;
      previous = text[at]!;
      continue;
    }
    previous = char;
  }
}

/**
 * Whether a quote opens a string in a JSON-like text, `previous` the last character before it that is no space:
 * `"` anywhere, `'` only where a key or a value begins (after `{`, `[`, `,` or `:`, or at the start), so an
 * apostrophe in a bare word opens none.
 */
export function opensString(char: string, previous: string): boolean {
  return char === '"' || (char === "'" && (previous === "" || "{[,:".includes(previous)));
}

/** Where the string opened at `at` closes (its closing quote), escapes skipped; -1 when the text ends inside it. */
export function stringClose(text: string, at: number): number {
  const quote = text[at];
  let close = at + 1;
  while (close < text.length && text[close] !== quote) close += text[close] === "\\" ? 2 : 1;
  return close < text.length ? close : -1;
}
