/**
 * A JSON call object that did not read (it names no declared tool) before
 * the calls that did (`{"name": "slugify", …}; {"name": "trace_impact", …}`):
 * the model's turn holds a call that cannot be made, so reading only the
 * others is a guess. The text before the calls read is checked for a whole
 * JSON call object right before them, a `;` or `,` between at most; only
 * the last stretch of it (what a stream still has at hand), so a long
 * object released long before is not seen.
 */
import { callsFromJson } from "./json-calls.ts";
import { BracketScanner } from "./scan.ts";

/** How many `{` are tried as the object's opening: the scan stays linear in hostile text. */
const MAX_OPENINGS = 64;

/** The JSON text right before `before`'s end: a whole `{…}` object, a separator after it at most; `undefined` when there is none. */
function objectEndingAt(before: string): string | undefined {
  const trimmed = before.trimEnd().replace(/[;,]$/, "").trimEnd();
  if (!trimmed.endsWith("}")) return undefined;
  // Each `{` before the end, nearest first, as the object's opening.
  let tries = 0;
  for (let open = trimmed.lastIndexOf("{"); open >= 0 && tries < MAX_OPENINGS; open = open === 0 ? -1 : trimmed.lastIndexOf("{", open - 1), tries++) {
    const end = new BracketScanner().scan(trimmed, open);
    if (end === trimmed.length) return trimmed.slice(open);
  }
  return undefined;
}

/** A call object with its arguments under a key of their own: one beside its name is data as often as a call, and is judged only with the tools. */
function isCallObject(value: unknown): boolean {
  return callsFromJson(value)?.every((call) => call.argumentsBesideName === undefined) === true;
}

/** Whether `before`, the text up to the calls read, ends with a JSON call object that was not read with them. */
export function unreadCallBefore(before: string): boolean {
  const text = objectEndingAt(before);
  if (text === undefined) return false;
  try {
    return isCallObject(JSON.parse(text) as unknown);
  } catch {
    return false;
  }
}

/**
 * Whether `text`, what a reading skipped before the calls it read (tags read further on), holds a JSON
 * call object anywhere (`{"name": "get_weather", …} or maybe <tool_call>…`): a call the model wrote and
 * the reading left as text, so the calls read are only some of the turn's.
 */
export function holdsCallObject(text: string): boolean {
  let tries = 0;
  for (let open = text.indexOf("{"); open >= 0 && tries < MAX_OPENINGS; open = text.indexOf("{", open + 1), tries++) {
    const end = new BracketScanner().scan(text, open);
    if (end < 0) return false;
    try {
      if (isCallObject(JSON.parse(text.slice(open, end)) as unknown)) return true;
    } catch {
      // Not JSON: prose in braces, or a call too broken to count.
    }
  }
  return false;
}
