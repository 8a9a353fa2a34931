// {"path": "C:\Users\me\x.txt"} → {"path":"C:\\Users\\me\\x.txt"}
import type { ParserFamily } from "../types.ts";

/** Lossless: a backslash that starts no JSON escape (`\U`, `\x`, `\d`) is kept as a backslash. */
export const parseRawBackslashes: ParserFamily = {
  name: "parse-raw-backslashes",
  purpose: "Keep a backslash that starts no JSON escape (Windows paths, regexes) as a literal backslash.",
  class: "lossless",
  stage: "parse",
};

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The characters of a string body between its quotes. JSON escapes are
 * decoded, `\'` too inside single quotes; `kept` says a backslash started no
 * escape and was kept as it stands.
 */
export function decodeStringBody(body: string, quote: string): { readonly value: string; readonly kept: boolean } {
  if (!body.includes("\\")) return { value: body, kept: false };
  let value = "";
  let kept = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== "\\") {
      value += char;
      continue;
    }
    const next = body[index + 1];
    const simple = next === undefined ? undefined : SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      value += simple;
      index++;
    } else if (next === "u" && HEX4.test(body.slice(index + 2, index + 6))) {
      value += String.fromCharCode(Number.parseInt(body.slice(index + 2, index + 6), 16));
      index += 5;
    } else if (next === "'" && quote === "'") {
      value += "'";
      index++;
    } else {
      value += "\\";
      kept = true;
    }
  }
  return { value, kept };
}
