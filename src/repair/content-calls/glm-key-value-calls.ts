/**
 * GLM calls whose arguments were written as shell-style `key=value` words
 * after the name, inside the call tags: `<tool_call>multiply a=2 b=3</tool_call>`
 * (a form GLM-4.7's outputs show beside its `<arg_key>` tags). A value is one
 * word, or a quoted string (`"…"` with `\"` and `\\` escapes, or `'…'`);
 * every word must be `key=value` with a key the tool declares, else the body
 * is no call. Values are typed from the schema, as GLM's tagged ones are.
 */
import type { RawArguments } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";

const KEY = /[A-Za-z_][\w.-]{0,127}/y;

/** One value from `at`: its text and where it ends; `undefined` when it cannot be read as one word or one quoted string. */
function valueAt(text: string, at: number): { value: string; end: number } | undefined {
  const quote = text[at];
  if (quote === "'") {
    const close = text.indexOf("'", at + 1);
    return close < 0 ? undefined : { value: text.slice(at + 1, close), end: close + 1 };
  }
  if (quote === '"') {
    let value = "";
    for (let cursor = at + 1; cursor < text.length; cursor++) {
      const char = text[cursor]!;
      if (char === '"') return { value, end: cursor + 1 };
      if (char === "\\" && (text[cursor + 1] === '"' || text[cursor + 1] === "\\")) {
        value += text[cursor + 1];
        cursor++;
      } else value += char;
    }
    return undefined;
  }
  let end = at;
  while (end < text.length && !/\s/.test(text[end]!)) end++;
  const value = text.slice(at, end);
  // A quote or a backslash inside a bare word is shell quoting the word does not close, or an escape: no reading.
  return value === "" || /["'\\]/.test(value) ? undefined : { value, end };
}

/** The arguments of `key=value` words (the text after the call's name); `undefined` when any part is something else. */
export function readKeyValueWords(text: string): RawArguments | undefined {
  const params: [string, string][] = [];
  let cursor = 0;
  const skip = (): void => {
    while (cursor < text.length && /\s/.test(text[cursor]!)) cursor++;
  };
  skip();
  if (cursor >= text.length) return undefined;
  while (cursor < text.length) {
    if (params.length > MAX_CALLS * 4) return undefined;
    KEY.lastIndex = cursor;
    const key = KEY.exec(text);
    if (key === null || text[cursor + key[0].length] !== "=") return undefined;
    const value = valueAt(text, cursor + key[0].length + 1);
    if (value === undefined) return undefined;
    params.push([key[0], value.value]);
    cursor = value.end;
    // Words are apart: a value running into the next word is no reading.
    if (cursor < text.length && !/\s/.test(text[cursor]!)) return undefined;
    skip();
  }
  return { kind: "params", params, declaredOnly: true };
}
