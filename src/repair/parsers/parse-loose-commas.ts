// {"a": 1 "b": 2,, "c": [1, 2,], "d": [\n  x\n  y\n]} → {"a":1,"b":2,"c":[1,2],"d":["x","y"]} (d a list of strings)
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: commas are separators only; a missing one is read only where a key or a quoted value starts, or
 * between unquoted words one a line in a list of strings (see `lineItem`). Glued to the quote that ends a
 * string (`"x""b": 1`), only before a key the object declares, its `:` written: `""` is a doubled quote too.
 */
export const parseLooseCommas: ParserFamily = {
  name: "parse-loose-commas",
  purpose: "Read missing, doubled, leading and trailing commas between members and items (also unquoted words one a line in a list of strings).",
  class: "lossless",
  stage: "parse",
};

/** One unquoted item word: no space, quote, bracket, comma, colon or comment mark in it. */
const ITEM_WORD = /^[^\s"'`,:{}[\]#]+$/u;

/**
 * The first item of unquoted list text that runs over several lines (`a\nb`), when every line holds one word
 * and none is a number or a literal: each line is an item, its comma left out. `undefined` when a line holds
 * spaces (`a b`: one item or two?) or anything else.
 */
export function lineItem(raw: string, isWordValue: (word: string) => boolean): string | undefined {
  const lines = raw.split(/\r?\n/).map((line) => line.trim());
  if (lines.length < 2 || lines.some((line) => line !== "" && (!ITEM_WORD.test(line) || line.startsWith("//") || isWordValue(line)))) return undefined;
  return lines[0] === "" ? undefined : lines[0];
}
