// {"city"："Paris"，"unit"："c"} → {"city":"Paris","unit":"c"}; ｛"a": 1｝ → {"a": 1}
import type { TextFixer } from "../types.ts";

/** After these (a key's or value's closing quote, a number, a literal's last letter, a closer) a member may end. */
const VALUE_END = /["'\d}\]el]/;
/** Before a key: an opening brace or a comma, in either width. */
const KEY_BEFORE: ReadonlySet<string> = new Set(["{", ",", "｛", "，"]);
/** Before these a key, a value or a closer may start. */
const NEXT_START = /["'{[\]}\d-]/;

/** The index of the first character at or after `from` (before `from`, going back) that is no space; -1 when none. */
function significant(text: string, from: number, step: 1 | -1): number {
  let at = from;
  while (at >= 0 && at < text.length && /\s/.test(text[at]!)) at += step;
  return at >= 0 && at < text.length ? at : -1;
}

/**
 * Lossless: East Asian input methods type JSON's punctuation in its
 * fullwidth form (`：`, `，`, `｛`, `｝`), which JSON does not read. Outside
 * strings, a fullwidth colon right after a quoted key (a string after `{` or a comma), a fullwidth comma
 * between the end of a value and the start of the next member, and a
 * fullwidth brace opening or closing the text are that punctuation. Inside a
 * string, and anywhere else, they are text and stay.
 */
export const normalizeFullwidthPunctuation: TextFixer = {
  name: "normalize-fullwidth-punctuation",
  purpose: "Read a fullwidth colon after a quoted key, a fullwidth comma between members and fullwidth braces around the text (`：`, `，`, `｛｝`), as an East Asian input method types them, as JSON's own; never inside a string.",
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
        else if (char === quote) quote = undefined;
        continue;
      }
      const before = text[significant(text, at - 1, -1)] ?? "";
      if (char === '"') {
        quote = char;
        keyString = KEY_BEFORE.has(before);
      }
      const after = text[significant(text, at + 1, 1)] ?? "";
      let ascii: string | undefined;
      if (char === "：" && before === '"' && keyString && after !== "") ascii = ":";
      else if (char === "，" && VALUE_END.test(before) && NEXT_START.test(after)) ascii = ",";
      else if (char === "｛" && at === first) ascii = "{";
      else if (char === "｝" && at === last) ascii = "}";
      if (ascii !== undefined) changed = true;
      out += ascii ?? char;
    }
    return changed ? out : undefined;
  },
};
