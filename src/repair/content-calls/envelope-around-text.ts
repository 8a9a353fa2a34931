/**
 * A JSON call whose envelope is written as JSON but whose arguments object is
 * not (`{"name": "get_weather", "arguments": {city: Saint Paul, MN}}`, a `\n`
 * written as two characters between its members, a number spelt `+3`): the
 * envelope is read, and the arguments go on as their text, to the arguments'
 * own repair, which knows the tool's schema. The formats that carry arguments
 * as text (Mistral's `[ARGS]`, Llama's `<function=…>`, ReAct's `Action Input:`)
 * already hand them on so; a JSON call's arguments are read the same way.
 */
import type { JsonObject } from "../../json.ts";
import { stringClose } from "./member-values.ts";

/** Members a call object writes before its arguments: its name, and the metadata beside it. */
const HEAD_KEYS: ReadonlySet<string> = new Set(["name", "type", "id", "call_id", "tool_call_id"]);
/** The arguments' keys of the JSON call formats (OpenAI's and Hermes' `arguments`, Llama's `parameters`). */
const ARGUMENT_KEYS: ReadonlySet<string> = new Set(["arguments", "parameters"]);
/** A call object's head holds at most this many members before its arguments. */
const MAX_HEAD = 4;

function skipLayout(text: string, at: number): number {
  let index = at;
  while (index < text.length && " \t\r\n".includes(text[index]!)) index++;
  return index;
}

/** The double-quoted JSON string at `at` and where it ends, `undefined` when none is written there as JSON. */
function jsonStringAt(text: string, at: number): { value: string; end: number } | undefined {
  if (text[at] !== '"') return undefined;
  const close = stringClose(text, at);
  if (close < 0) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(at, close + 1));
    return typeof value === "string" ? { value, end: close + 1 } : undefined;
  } catch {
    return undefined;
  }
}

/** Where the bracket opening `text` closes, double-quoted strings skipped; -1 when it never does. */
function closingBracket(text: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') {
      index = stringClose(text, index);
      if (index < 0) return -1;
    } else if (char === "{" || char === "[") depth++;
    else if ((char === "}" || char === "]") && --depth === 0) return index;
  }
  return -1;
}

const WORD_START = /[\p{L}_$]/u;
const WORD_PART = /[\p{L}\p{N}_$.-]/u;

/**
 * Whether prose stands between the arguments' members: words where a member
 * opens, running into a quoted key (`, the user wants celsius "unit": "c"`),
 * or words right after a quoted value (`"Paris" I think`). Read so, the words
 * would be dropped or made into a key and value the model never wrote: a
 * guess at the call, which stays text. Unquoted keys and values
 * (`{city: Saint Paul, MN}`) are no such prose.
 */
function holdsProse(args: string): boolean {
  let memberOpens = false;
  for (let index = 0; index < args.length; index++) {
    const char = args[index]!;
    const triple = args.startsWith('"""', index) || args.startsWith("'''", index) ? args.indexOf(args.slice(index, index + 3), index + 3) : -1;
    if (triple >= 0) {
      // A Python triple-quoted string (`"""say "hi" """`): its quotes are its own.
      index = triple + 2;
      memberOpens = false;
    } else if (char === '"') {
      const close = stringClose(args, index);
      if (close < 0) return false;
      if (WORD_START.test(args[skipLayout(args, close + 1)] ?? "")) return true;
      index = close;
      memberOpens = false;
    } else if (char === "{" || char === ",") {
      memberOpens = true;
    } else if (memberOpens && WORD_START.test(char)) {
      // Words where a member opens: a bare key (its colon next), part of an unquoted value, or prose before a key.
      let end = index;
      while (end < args.length && (WORD_PART.test(args[end]!) || args[end] === " ")) end++;
      if (args[end] === '"') return true;
      index = end - 1;
      memberOpens = false;
    } else if (!/\s/.test(char)) {
      memberOpens = false;
    }
  }
  return false;
}

/**
 * `written` (a closed `{…}`, as the content's scanner found it) read as a call
 * object whose members before its arguments are JSON strings (the name first
 * or after its metadata) and whose arguments, its last member, are an object
 * that is not JSON: the envelope, the arguments as their text. `undefined`
 * otherwise. The arguments' brackets must close at their own end, so nothing
 * after them (another member) is taken for a part of them.
 */
export function envelopeAroundText(written: string): JsonObject | undefined {
  const text = written.trimEnd();
  if (text[0] !== "{" || !text.endsWith("}")) return undefined;
  const head: JsonObject = {};
  let at = 0;
  for (let members = 0; members <= MAX_HEAD; members++) {
    const key = jsonStringAt(text, skipLayout(text, at + 1));
    if (key === undefined) return undefined;
    const colon = skipLayout(text, key.end);
    if (text[colon] !== ":") return undefined;
    const valueAt = skipLayout(text, colon + 1);
    if (ARGUMENT_KEYS.has(key.value)) {
      if (typeof head["name"] !== "string" || head["name"] === "" || text[valueAt] !== "{") return undefined;
      const args = text.slice(valueAt, -1).trimEnd();
      if (closingBracket(args) !== args.length - 1 || holdsProse(args)) return undefined;
      return { ...head, [key.value]: args };
    }
    if (!HEAD_KEYS.has(key.value) || Object.hasOwn(head, key.value)) return undefined;
    const value = jsonStringAt(text, valueAt);
    if (value === undefined) return undefined;
    head[key.value] = value.value;
    at = skipLayout(text, value.end);
    if (text[at] !== ",") return undefined;
  }
  return undefined;
}
