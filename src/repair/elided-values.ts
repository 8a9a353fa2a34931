import { mayAdmit } from "./parsers/schema-guide.ts";
import { declaredProperties } from "./schema-shape.ts";
import { ownValue } from "./json-pointer.ts";

/**
 * Values the model left out and marked so, unquoted: an ellipsis (`...`),
 * a template's slot (`<path>`, `<your query here>`, `YOUR_API_KEY`, `???`), a redaction
 * (`[REDACTED]`, `***`), a language's word for no value (`undefined`, `NaN`,
 * `Infinity`), a comment holding only an ellipsis (`/* ... *\/`: members left
 * out), or a value that is only its opening quote, the next member right after
 * (`{"path": ", "mode": "r"}`). Any repair would turn the mark into the value (or drop the member),
 * which is never what the model meant: such arguments are refused.
 * (Quoted, the mark is a string the model chose, and JSON: left alone.)
 */

/** JavaScript's and Python's words for a value that is not there or not a number. */
const NO_VALUE = "undefined|NaN|nan|[+-]?Infinity";

const NO_VALUE_WORD = new RegExp(`^(?:${NO_VALUE})$`);

/** `undefined`, `NaN`, `Infinity` as a whole word: no value the model wrote (see `elidedValue`). */
export function isNoValueWord(word: string): boolean {
  return NO_VALUE_WORD.test(word);
}

/** An elision in value position: after `:`, `[` or `,`, before `,`, `}`, `]` or the end. */
const ELISION = new RegExp(
  `^\\s*("(?=\\s*,\\s*"[^"\\n]{1,40}"\\s*:)|\\.{3}|…|<[A-Za-z][\\w .-]{0,40}>|\\[[A-Z][A-Z _-]{2,30}\\]|\\*{3,}|\\?{3,}|\\$\\{[A-Za-z_][\\w.-]{0,40}\\}|YOUR_[A-Z0-9_]{1,40}|[A-Z][A-Z0-9_]{0,40}_HERE|${NO_VALUE})\\s*(?:[,}\\]]|$)`,
);
/** A comment, outside strings, that holds only an ellipsis: `/* ... *\/`, `// …`, `# etc.` */
const ELIDED_IN_COMMENT = /^(?:\/\*\s*(?:\.{2,}|…+|etc\.?)\s*\*\/|(?:\/\/|#)[ \t]*(?:\.{2,}|…+|etc\.?)[ \t]*(?:\r?\n|$))/i;

/** The first unquoted elision of `text` (arguments that did not parse), or `undefined`. */
export function elidedValue(text: string): string | undefined {
  for (const at of outsideStrings(text, ":[,/#")) {
    const found = text[at] === "/" || text[at] === "#" ? ELIDED_IN_COMMENT.exec(text.slice(at, at + 64))?.[0].trim() : ELISION.exec(text.slice(at + 1, at + 64))?.[1];
    // A value that is only its opening quote follows its key's colon; after a comma the quote closes a string
    // this scan, thrown out of step by a quote lost earlier, took for text outside (`{a": "x", "b": "c,", "d": 1}`).
    if (found === '"' && text[at] !== ":") continue;
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The places in `text` outside double-quoted strings whose character is one of `chars`. */
export function* outsideStrings(text: string, chars: string): Generator<number> {
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (chars.includes(char)) {
      yield at;
    }
  }
}

/** What a bracketed slot may hold: words on one line, no quote, bracket or comma (`[search term]`, `[file path]`). */
const SLOT = /^\[([^[\]{}"`,\n]{1,80})\]/;
/** The key right before a `:` that ends `before`, quoted or not. */
const KEY_BEFORE = /["']?([\p{L}\p{N}_$@.-]+)["']?\s*:\s*$/u;
/** Words a bracket may hold that are values, not a slot's description: literals and numbers. */
const VALUE_WORD = /^(?:true|false|null|none|-?\d[\d_.eE+-]*)$/i;
const MAX_SCHEMA_DEPTH = 8;

/** Property names whose every declaration in `schema` (at any depth) takes no array, with their allowed values when enumerated. */
function namesTakingNoArray(schema: unknown): Map<string, unknown[]> {
  const scalar = new Map<string, unknown[]>();
  const listed = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_SCHEMA_DEPTH) return;
    for (const [name, property] of Object.entries(declaredProperties(node) ?? {})) {
      if (mayAdmit(property, "array")) listed.add(name);
      else {
        const allowed = ownValue(property, "enum");
        scalar.set(name, [...(scalar.get(name) ?? []), ...(Array.isArray(allowed) ? (allowed as unknown[]) : [])]);
      }
      visit(property, depth + 1);
      visit(ownValue(property, "items"), depth + 1);
    }
  };
  visit(schema, 0);
  for (const name of listed) scalar.delete(name);
  return scalar;
}

/**
 * `[search term]` where the property takes no list (arguments that did not
 * parse): a template's slot as often as a one-item list, and unwrapping it
 * would send the slot's description as the value. Quoted items (`["Paris"]`),
 * numbers and literals are not slots. The slot, or `undefined`.
 */
export function bracketedSlot(text: string, schema: unknown): string | undefined {
  if (!text.includes("[")) return undefined;
  const names = namesTakingNoArray(schema);
  if (names.size === 0) return undefined;
  for (const at of outsideStrings(text, "[")) {
    const key = KEY_BEFORE.exec(text.slice(Math.max(0, at - 100), at))?.[1];
    const allowed = key === undefined ? undefined : names.get(key);
    if (allowed === undefined) continue;
    const inner = SLOT.exec(text.slice(at, at + 90))?.[1]?.trim();
    // An apostrophe at an edge is a single quote: a quoted item. One of the property's own values is no slot.
    if (inner === undefined || !/\p{L}/u.test(inner) || VALUE_WORD.test(inner) || /^['‘’]|['‘’]$/u.test(inner) || allowed.includes(inner)) continue;
    return `[${inner}]`;
  }
  return undefined;
}
