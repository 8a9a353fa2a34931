/**
 * A JSON call object that did not read (it names no declared tool) before
 * the calls that did (`{"name": "slugify", …}; {"name": "trace_impact", …}`):
 * the model's turn holds a call that cannot be made, so reading only the
 * others is a guess. The text before the calls read is checked for a whole
 * JSON call object right before them, a `;` or `,` between at most; only
 * the last stretch of it (what a stream still has at hand), so a long
 * object released long before is not seen. A Python dict's repr of a call
 * (`{'name': 'read', 'input': {…}}`, as a gateway prints a block) counts as
 * one: the readers read it as a call too.
 */
import { callsFromJson } from "./json-calls.ts";
import { readPythonLiteral } from "./python-calls.ts";
import { BracketScanner } from "./scan.ts";

/** How many `{` are tried as the object's opening: the scan stays linear in hostile text. */
const MAX_OPENINGS = 64;

/**
 * The object right before `before`'s end: a whole `{…}` object, JSON or a Python dict's repr (a gateway's
 * printed block, `{'name': 'read', 'input': {…}}`), a separator after it at most; `undefined` when there is none.
 */
function objectEndingAt(before: string): { value: unknown } | undefined {
  const trimmed = before.trimEnd().replace(/[;,]$/, "").trimEnd();
  if (!trimmed.endsWith("}")) return undefined;
  // Each `{` before the end, nearest first, as the object's opening.
  let tries = 0;
  for (let open = trimmed.lastIndexOf("{"); open >= 0 && tries < MAX_OPENINGS; open = open === 0 ? -1 : trimmed.lastIndexOf("{", open - 1), tries++) {
    const value = literalAt(trimmed, open);
    if (value !== undefined && value.end === trimmed.length) return value;
  }
  return undefined;
}

/**
 * The whole object opening at `open`, read as JSON, else as a Python literal (its strings in either quote,
 * `None`, `True`): its value and where it ends; `undefined` when neither reads.
 */
function literalAt(text: string, open: number): { value: unknown; end: number } | undefined {
  const end = new BracketScanner().scan(text, open);
  if (end >= 0) {
    try {
      return { value: JSON.parse(text.slice(open, end)) as unknown, end };
    } catch {
      // Not JSON: perhaps a Python dict, read below.
    }
  }
  const pythonEnd = new BracketScanner({ python: true }).scan(text, open);
  const literal = pythonEnd < 0 ? undefined : readPythonLiteral(text.slice(open, pythonEnd));
  return literal === undefined ? undefined : { value: literal.value, end: pythonEnd };
}

/** A call object with its arguments under a key of their own: one beside its name is data as often as a call, and is judged only with the tools. */
function isCallObject(value: unknown): boolean {
  return callsFromJson(value)?.every((call) => call.argumentsBesideName === undefined) === true;
}

/** Whether `before`, the text up to the calls read, ends with a JSON call object that was not read with them. */
export function unreadCallBefore(before: string): boolean {
  const object = objectEndingAt(before);
  return object !== undefined && isCallObject(object.value);
}

/**
 * Whether `text`, what a reading skipped before the calls it read (tags read further on), holds a JSON
 * call object anywhere (`{"name": "get_weather", …} or maybe <tool_call>…`): a call the model wrote and
 * the reading left as text, so the calls read are only some of the turn's.
 */
export function holdsCallObject(text: string): boolean {
  let tries = 0;
  for (let open = text.indexOf("{"); open >= 0 && tries < MAX_OPENINGS; open = text.indexOf("{", open + 1), tries++) {
    if (new BracketScanner().scan(text, open) < 0 && new BracketScanner({ python: true }).scan(text, open) < 0) return false;
    // Neither JSON nor a Python dict: prose in braces, or a call too broken to count.
    const object = literalAt(text, open);
    if (object !== undefined && isCallObject(object.value)) return true;
  }
  return false;
}

/**
 * Whether `after`, the text right after the calls read, opens (space, a `;` or a `,` before it at most) with a
 * whole call object, JSON or a Python dict's repr, naming a tool the request does not declare
 * (`{"name": "a", …} {"name": "undeclared", …}`): a call the model made that cannot be run, so the calls read
 * are only some of the turn's. `declared` says whether a written name names a declared tool.
 */
export function undeclaredCallAfter(after: string, declared: (written: string) => boolean): boolean {
  const open = /^[\s;,]*/.exec(after)![0].length;
  if (after[open] !== "{") return false;
  const object = literalAt(after, open);
  if (object === undefined || !isCallObject(object.value)) return false;
  return callsFromJson(object.value)!.some((call) => !declared(call.name));
}
