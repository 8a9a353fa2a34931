/**
 * SentencePiece writes a space as `▁` (U+2581) inside its tokens; a server
 * that joins the tokens without the tokenizer's decoding step leaves the
 * marker in the text:
 *
 *   [{"name":▁"f",▁"arguments":▁{"a":▁1}}]  →  [{"name": "f", "arguments": {"a": 1}}]
 *
 * Between JSON tokens a marker can only be a space. Inside a string it may
 * be a space or the character itself, and the object around it shows no
 * difference: such a text has two readings and is left alone.
 */

export const PIECE_SPACE = "\u2581";

/** How the markers in a text read: as spaces (`text`), ambiguously, or there are none between tokens. */
export type PieceSpaces = { readonly text: string } | "ambiguous" | undefined;

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The text with every marker between JSON (or Python-literal) tokens made
 * a space; `undefined` when no marker sits between tokens. `"ambiguous"`
 * when one also sits inside a string, or between two word characters
 * (`tool▁call`, as in DeepSeek's tokens, is one word, not two tokens).
 */
export function readPieceSpaces(text: string): PieceSpaces {
  if (!text.includes(PIECE_SPACE)) return undefined;
  let quote: string | undefined;
  let escaped = false;
  let spaced = "";
  let copied = 0;
  let elsewhere = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote !== undefined) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === quote) quote = undefined;
      else if (char === PIECE_SPACE) elsewhere = true;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === PIECE_SPACE) {
      if (WORD.test(text[index - 1] ?? "") && WORD.test(text[index + 1] ?? "")) elsewhere = true;
      else {
        spaced += `${text.slice(copied, index)} `;
        copied = index + 1;
      }
    }
  }
  if (copied === 0) return undefined;
  return elsewhere ? "ambiguous" : { text: spaced + text.slice(copied) };
}
