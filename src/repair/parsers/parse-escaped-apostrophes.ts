// {"q": "it\'s, don\'t"} → {"q":"it's, don't"}; {"cmd": "print('it\'s')"} → no reading (the backslash may be the code's)
import type { ParserFamily } from "../types.ts";
import { writtenUnescaped } from "./parse-raw-backslashes.ts";

/**
 * Lossless: `\'` inside a double-quoted string. JavaScript, JSON5, Python, C and Java
 * read it as an apostrophe, and a writer who escapes apostrophes out of habit
 * escapes each one (`"it\'s, don\'t"`): the apostrophe is meant. A string
 * that also holds an apostrophe no backslash escapes is code quoting with `'`
 * (`print('it\'s')`, a shell's `'it'\''s'`), whose backslash is the code's
 * own as likely as an escape: two readings, so none. A string written with
 * raw backslashes (see parse-raw-backslashes) keeps this one as well.
 *
 *   "it\'s"            → it's
 *   "print('it\'s')"   → no reading
 */
export const parseEscapedApostrophes: ParserFamily = {
  name: "parse-escaped-apostrophes",
  purpose: "Read `\\'` in a double-quoted string as an apostrophe when every apostrophe of the string is escaped so and no backslash of it is raw.",
  class: "lossless",
  stage: "parse",
};

/** What the apostrophes of a string body say: escaped ones (`\'`), and ones no backslash escapes. */
export function apostrophesOf(body: string): { readonly escaped: boolean; readonly bare: boolean } {
  let escaped = false;
  let bare = false;
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === "\\") {
      if (body[index + 1] === "'") escaped = true;
      index++;
    } else if (char === "'") bare = true;
  }
  return { escaped, bare };
}

/** Whether a double-quoted body escapes some apostrophes and not others: two readings of its `\'`. */
export function apostrophesDisagree(body: string): boolean {
  const apostrophes = apostrophesOf(body);
  return apostrophes.escaped && apostrophes.bare;
}

/**
 * Whether a `\'` of a double-quoted body may be a backslash kept: beside a bare apostrophe, or in a string
 * written with raw backslashes (`"a\d \'s"`). Then the body is not read as JSON with its escapes decoded.
 */
export function apostropheMayBeKept(body: string): boolean {
  const apostrophes = apostrophesOf(body);
  return apostrophes.escaped && (apostrophes.bare || writtenUnescaped(body, '"'));
}
