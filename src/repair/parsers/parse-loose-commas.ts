// {"a": 1 "b": 2,, "c": [1, 2,], "d": [\n  x\n  y\n], "e":: 3} → {"a":1,"b":2,"c":[1,2],"d":["x","y"],"e":3} (d a list of strings)
import { isJsonNumberText } from "../json-tokens.ts";
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: commas are separators only; a missing one is read only where a key or a quoted value starts, or
 * between unquoted words one a line in a list of strings (see `lineItem`). Glued to the quote that ends a
 * string (`"x""b": 1`), only before a key the object declares, its `:` written: `""` is a doubled quote too.
 * In a list, before a number or a literal only after an item that cannot run on into it (see `scalarItemAfter`).
 * After a string whose closing quote follows its text, before a declared key that lost its opening quote
 * (`"Bond"\ndescription":`, `"cher"rating":`): the key's closing quote and colon say where the member starts.
 * After a string, a declared bare key and its colon (`'fun' number: 3`), as after a number (`{a 1 b: 2}`).
 */
export const parseLooseCommas: ParserFamily = {
  name: "parse-loose-commas",
  purpose: "Read missing, doubled, leading and trailing commas between members and items (also unquoted words one a line in a list of strings, and before a declared key that lost its opening quote, or a declared bare key and its colon, right after a string), a colon typed twice before a quoted, bracketed or numeric value (a number only where a number fits), and a colon typed where a key starts.",
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

/** A number, or a literal as JSON and Python write it, and where it ends. */
const SCALAR_AHEAD = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|True|False|None)(?=[\s,\]]|$)/;
const LITERAL = /^(?:true|false|null|True|False|None)$/;
/** The word that ends at `end` (a number or literal before the item), at most 40 characters back. */
const WORD_BEFORE = /[\w.+-]{1,40}$/;

/**
 * Whether the list item at `index` is a number or a literal whose comma was left out after the item that ends
 * at `end`, with space between them: after a quoted string or a literal, neither of which can run on into it
 * (`"ghi" 3`, `null 2`); after a number, a literal (`3 true`) or a number that cannot be the rest of it
 * (`1 2`, `2.5 10`): not a group of three digits after one of one to three (`1 000`, `12 500`: one number with
 * its thousands set apart), nor a signed one (`1 -2`: an expression).
 */
export function scalarItemAfter(text: string, end: number, index: number): boolean {
  if (index === end || !/^\s+$/.test(text.slice(end, index))) return false;
  const next = SCALAR_AHEAD.exec(text.slice(index, index + 40))?.[0];
  if (next === undefined) return false;
  const before = text[end - 1];
  if (before === '"' || before === "'") return true;
  const word = WORD_BEFORE.exec(text.slice(Math.max(0, end - 40), end))?.[0];
  if (word === undefined || !(LITERAL.test(word) || isJsonNumberText(word))) return false;
  if (LITERAL.test(word) || LITERAL.test(next)) return true;
  return !next.startsWith("-") && !(/^\d{1,3}$/.test(word.replace(/^-/, "")) && /^\d{3}$/.test(next));
}
