// {'city': u'Caf\u00e9 Z', 'path': r'C:\new'} → {"city":"Café Z","path":"C:\\new"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a string written with a Python prefix is the string Python reads:
 * `u'…'` (Python 2's unicode repr) with its escapes decoded, `r'…'` raw, every
 * backslash kept. Bytes (`b'…'`) and f-strings (`f'…'`) are no text to
 * take as it stands: no reading. Read as unquoted text (`u'x'` with its quotes)
 * they mean what nobody wrote, so that reading is never made.
 */
export const parsePythonPrefixes: ParserFamily = {
  name: "parse-python-prefixes",
  purpose: "Read Python's prefixed strings: `u'…'` as the string, `r'…'` raw with every backslash kept.",
  class: "lossless",
  stage: "parse",
};

const PREFIXED = /([uUrRbBfF]{1,2})(?=['"])/y;

/** The prefix of a Python string literal opening at `index` (`u`, `r`, `b`, `rb`, `f`…), or `undefined`. */
export function pythonPrefix(text: string, index: number): string | undefined {
  // A prefix stands alone: `menu'` is a word and a quote.
  if (index > 0 && /[\p{L}\p{N}_]/u.test(text[index - 1]!)) return undefined;
  PREFIXED.lastIndex = index;
  return PREFIXED.exec(text)?.[1];
}

/** Python's one-character escapes. */
const ESCAPES: Readonly<Record<string, string>> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };
const HEX = { x: 2, u: 4, U: 8 } as const;

/**
 * A Python string body with its escapes decoded as Python decodes them
 * (`\xe9`, `\u00e9`, `\U0001f600`, octal `\0`); an unknown escape keeps its
 * backslash (`'\d+'` is `\d+`); `undefined` for one Python rejects (`\x`
 * without its two hex digits) or `\N{name}` (Unicode's name table is not here).
 */
export function decodePythonString(body: string): string | undefined {
  let out = "";
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = body[++index];
    if (next === undefined || next === "N") return undefined;
    if (Object.hasOwn(ESCAPES, next)) {
      out += ESCAPES[next];
    } else if (next >= "0" && next <= "7") {
      const digits = /^[0-7]{1,3}/.exec(body.slice(index, index + 3))![0];
      out += String.fromCharCode(Number.parseInt(digits, 8));
      index += digits.length - 1;
    } else if (next === "x" || next === "u" || next === "U") {
      const hex = body.slice(index + 1, index + 1 + HEX[next]);
      const code = new RegExp(`^[0-9a-fA-F]{${HEX[next]}}$`).test(hex) ? Number.parseInt(hex, 16) : Number.NaN;
      if (!(code <= 0x10ffff)) return undefined;
      out += String.fromCodePoint(code);
      index += HEX[next];
    } else {
      out += `\\${next}`;
    }
  }
  return out;
}
