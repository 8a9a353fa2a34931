// "{\"path\":\"a.txt\"}" → {"path":"a.txt"}; {"ids":"[1,2]"} → {"ids":[1,2]} where the schema wants an array; {"ids":"\"[1,2]\""} or {"ids":"```json\n[1,2]\n```"} → {"ids":[1,2]}
import type { ValueFixer } from "../types.ts";
import { repairSyntax } from "../repair-syntax.ts";
import { BracketScanner } from "../content-calls/scan.ts";
import { fencedBlockBody } from "./strip-code-fences.ts";
import { openValueIn } from "../open-value.ts";
import {
  convertMistyped,
  jsonTypeOf,
  shallowAccepts,
} from "../schema-shape.ts";

/** Some models encode twice or three times; more than that is not a quirk we have seen. */
const MAX_DECODE_LAYERS = 3;

/**
 * Strict `JSON.parse` of a string holding an object or array, peeling up to
 * MAX_DECODE_LAYERS of string encoding. `undefined` when it is not exactly that.
 */
export function decodeJsonContainer(text: string): object | undefined {
  let current: unknown = text;
  for (let layer = 0; layer < MAX_DECODE_LAYERS && typeof current === "string"; layer++) {
    const trimmed = current.trim();
    const first = trimmed[0];
    // A layer is either the container itself or one more quoted string around it.
    if (first !== "{" && first !== "[" && first !== '"') return undefined;
    try {
      current = JSON.parse(trimmed) as unknown;
    } catch {
      return undefined;
    }
  }
  const type = jsonTypeOf(current);
  return type === "object" || type === "array" ? (current as object) : undefined;
}

/**
 * An object or array written in a string with JSON-like syntax (Python's
 * quotes and `True`, a trailing comma): its value when that syntax has one
 * reading (repair-json-syntax's rule), else `undefined`.
 */
export function decodeJsonish(text: string): object | undefined {
  const trimmed = text.trim();
  if (trimmed[0] !== "{" && trimmed[0] !== "[") return undefined;
  // Whole, or it was cut: `[1, 2` is never closed.
  if (new BracketScanner({ python: true }).scan(trimmed, 0) !== trimmed.length) return undefined;
  // Judged as arguments are: an elision (`["a", …]`, `/* ... */`), a digitless number or code where a value
  // goes leaves that value open, and reading it as a word or dropping it would be a guess.
  if (openValueIn(trimmed) !== undefined) return undefined;
  // Inside an object, so that a list is judged by the same rule as arguments.
  const repaired = repairSyntax(`{"v": ${trimmed}}`, undefined, { exactOnly: true });
  if (repaired === undefined) return undefined;
  const decoded: unknown = (JSON.parse(repaired) as { v?: unknown }).v;
  return typeof decoded === "object" && decoded !== null ? decoded : undefined;
}

/**
 * Closing tags of the XML call formats (Claude's `<invoke>`/`<parameter>`,
 * Qwen's `<function=…>`, Hermes' `<tool_call>`, GLM's `<arg_value>`), with an
 * optional namespace (`</minimax:tool_call>`).
 */
const CALL_CLOSER = /^<\/(?:[\w-]+:)?(?:parameter|parameters|invoke|function|function_calls|tool_call|tool_calls|arg_value)>$/u;
/** More closers than this in a row is not a call format's tail. */
const MAX_CLOSERS = 8;

/**
 * `text` without the closing tags of a call format after it (`…]</parameter>\n</invoke>`, the
 * XML call the model wrote around the value leaking into it), or `undefined` when none ends it.
 */
function beforeCallClosers(text: string): string | undefined {
  let end = text.trimEnd().length;
  let closers = 0;
  while (closers < MAX_CLOSERS && text[end - 1] === ">") {
    const open = text.lastIndexOf("</", end);
    if (open < 0 || !CALL_CLOSER.test(text.slice(open, end))) break;
    end = text.slice(0, open).trimEnd().length;
    closers++;
  }
  return closers === 0 ? undefined : text.slice(0, end);
}

/** An object or array in a string, also when the call format's closing tags follow it, or in a code block. */
function decodeContainer(text: string): object | undefined {
  const decoded = decodeJsonContainer(text) ?? decodeJsonish(text);
  if (decoded !== undefined) return decoded;
  const body = fencedBlockBody(text);
  if (body !== undefined) return decodeJsonContainer(body) ?? decodeJsonish(body);
  const head = beforeCallClosers(text);
  return head === undefined ? undefined : (decodeJsonContainer(head) ?? decodeJsonish(head));
}

/** Decode when no branch takes the string itself and some branch takes what it decodes to. */
function decodeFor(value: unknown, branches: readonly unknown[]): object | undefined {
  if (typeof value !== "string") return undefined;
  if (branches.some((branch) => shallowAccepts(branch, value) !== false)) return undefined;
  const decoded = decodeContainer(value);
  if (decoded === undefined) return undefined;
  return branches.some((branch) => shallowAccepts(branch, decoded) === true) ? decoded : undefined;
}

export const decodeDoubleEncoded: ValueFixer = {
  name: "decode-double-encoded",
  purpose: "Decode arguments, or a field that wants an object or array, sent as a JSON string of one (for a field, also with an XML call's closing tags after it or in a Markdown code block); arguments whose string holds broken JSON are repaired as the text inside.",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema }) {
    if (errors.length === 0) return undefined;
    // Tool arguments are always an object, whatever the root schema spells out (it often omits `type`).
    if (typeof value === "string") {
      const decoded = decodeJsonContainer(value);
      return decoded !== undefined && !Array.isArray(decoded) ? decoded : undefined;
    }
    return convertMistyped(value, errors, (current, branches) => {
      const decoded = decodeFor(current, branches);
      return decoded === undefined ? undefined : { value: decoded };
    }, schema);
  },
};
