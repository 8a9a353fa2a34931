/**
 * A member written with its key and colon and no value after it (`"unit": }`,
 * `"unit": ,`, the text ending after the colon) in a call object that did not
 * parse. jsonrepair fills `null` there, and the call would then run without
 * the member or with a value the model never wrote; which value was meant is
 * open, as in a structured call's arguments (see `repair-json-syntax`): the
 * call is not read.
 */
import { memberValues } from "./member-values.ts";

export function leavesValueOut(text: string): boolean {
  for (const member of memberValues(text)) {
    const next = text[member.at];
    if (next === undefined || next === "," || next === "}" || next === "]") return true;
  }
  return false;
}
