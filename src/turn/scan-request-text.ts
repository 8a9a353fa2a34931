/**
 * One pass over a request body's text before it is parsed: how deep it
 * nests (as `textNestsDeeper` measures it), and where the value of its
 * top-level `tools` member lies, so that a body whose tools are the same
 * text as an earlier request's can reuse that request's parsed tools.
 */

export interface RequestTextScan {
  /** Whether the text nests objects and arrays deeper than the bound. */
  readonly tooDeep: boolean;
  /**
   * The `tools` value's text, from just after its colon to just before the
   * `,` or `}` that ends it: set only when the text is an object with exactly
   * one top-level key that is `tools` and no top-level key with an escape
   * (which could spell `tools` another way).
   */
  readonly tools?: { readonly start: number; readonly end: number };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** Whether `text[from, to)` is exactly `tools`. */
const spellsTools = (text: string, from: number, to: number) => to - from === 5 && text.startsWith("tools", from);

/** Whether `text[from, to)` has a backslash (a loop: `indexOf` would search past `to`). */
function hasBackslash(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === BACKSLASH) return true;
  return false;
}

/** The index of the first character at or after `from` that is not JSON whitespace. */
function skipSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpace(text.charCodeAt(index))) index++;
  return index;
}

/**
 * The index of the quote that closes the string opened at `open` (or the
 * text's length when none does). Strings are most of a request's text, so
 * they are skipped with `indexOf`: a quote ends the string unless an odd
 * number of backslashes comes right before it.
 */
function closingQuote(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

export function scanRequestText(text: string, maxDepth: number): RequestTextScan {
  let depth = 0;
  let topIsObject = false;
  let toolsKeys = 0;
  let escapedKey = false;
  let valueStart = -1;
  let valueEnd = -1;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      const start = index;
      index = closingQuote(text, start);
      // A string at the top level of an object followed by a colon is a key.
      if (depth === 1 && topIsObject) {
        const colon = skipSpace(text, index + 1);
        if (text.charCodeAt(colon) === COLON) {
          escapedKey ||= hasBackslash(text, start + 1, index);
          if (spellsTools(text, start + 1, index)) {
            toolsKeys++;
            valueStart = colon + 1;
            valueEnd = -1;
          }
        }
      }
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth === 0) topIsObject = code === OPEN_OBJECT;
      if (++depth > maxDepth) return { tooDeep: true };
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (depth === 1 && valueStart !== -1 && valueEnd === -1) valueEnd = index;
      depth--;
    } else if (code === COMMA && depth === 1 && valueStart !== -1 && valueEnd === -1) {
      valueEnd = index;
    }
  }
  if (!topIsObject || toolsKeys !== 1 || escapedKey || valueEnd === -1) return { tooDeep: false };
  return { tooDeep: false, tools: { start: valueStart, end: valueEnd } };
}
