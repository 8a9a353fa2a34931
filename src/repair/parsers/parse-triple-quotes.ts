// {"code": """print("hi")""", "doc": '''it's'''} → {"code":"print(\"hi\")","doc":"it's"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a value written as a Python triple-quoted string is the text
 * between the triple quotes, quotes and newlines included, escapes decoded as
 * Python decodes them. It ends at the first unescaped triple quote, as in
 * Python. A body that opens with a line break is refused: Python keeps it,
 * Swift, Kotlin and Java text blocks drop it and the indentation, and the
 * text does not say which was meant. No other family reads `"""`: read as
 * `""` and `"` it gives a string that keeps the quotes, never what was meant.
 */
export const parseTripleQuotes: ParserFamily = {
  name: "parse-triple-quotes",
  purpose: "Read a Python triple-quoted string (`\"\"\"…\"\"\"`, `'''…'''`) that opens on its first line as the text inside.",
  class: "lossless",
  stage: "parse",
};

/** Whether a triple quote (`"""` or `'''`) opens at `index`. */
export function opensTriple(text: string, index: number): boolean {
  const quote = text[index];
  return (quote === '"' || quote === "'") && text[index + 1] === quote && text[index + 2] === quote;
}

/**
 * For a triple quote opening at `index`: the body as written (escapes not yet
 * decoded) and the index past the closing triple quote; `undefined` when no
 * triple quote closes it, a fourth quote follows the closing one (Python ends
 * at the first three: the string would end inside a quote run) or the body
 * opens with a line break. One pass over the text.
 */
export function tripleQuoted(text: string, index: number): { readonly body: string; readonly end: number } | undefined {
  const quote = text[index]!;
  const start = index + 3;
  if (/^[ \t]*\r?\n/.test(text.slice(start, start + 200))) return undefined;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (char === "\\") at++;
    else if (char === quote && text[at + 1] === quote && text[at + 2] === quote) {
      if (text[at + 3] === quote) return undefined;
      return { body: text.slice(start, at), end: at + 3 };
    }
  }
  return undefined;
}
