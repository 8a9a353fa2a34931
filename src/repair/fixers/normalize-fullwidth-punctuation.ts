// {"city"："Paris"，"unit"："c"} → {"city":"Paris","unit":"c"}; ｛"a": 1｝ → {"a": 1}; {「a」：1，b：2} → {「a」:1,b:2}
import { TYPOGRAPHIC_QUOTES, typographicClosers } from "../parsers/parse-typographic-quotes.ts";
import type { TextFixer } from "../types.ts";

/** After these (a key's or value's closing quote, a number, a literal's last letter, a closer) a member may end. */
const VALUE_END = new RegExp(`["'\\d}\\]el\`${TYPOGRAPHIC_QUOTES}]`);
/** Before a key: an opening brace or a comma, in either width. */
const KEY_BEFORE: ReadonlySet<string> = new Set(["{", ",", "｛", "，"]);
/** Before these a key, a value or a closer may start. */
const NEXT_START = new RegExp(`["'{[\\]}\\d\`${TYPOGRAPHIC_QUOTES}-]`);
/** The quotes that may close a string `opener` opens, for a quote other than `"` (the single-quote and typographic parsers read them). */
const closersOf = (opener: string): string | undefined => (opener === "'" ? "'" : typographicClosers(opener));
/** Where a key or a value starts: after these (or at the text's start) a quote opens a string. */
const STRING_BEFORE: ReadonlySet<string> = new Set(["{", ",", ":", "[", "｛", "，", "："]);
/** How far back a key is looked for: longer is no key. */
const MAX_KEY = 64;
/** A bare ASCII key, then its colon in either width: the next member's start (`b：`, `b:`). */
const BARE_KEY_AHEAD = /^[A-Za-z_$][\w$-]{0,63}[ \t]*[:：]/;

/**
 * Whether the key before a fullwidth colon at `at` opened right after `{` or a comma: one quoted with a quote the
 * repairs read (`'a'`, `「a」`, `“a”`), or a bare ASCII name (`a`), the character before it `before`.
 */
function keyBefore(text: string, at: number, before: string): boolean {
  const end = significant(text, at - 1, -1);
  const openers = closersOf(before);
  let start = end;
  if (openers !== undefined) {
    start--;
    while (start >= 0 && end - start <= MAX_KEY && !openers.includes(text[start]!) && text[start] !== "\n") start--;
    if (start < 0 || !openers.includes(text[start]!) || start === end - 1) return false;
  } else {
    if (!/[\w$-]/.test(before)) return false;
    while (start > 0 && end - start < MAX_KEY && /[\w$-]/.test(text[start - 1]!)) start--;
    if (!/[A-Za-z_$]/.test(text[start]!)) return false;
  }
  return KEY_BEFORE.has(text[significant(text, start - 1, -1)] ?? "");
}

/** The index of the first character at or after `from` (before `from`, going back) that is no space; -1 when none. */
function significant(text: string, from: number, step: 1 | -1): number {
  let at = from;
  while (at >= 0 && at < text.length && /\s/.test(text[at]!)) at += step;
  return at >= 0 && at < text.length ? at : -1;
}

/**
 * Lossless: East Asian input methods type JSON's punctuation in its
 * fullwidth form (`：`, `，`, `｛`, `｝`), which JSON does not read. Outside
 * strings, a fullwidth colon right after a key opened after `{` or a comma (quoted in any quotes the repairs
 * read, `"a"`, `'a'`, `「a」`, `“a”`, or a bare ASCII name), a fullwidth comma between the end of a value and
 * the start of the next member (a quote, a bracket, a number, or a bare key and its colon), and a
 * fullwidth brace opening or closing the text are that punctuation. Inside a
 * string, and anywhere else, they are text and stay.
 */
export const normalizeFullwidthPunctuation: TextFixer = {
  name: "normalize-fullwidth-punctuation",
  purpose: "Read a fullwidth colon after a key (quoted in any quotes the repairs read, or a bare ASCII name), a fullwidth comma between members and fullwidth braces around the text (`：`, `，`, `｛｝`), as an East Asian input method types them, as JSON's own; never inside a string.",
  class: "lossless",
  stage: "text",
  fix(text) {
    if (!/[：，｛｝]/.test(text)) return undefined;
    const first = significant(text, 0, 1);
    const last = significant(text, text.length - 1, -1);
    let out = "";
    let quote: string | undefined;
    // Whether the last string opened where a key belongs (after `{` or a comma): only a key's colon follows it.
    let keyString = false;
    let changed = false;
    for (let at = 0; at < text.length; at++) {
      const char = text[at]!;
      if (quote !== undefined) {
        out += char;
        if (char === "\\") out += text[++at] ?? "";
        else if (quote.includes(char)) quote = undefined;
        continue;
      }
      const before = text[significant(text, at - 1, -1)] ?? "";
      if (char === '"') {
        quote = char;
        keyString = KEY_BEFORE.has(before);
      } else if (closersOf(char) !== undefined && (before === "" || STRING_BEFORE.has(before))) {
        // A string in other quotes, opened where a key or a value starts (`'a，b'`, `「a，b」`): its text stays.
        out += char;
        quote = closersOf(char);
        continue;
      }
      const after = text[significant(text, at + 1, 1)] ?? "";
      let ascii: string | undefined;
      if (char === "：" && after !== "" && (before === '"' ? keyString : keyBefore(text, at, before))) ascii = ":";
      else if (char === "，" && VALUE_END.test(before) && (NEXT_START.test(after) || BARE_KEY_AHEAD.test(text.slice(significant(text, at + 1, 1), at + 80)))) ascii = ",";
      else if (char === "｛" && at === first) ascii = "{";
      else if (char === "｝" && at === last) ascii = "}";
      if (ascii !== undefined) changed = true;
      out += ascii ?? char;
    }
    return changed ? out : undefined;
  },
};
