// {"greeting": "Hello, " +\n  "world", "mode": 'a' + "b"} → {"greeting":"Hello, world","mode":"ab"} (every operand a quoted string)
import type { ParserFamily } from "../types.ts";
import { escapedQuoted } from "./parse-escaped-quotes.ts";
import { decodeStringBody } from "./parse-raw-backslashes.ts";

/**
 * Lossless: quoted strings joined by `+`, as JavaScript and Python write a
 * long text (also across lines), are the one string they make. The same text
 * is also one string holding ` + ` between unescaped quotes, but nobody means
 * a text that opens and closes unquoted around a quoted ` + `, so this
 * reading is taken. An operand that is no quoted string (`"a" + name`) is an
 * expression whose value is unknown: no reading.
 */
export const parseStringConcatenation: ParserFamily = {
  name: "parse-string-concatenation",
  purpose: "Read quoted strings joined by `+` (`\"a\" + \"b\"`), in single, double or escaped quotes or backticks, as the one string they make; never with an operand that is not a quoted string.",
  class: "lossless",
  stage: "parse",
};

/**
 * The strings joined by `+` from `index` (a quote), each ending at its first
 * unescaped quote, and the index past the last one; `undefined` unless two or
 * more, each plain (a backslash JSON does not know makes it no plain string) and not empty.
 */
export function concatenation(text: string, index: number, skip: (at: number) => number): { readonly value: string; readonly end: number } | undefined {
  const parts: string[] = [];
  let at = index;
  for (;;) {
    const quote = text[at];
    const other = quote === "`" || quote === "\\" ? otherOperand(text, at) : undefined;
    if (other !== undefined) {
      parts.push(other.value);
      const after = skip(other.end);
      if (text[after] !== "+") return parts.length >= 2 ? { value: parts.join(""), end: other.end } : undefined;
      at = skip(after + 1);
      continue;
    }
    if (quote !== '"' && quote !== "'") return undefined;
    let close = at + 1;
    while (close < text.length && text[close] !== quote) close += text[close] === "\\" ? 2 : 1;
    // `""+""` is a `+` in doubled quotes as much as two empty strings joined: nobody joins an empty one.
    if (close >= text.length || close === at + 1) return undefined;
    const decoded = decodeStringBody(text.slice(at + 1, close), quote);
    if (decoded.kept) return undefined;
    parts.push(decoded.value);
    const after = skip(close + 1);
    if (text[after] !== "+") return parts.length >= 2 ? { value: parts.join(""), end: close + 1 } : undefined;
    at = skip(after + 1);
  }
}

/**
 * An operand in JavaScript's backticks (a template literal with no `${…}` and no backslash: its text as
 * written), or between escaped quotes (`\"b\"`, see parse-escaped-quotes); not empty.
 */
function otherOperand(text: string, index: number): { readonly value: string; readonly end: number } | undefined {
  if (text[index] === "\\") {
    const escaped = escapedQuoted(text, index);
    return escaped === undefined || escaped.value === "" ? undefined : escaped;
  }
  const close = text.indexOf("`", index + 1);
  if (close <= index + 1) return undefined;
  const value = text.slice(index + 1, close);
  return /\\|\$\{/.test(value) ? undefined : { value, end: close + 1 };
}
