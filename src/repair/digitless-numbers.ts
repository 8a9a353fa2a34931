/**
 * A number with no digits where a value goes: a lone sign or point (`-`,
 * `+`, `.`, `-.`), or an exponent with none (`1e`, `2.5E-`). The model began
 * a number and wrote none of it; a syntax repair would make one up (`-0`,
 * `0.0`, `1e0`), a value the model never sent. Such arguments are refused.
 * (A trailing point after digits, `2.`, holds its number: not this.)
 */
import { outsideStrings } from "./elided-values.ts";

/** After `:`, `[` or `,`: a digitless number, then `,`, `}`, `]` or the end. */
const DIGITLESS = /\s*([+-]?\.|[+-]|[+-]?(?:\d+(?:\.\d*)?|\.\d+)[eE][+-]?)\s*(?:[,}\]]|$)/y;

/** The first digitless number in value position of `text` (arguments that did not parse), or `undefined`. */
export function digitlessNumber(text: string): string | undefined {
  for (const at of outsideStrings(text, ":[,")) {
    DIGITLESS.lastIndex = at + 1;
    const found = DIGITLESS.exec(text)?.[1];
    if (found !== undefined) return found;
  }
  return undefined;
}
