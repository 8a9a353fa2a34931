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

const PYTHON_ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', a: "\u0007", b: "\b", f: "\f", v: "\u000b", "\n": "" };
const HEX = { x: 2, u: 4, U: 8 } as const;

/**
 * A `u'…'` body as Python decodes it (`\xe9`, `\u00e9`, `\U0001f600` included; an
 * unknown escape keeps its backslash, as in Python); `undefined` for octal and
 * named escapes, not decoded here.
 */
export function decodePythonString(body: string): string | undefined {
  let out = "";
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char !== "\\") {
      out += char;
      continue;
    }
    const next = body[index + 1];
    if (next === undefined || /[0-7N]/.test(next)) return undefined;
    const simple = PYTHON_ESCAPES[next];
    const width = next === "x" || next === "u" || next === "U" ? HEX[next] : undefined;
    if (simple !== undefined) {
      out += simple;
      index++;
    } else if (width !== undefined && new RegExp(`^[0-9a-fA-F]{${width}}$`).test(body.slice(index + 2, index + 2 + width))) {
      const code = Number.parseInt(body.slice(index + 2, index + 2 + width), 16);
      if (code > 0x10ffff) return undefined;
      out += String.fromCodePoint(code);
      index += 1 + width;
    } else {
      out += "\\";
    }
  }
  return out;
}
