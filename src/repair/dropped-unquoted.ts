/**
 * A syntax repair reads unquoted text one way; when drop-unknown-fields then
 * drops what it read as a key, the text may have meant it as part of a value.
 */
import { isJsonObject } from "../json.ts";
import { isLiteralWord, isNumberWord } from "./json-tokens.ts";
import { declaredProperties } from "./schema-shape.ts";
import type { Trace } from "./trace.ts";
import type { RepairOutcome } from "./types.ts";

/**
 * Whether the syntax repair's reading lost, to drop-unknown-fields, text the
 * model wrote unquoted: in `{names: a, b: c}` the key `b` may as well be part
 * of the value `a, b: c`, and dropping it would cut that value short.
 */
export function droppedUnquoted(outcome: RepairOutcome, trace: Trace): boolean {
  if (outcome.kind !== "repaired" || outcome.lost === undefined || !trace.applied.includes("drop-unknown-fields")) return false;
  // A number or a literal dropped with its key is a value that ended, not unquoted text (`"limit": 10`).
  return outcome.lost.some((text) => !quotedIn(trace.raw, text) && !isNumberWord(text) && !isLiteralWord(text));
}

/** Whether `text` (as the lossless check reports it: unescaped, perhaps cut with `…`) stands quoted in `raw`. */
function quotedIn(raw: string, text: string): boolean {
  const cut = text.endsWith("…");
  const body = cut ? text.slice(0, -1) : text;
  const end = cut ? "" : '"';
  return raw.includes(`"${body}${end}`) || raw.includes(`'${body}${cut ? "" : "'"}`) || raw.includes(JSON.stringify(body).slice(0, cut ? -1 : undefined));
}

const UNQUOTED_KEY_AFTER_COMMA = /,[ \t]*([\p{L}_$][\p{L}\p{N}_$-]*)[ \t]*:/gu;

/**
 * Whether the syntax repair kept, in a root object whose schema declares its
 * properties and lets others in, an undeclared key written unquoted right
 * after an unquoted value: in `{note: Dear Ann, Regards: Bob}` the key
 * `Regards` may as well be part of the note (the parse families refuse the
 * same text for that reason). Numbers and literals before the comma are values.
 */
export function keptUnquotedKey(value: unknown, raw: string, schema: unknown): boolean {
  const declared = declaredProperties(schema);
  if (!isJsonObject(value) || declared === undefined) return false;
  const undeclared = new Set(Object.keys(value).filter((key) => !Object.hasOwn(declared, key)));
  if (undeclared.size === 0) return false;
  for (const match of raw.matchAll(UNQUOTED_KEY_AFTER_COMMA)) {
    if (!undeclared.has(match[1]!)) continue;
    const before = raw.slice(0, match.index);
    const written = before.slice(before.lastIndexOf(":") + 1).trim();
    // Quoted, bracketed, a number or a literal: a value that ended; anything else is text that may go on.
    if (written === "" || /^["'[{(]|["'\]})]$/.test(written) || isNumberWord(written) || isLiteralWord(written)) continue;
    return true;
  }
  return false;
}
