/**
 * MiniMax M2.7's Perl-hash call between its `[TOOL_CALL]` markers, as agent
 * clients show it when the server leaves it in the text:
 *
 *   [TOOL_CALL]
 *   {tool => "shell", args => {
 *     --command "ls -la"
 *   }}
 *   [/TOOL_CALL]
 *
 * Each argument is `--name value`: a JSON string, or the rest of its line.
 * Values are typed later from the tool's schema, as in the other XML and
 * token formats. Anything else in the hash refuses the call.
 */
import type { RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";

/** The hash's head up to the arguments' opening brace; the tool's name a JSON string. */
const HEAD = /^\{[ \t]*tool[ \t]*=>[ \t]*("(?:[^"\\\n]|\\.){1,130}")[ \t]*,\s*args[ \t]*=>[ \t]*\{/;
const KEY = /^--([A-Za-z_][\w.-]{0,127})/;

/** Whether a `[TOOL_CALL]` body is this format (its head), so no other reading is tried. */
export const opensPerlHash = (body: string): boolean => HEAD.test(body);

const isBlank = (char: string | undefined): boolean => char === " " || char === "\t";
const isSpace = (char: string | undefined): boolean => isBlank(char) || char === "\n" || char === "\r";

/** Where the JSON string opening at `at` ends (past its quote), or -1 when it runs past its line. */
function stringEnd(text: string, at: number): number {
  for (let index = at + 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\n") return -1;
    if (char === "\\") index++;
    else if (char === '"') return index + 1;
  }
  return -1;
}

/** The `--name value` pairs of the arguments block; `undefined` when one of them is not read unambiguously. */
function readPairs(text: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  let position = 0;
  while (isSpace(text[position])) position++;
  while (position < text.length) {
    if (pairs.length >= MAX_CALLS * 4) return undefined;
    const key = KEY.exec(text.slice(position, position + 131));
    if (key === null) return undefined;
    position += key[0].length;
    if (!isBlank(text[position])) return undefined;
    while (isBlank(text[position])) position++;
    let value: string;
    if (text[position] === '"') {
      const end = stringEnd(text, position);
      if (end < 0) return undefined;
      try {
        value = JSON.parse(text.slice(position, end)) as string;
      } catch {
        return undefined;
      }
      position = end;
      while (isBlank(text[position])) position++;
      // After a quoted value: the line ends, or the next argument follows.
      if (position < text.length && text[position] !== "\n" && text[position] !== "\r" && !text.startsWith("--", position)) return undefined;
    } else {
      const lineEnd = text.indexOf("\n", position);
      const end = lineEnd < 0 ? text.length : lineEnd;
      value = text.slice(position, end).trimEnd();
      // `--cmd ls --all` is one value or two arguments: a guess either way.
      if (value === "" || /\s--[A-Za-z_]/.test(value)) return undefined;
      position = end;
    }
    if (pairs.some(([name]) => name === key[1])) return undefined;
    pairs.push([key[1]!, value]);
    while (isSpace(text[position])) position++;
  }
  return pairs;
}

/** The call a `[TOOL_CALL]` body holds in this format, or `undefined`. */
export function readPerlHashCall(body: string): RawCall | undefined {
  const trimmed = body.trim();
  const head = HEAD.exec(trimmed.slice(0, 300));
  if (head === null) return undefined;
  // The hash closes with the arguments' brace, then its own: `}}`, space between allowed.
  if (!trimmed.endsWith("}")) return undefined;
  const inner = trimmed.slice(0, -1).trimEnd();
  if (!inner.endsWith("}") || inner.length - 1 < head[0].length) return undefined;
  const pairs = readPairs(inner.slice(head[0].length, -1));
  if (pairs === undefined) return undefined;
  let name: unknown;
  try {
    name = JSON.parse(head[1]!);
  } catch {
    return undefined;
  }
  return typeof name === "string" ? { name, arguments: { kind: "params", params: pairs, notXml: true } } : undefined;
}
