/**
 * A call tag `<function=name>` (Qwen3-Coder's XML, Llama's `<function=name>{…}`)
 * written without its `=`: `<function bash>`, `<functionbash>`. Read as the
 * tag only where it names a declared tool exactly, its `>` right after the
 * name, and where a call tag stands: the text's start, or right after a call
 * block's tag (`<tool_call>`, `</function>`, `</tool_call>`). `<functionality>`,
 * `<function name>` for an undeclared `name`, and such text inside a value
 * stay as written.
 */

import { functionOpenersLeftOut } from "./function-opener-left-out.ts";

const FUNCTION_TAG = "<function";
/** The tag with its `=`, as the readers of the format take it. */
const FUNCTION_OPEN = "<function=";
/** Whitespace looked back over, and the tag looked for behind it. */
const MAX_GAP = 64;
const MAX_TAG_BEHIND = 48;
/** A call block's own tag, opening or closing (`<tool_call>`, `<seed:tool_call>`, `</tool_call>`), or the closer of the call before. */
const CALL_TAG_BEHIND = /(?:<\/?[\w:.-]{0,30}tool_calls?>|<\/function>)$/;

/**
 * At `at`, `<function`, one space or none, then a declared tool's name and
 * `>`: where the name starts and where the tag ends; `wait` while the text
 * ends before that is decided, `no` when it is something else.
 */
export function functionTagWithoutEquals(text: string, at: number, names: readonly string[]): { name: string; nameAt: number; after: number } | "wait" | "no" {
  for (let offset = 0; offset < FUNCTION_TAG.length; offset++) {
    if (at + offset >= text.length) return "wait";
    if (text[at + offset] !== FUNCTION_TAG[offset]) return "no";
  }
  let nameAt = at + FUNCTION_TAG.length;
  if (nameAt >= text.length) return "wait";
  if (text[nameAt] === " ") nameAt++;
  const longest = Math.max(0, ...names.map((name) => name.length));
  // The `>` is looked for only as far as the longest name reaches: each place costs that much at most.
  const written = text.slice(nameAt, nameAt + longest + 1);
  const gt = written.indexOf(">");
  const close = gt < 0 ? -1 : nameAt + gt;
  if (close < 0) return written.length <= longest && names.some((name) => name.startsWith(written)) ? "wait" : "no";
  const name = text.slice(nameAt, close);
  return name !== "" && names.includes(name) ? { name, nameAt, after: close + 1 } : "no";
}

/** Whether a call tag may stand at `at`: the text's start, or a call block's tag before it, whitespace aside. */
function atCallPlace(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && at - start < MAX_GAP && /\s/.test(text[start - 1]!)) start--;
  if (start === 0) return true;
  return CALL_TAG_BEHIND.test(text.slice(Math.max(0, start - MAX_TAG_BEHIND), start));
}

/**
 * `content` with each such tag given its `=` back, and where each character
 * of the result (and its end) stood in `content`; `undefined` when there is
 * none.
 */
export function withFunctionEquals(content: string, names: readonly string[]): { text: string; origin: number[] } | undefined {
  const tags: { nameAt: number; start: number }[] = [];
  if (content.includes(FUNCTION_TAG)) {
    for (let at = content.indexOf(FUNCTION_TAG); at >= 0; at = content.indexOf(FUNCTION_TAG, at + 1)) {
      const tag = functionTagWithoutEquals(content, at, names);
      if (typeof tag !== "string" && atCallPlace(content, at)) tags.push({ start: at, nameAt: tag.nameAt });
    }
  }
  // `<tool_call>web_search>`: the whole `<function=` left out, given back before the name.
  for (const nameAt of functionOpenersLeftOut(content, names)) tags.push({ start: nameAt, nameAt });
  if (tags.length === 0) return undefined;
  tags.sort((a, b) => a.start - b.start);
  let text = "";
  const origin: number[] = [];
  let copied = 0;
  const copy = (to: number): void => {
    text += content.slice(copied, to);
    for (let index = copied; index < to; index++) origin.push(index);
    copied = to;
  };
  for (const tag of tags) {
    copy(tag.start);
    // The tag's opening stands for `<function=`, whether a space or nothing was written for the `=`.
    text += FUNCTION_OPEN;
    // (A tag left out whole stands where its name starts.)
    for (let index = 0; index < FUNCTION_OPEN.length; index++) origin.push(tag.start + Math.max(0, Math.min(index, tag.nameAt - tag.start - 1)));
    copied = tag.nameAt;
  }
  copy(content.length);
  origin.push(content.length);
  return { text, origin };
}

/** A span of the restored text, as a span of the text as written. */
export function writtenSpan(origin: readonly number[], [start, end]: readonly [number, number]): [number, number] {
  return [origin[start]!, end > start ? origin[end - 1]! + 1 : origin[start]!];
}
