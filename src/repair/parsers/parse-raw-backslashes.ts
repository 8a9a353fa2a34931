// {"path": "C:\Users\me\x.txt"} → {"path":"C:\\Users\\me\\x.txt"}
import type { ParserFamily } from "../types.ts";
import { decodePythonString } from "./parse-python-prefixes.ts";

/**
 * Lossless: a backslash that starts no JSON escape (`\U`, `\x`, `\d`) is kept
 * as a backslash. Such a string was written without escaping, so its `\t` or
 * `\n` is a backslash too (`C:\temp\x.txt`), unless it also holds a `\\`.
 */
export const parseRawBackslashes: ParserFamily = {
  name: "parse-raw-backslashes",
  purpose: "Keep a backslash that starts no JSON escape (Windows paths, regexes) as a literal backslash.",
  class: "lossless",
  stage: "parse",
};

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Whether a string body was written with raw backslashes: one starts no JSON
 * escape, and none is doubled (a writer who doubled one was escaping).
 */
export function writtenUnescaped(body: string, quote: string): boolean {
  if (body.includes("\\\\")) return false;
  for (let index = body.indexOf("\\"); index !== -1; index = body.indexOf("\\", index + 2)) {
    const next = body[index + 1];
    // `\'` is an escape a Python writer makes: such a writer was escaping.
    if (next === undefined || next === quote || next === '"' || next === "'") continue;
    if (next === "u" ? !HEX4.test(body.slice(index + 2, index + 6)) : SIMPLE_ESCAPES[next] === undefined) return true;
  }
  return false;
}

/**
 * Whether the single-quoted `body` has two readings: written unescaped (a backslash starts no JSON escape, none
 * is doubled), so each backslash stays, and valid Python, which reads its `\n` or `\t` as a line break or a tab
 * (`'\d+\n'`, `'C:\temp\d.csv'`). `'C:\Users\x'` is no Python string (`\U` takes eight hex digits): one reading.
 */
export function twoReadingsSingleQuoted(body: string): boolean {
  return writtenUnescaped(body, "'") && spellsEscape(body) && decodePythonString(body) !== undefined;
}

/** Whether a backslash of `body` spells an escape that stands for another character (`\n`, `\t`, `\u00e9`). */
function spellsEscape(body: string): boolean {
  for (let index = body.indexOf("\\"); index !== -1; index = body.indexOf("\\", index + 2)) {
    const next = body[index + 1];
    if (next !== undefined && "bfnrt".includes(next)) return true;
    if (next === "u" && HEX4.test(body.slice(index + 2, index + 6))) return true;
  }
  return false;
}

/**
 * The characters of a string body between its quotes. JSON escapes are
 * decoded, `\'` too unless the string was written raw; `kept` says a backslash started no
 * escape and was kept as it stands, `apostrophe` that a `\'` outside single quotes was read as `'`.
 */
export function decodeStringBody(body: string, quote: string): { readonly value: string; readonly kept: boolean; readonly apostrophe: boolean } {
  if (!body.includes("\\")) return { value: body, kept: false, apostrophe: false };
  const raw = writtenUnescaped(body, quote);
  let value = "";
  let kept = false;
  let apostrophe = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== "\\") {
      value += char;
      continue;
    }
    const next = body[index + 1];
    const simple = next === undefined || (raw && next !== quote && next !== '"') ? undefined : SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      value += simple;
      index++;
    } else if (next === "u" && HEX4.test(body.slice(index + 2, index + 6))) {
      value += String.fromCharCode(Number.parseInt(body.slice(index + 2, index + 6), 16));
      index += 5;
    } else if (next === "'" && (quote === "'" || !raw)) {
      // `\'` escapes an apostrophe, in double quotes too (parse-escaped-apostrophes), unless the string is raw.
      value += "'";
      apostrophe ||= quote !== "'";
      index++;
    } else {
      value += "\\";
      kept = true;
    }
  }
  return { value, kept, apostrophe };
}
