/**
 * A text's calls are read all or none. A call block in a tag or token
 * format whose head names a declared tool, and which still did not read (its
 * closer stands inside one of its values, a value the format cannot carry,
 * a quote token inside a quoted value), is a call the model made: reading the
 * other blocks of the same answer without it would run only some of the
 * turn's calls, silently. So with such a block before or after them, the
 * calls read are in doubt and the whole answer stays text. A reading that
 * starts inside the block, before its name (a wrapper whose own call reads),
 * reads that call: the block is not left out then.
 */
import type { ToolDefinition } from "../types.ts";
import { INLINE_TAGS } from "./parameter-layout.ts";
import { findJsonEnd } from "./scan.ts";

/** How far into a block its call's name is looked for: a head's markup is short. */
const HEAD_CHARS = 256;
/** Characters that go on a name: a declared name inside a longer one is not that name. */
const NAME_PART = /[\w-]/;
/** One markup token of a head: `<tool_call>`, `<|tool_call:start|>`, `<｜DSML｜function_calls>`, `[TOOL_CALLS]`. */
const TOKEN = /<[^<>\n]{1,64}>|\[[A-Z_]{2,32}\]/g;
/** A tag left open before the name, which holds it: `<invoke name="`, `<function=`. */
const OPEN_TAG = /<[^<>\n]{0,64}$/;
/** A word of prose: letters only (`to`, `call`, `with`). */
const WORD = /^\p{L}+$/u;

/**
 * Where in `text` (from `from`) the head of a call block in markup names a declared tool
 * (`<tool_call>write_note<arg_key>…`, `<invoke name="write_note">`, `<start_function_call>call:write_note{…`);
 * -1 when the text there opens no markup or its head names none. What stands between the markup and
 * the name may hold one word (`function<｜tool_sep｜>`, `commentary to=`), not prose (`<tool_call> to call x`).
 * A JSON call object right after the markup counts whatever tool it names (see `jsonCallNameAt`).
 */
export function declaredNameAt(text: string, from: number, tools: readonly ToolDefinition[]): number {
  let start = from;
  while (start < text.length && start - from < HEAD_CHARS && /\s/.test(text[start]!)) start++;
  if (text[start] === "{") return bareJsonNameAt(text, start, tools);
  if (text[start] !== "<" && text[start] !== "[") return -1;
  const head = text.slice(start, start + HEAD_CHARS);
  let first = -1;
  for (const tool of tools) {
    const at = nameAt(head, tool.name);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  if (first >= 0 && markupBefore(head.slice(0, first))) return start + first;
  const named = jsonCallNameAt(head);
  return named >= 0 && markupBefore(head.slice(0, named)) ? start + named : -1;
}

/**
 * Where a bare JSON call object at `start` names a declared tool in its first member (`{"name": "get_weather", …`):
 * a call written out, so one that does not read (a template's placeholder for a value) is one the model showed.
 * Only a declared tool's name: `{"name": "Ada", …}` may be data.
 */
function bareJsonNameAt(text: string, start: number, tools: readonly ToolDefinition[]): number {
  const found = BARE_JSON_CALL_HEAD.exec(text.slice(start, start + HEAD_CHARS));
  if (found === null || !tools.some((tool) => tool.name === found[1])) return -1;
  // A call's envelope and nothing else, as written: a name and an object of arguments. (A tool's definition holds a
  // description too; an object that does not parse may be a broken call the reading repairs otherwise.)
  const end = findJsonEnd(text, start);
  let value: unknown;
  try {
    value = end < 0 ? undefined : JSON.parse(text.slice(start, end));
  } catch {
    return -1;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return -1;
  const keys = Object.keys(value);
  const argsKey = keys.find((key) => ARGUMENT_KEYS.includes(key));
  if (keys.length !== 2 || argsKey === undefined) return -1;
  const args = (value as Record<string, unknown>)[argsKey];
  if (typeof args !== "object" || args === null || Array.isArray(args)) return -1;
  return start + found[0].length - found[1]!.length - 1;
}
const ARGUMENT_KEYS = ["arguments", "parameters", "args", "input"];
const BARE_JSON_CALL_HEAD = /^\{\s*"(?:name|tool|function|tool_name)"\s*:\s*"([A-Za-z_][\w.:-]{0,63})"/;

/**
 * Where a JSON call object opening right after a block's markup names its tool, declared or not
 * (`<tool_call>\n{"name": "get_news", "arguments": …`): a call the model made, so a block of it that does not
 * read (its arguments words, a member's value left out) is one too. -1 when the head holds no such object.
 */
function jsonCallNameAt(head: string): number {
  const found = JSON_CALL_HEAD.exec(head);
  return found === null ? -1 : found.index + found[0].length - found[1]!.length - 1;
}
/** Markup, then `{"name": "tool"` (or `tool`, `function`, `tool_name`): the object's first member names a tool. */
const JSON_CALL_HEAD = /^(?:<[^<>\n]{1,64}>|\[[A-Z_]{2,32}\]|\s)+\{\s*"(?:name|tool|function|tool_name)"\s*:\s*"([A-Za-z_][\w.:-]{0,63})"/;

/** The first whole occurrence of `name` in `head`; -1 when none. */
function nameAt(head: string, name: string): number {
  if (name === "") return -1;
  for (let at = head.indexOf(name); at >= 0; at = head.indexOf(name, at + 1)) {
    const before = head[at - 1];
    const after = head[at + name.length];
    if ((before === undefined || !NAME_PART.test(before)) && (after === undefined || !NAME_PART.test(after))) return at;
  }
  return -1;
}

/** Whether `lead` (a head up to its call's name) is markup, with one word at most besides. */
function markupBefore(lead: string): boolean {
  const bare = lead.replace(OPEN_TAG, " ").replace(TOKEN, " ");
  return bare.split(/\s+/).filter((piece) => WORD.test(piece)).length <= 1;
}

/** Where the names of the unread blocks of one text stand, counted from the text's start (the last few kept). */
export class UnreadBlocks {
  static readonly #KEPT = 16;
  readonly #names: number[] = [];

  add(nameAt: number): void {
    if (this.#names.includes(nameAt)) return;
    this.#names.push(nameAt);
    if (this.#names.length > UnreadBlocks.#KEPT) this.#names.shift();
  }

  get any(): boolean {
    return this.#names.length > 0;
  }

  /** Whether an unread block's name stands at `from` or later and before `to` (where calls read start). */
  between(from: number, to: number): boolean {
    return this.#names.some((at) => at >= from && at < to);
  }
}

/**
 * Whether `before` (the text before a reading's first call) ends, space
 * aside, with the opening tag of a block whose template lays its values out
 * its own way (Seed-OSS's `<seed:tool_call>`, values against their tags): the
 * reading starts inside a block whose own reading refused it, and reads its
 * `<function=…>` body as a bare call, laid out the Qwen3-Coder way. The
 * block's layout said no; the other layout's reading is a guess.
 */
export function insideInlineLayoutBlock(before: string): boolean {
  const trimmed = before.trimEnd();
  return [...INLINE_TAGS].some((open) => trimmed.endsWith(open));
}
