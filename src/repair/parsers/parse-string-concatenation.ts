// {"greeting": "Hello, " + "world", "mode": 'a' + "b"} → {"greeting":"Hello, world","mode":"ab"} (read both ways: see below)
import type { ParserFamily } from "../types.ts";
import { decodeStringBody } from "./parse-raw-backslashes.ts";

/**
 * Lossless: quoted strings joined by `+`, as JavaScript and Python write a
 * long text, are the one string they make. The same text is also one string
 * holding ` + ` between unescaped quotes (parse-inner-quotes): both keep what
 * the model wrote, so the call is repaired only where the schema rules one
 * reading out (an enum, a pattern, a length).
 */
export const parseStringConcatenation: ParserFamily = {
  name: "parse-string-concatenation",
  purpose: "Read quoted strings joined by `+` (`\"a\" + \"b\"`) as the one string they make, where the schema rules out the other reading.",
  class: "lossless",
  stage: "parse",
};

/**
 * The strings joined by `+` from `index` (a quote), each ending at its first
 * unescaped quote, and the index past the last one; `undefined` unless two or
 * more, each plain (a backslash JSON does not know makes it no plain string).
 */
export function concatenation(text: string, index: number, skip: (at: number) => number): { readonly value: string; readonly end: number } | undefined {
  const parts: string[] = [];
  let at = index;
  for (;;) {
    const quote = text[at];
    if (quote !== '"' && quote !== "'") return undefined;
    let close = at + 1;
    while (close < text.length && text[close] !== quote) close += text[close] === "\\" ? 2 : 1;
    if (close >= text.length) return undefined;
    const decoded = decodeStringBody(text.slice(at + 1, close), quote);
    if (decoded.kept) return undefined;
    parts.push(decoded.value);
    const after = skip(close + 1);
    if (text[after] !== "+") return parts.length >= 2 ? { value: parts.join(""), end: close + 1 } : undefined;
    at = skip(after + 1);
  }
}
