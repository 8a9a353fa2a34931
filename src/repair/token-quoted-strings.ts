/**
 * A JSON string that is a whole value between Gemma 4's quote tokens
 * (`"<|\"|>red<|\"|>"`): a runtime that half-parsed the call wrapped the
 * value the tokens delimit in JSON quotes too, as LiteRT-LM does. The
 * tokens are syntax, not data: a token at both ends of a string and nowhere
 * inside it. A string holding one anywhere else keeps it, and so does one
 * between FunctionGemma's `<escape>`, a word a text may hold as data.
 */
import { copyObject, defineOwn, formatPointer } from "./json-pointer.ts";
import { isJsonObject } from "../json.ts";

/** Strings, objects and arrays visited at most: the arguments nest as deep as the model wrote them (bounded before). */
const MAX_NODES = 4096;

const TOKEN = '<|"|>';
/** The token's middle as it stands in JSON text, inside a string (`<|\"|>`, or `\u003c|\"|\u003e` from Go's encoder). */
export const JSON_QUOTE_TOKEN = '|\\"|';

function unquoted(text: string): string | undefined {
  if (text.length < 2 * TOKEN.length || !text.startsWith(TOKEN) || !text.endsWith(TOKEN)) return undefined;
  const inner = text.slice(TOKEN.length, -TOKEN.length);
  return inner.includes(TOKEN) ? undefined : inner;
}

/** `value` with each token-quoted string unquoted, and where they were; `undefined` when it holds none. */
export function unquoteTokenStrings(value: unknown): { readonly value: unknown; readonly pointers: readonly string[] } | undefined {
  let nodes = 0;
  const pointers: string[] = [];
  const walk = (node: unknown, path: string[]): unknown => {
    if (++nodes > MAX_NODES) return node;
    if (typeof node === "string") {
      const inner = unquoted(node);
      if (inner !== undefined) pointers.push(formatPointer(path));
      return inner ?? node;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)]));
    if (!isJsonObject(node)) return node;
    const out = copyObject(node);
    for (const [key, member] of Object.entries(node)) defineOwn(out, key, walk(member, [...path, key]));
    return out;
  };
  const out = walk(value, []);
  return pointers.length === 0 ? undefined : { value: out, pointers };
}
