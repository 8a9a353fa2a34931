/**
 * Rewrites the few JSON-like forms that jsonrepair reads differently from
 * what a model meant, before jsonrepair sees the text:
 *
 *   {"a": (1, 2)}            → {"a": [1, 2]}       Python tuple; `(x)` is just x, `()` is []
 *   {"a": 82_461_110}        → {"a": 82461110}     digit separators
 *   {"a": 1/3}               → {"a": "1/3"}        bare value with a slash (jsonrepair reads a comment)
 *   {"a": ["x"}, "b": 1}     → {"a": ["x"], "b": 1}  a mismatched closer is a typo for the inner one
 *   ["x" y", "z"]            → ["x", "y", "z"]     in an array, a bare word after a string is the next element
 *
 * It follows the structure token by token and stops rewriting (copying the
 * rest verbatim) at the first token it cannot place: past that point it
 * cannot tell a string from its surroundings, and jsonrepair's heuristics
 * for unescaped quotes take over.
 */
import { closerOf, isLiteralWord, isNumberWord, tokenAt } from "./json-tokens.ts";

interface Frame {
  readonly opener: string;
  expect: "key" | "colon" | "value" | "after";
  /** For a tuple: index of its opening piece, and what it held. */
  readonly piece: number;
  commas: number;
  elements: number;
}

const DIGIT_SEPARATOR = /(?<=\d)_(?=\d)/g;

export function normalizeJsonish(text: string): string {
  let index = 0;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  if (text[index] !== "{") return text;
  const pieces: string[] = [text.slice(0, index)];
  const frames: Frame[] = [];

  const openFrame = (opener: string): void => {
    frames.push({ opener, expect: opener === "{" ? "key" : "value", piece: pieces.length, commas: 0, elements: 0 });
    pieces.push(opener === "(" ? "(" : opener);
  };
  const valueDone = (): void => {
    const top = frames[frames.length - 1];
    if (top === undefined) return;
    top.expect = "after";
    top.elements++;
  };
  const closeTop = (): void => {
    const frame = frames.pop()!;
    if (frame.opener === "(") {
      // Python: `()` is an empty tuple, `(x)` is x itself, `(x, y)` and `(x,)` are tuples.
      const scalar = frame.elements === 1 && frame.commas === 0;
      pieces[frame.piece] = scalar ? "" : "[";
      pieces.push(scalar ? "" : "]");
    } else {
      pieces.push(closerOf(frame.opener));
    }
    valueDone();
  };

  while (index < text.length) {
    const token = tokenAt(text, index);
    const raw = text.slice(token.start, token.end);
    const top = frames[frames.length - 1];
    if (top === undefined) {
      if (token.kind !== "open") break;
      openFrame(raw);
      index = token.end;
      continue;
    }
    const inObject = top.opener === "{";
    let placed = true;
    switch (token.kind) {
      case "space":
      case "comment":
        pieces.push(raw);
        break;
      case "string":
        if (!token.closed) placed = false;
        else if (inObject && top.expect === "key") {
          pieces.push(raw);
          top.expect = "colon";
        } else if (top.expect === "value") {
          pieces.push(raw);
          valueDone();
        } else placed = false;
        break;
      case "word":
        if (inObject && top.expect === "key") {
          pieces.push(raw);
          top.expect = "colon";
        } else if (top.expect === "value") {
          pieces.push(rewriteBareValue(raw));
          valueDone();
        } else if (!inObject && top.expect === "after") {
          const element = bareArrayElement(text, token.start, token.end);
          if (element === undefined) placed = false;
          else {
            pieces.push(`, ${isNumberWord(raw) || isLiteralWord(raw) ? rewriteBareValue(raw) : JSON.stringify(raw)}`);
            top.elements++;
            index = element;
            continue;
          }
        } else placed = false;
        break;
      case "open":
        if (top.expect !== "value") placed = false;
        else openFrame(raw);
        break;
      case "close": {
        let match = frames.length - 1;
        while (match >= 0 && closerOf(frames[match]!.opener) !== raw) match--;
        // A closer for an outer bracket is a typo for the inner one: `["x"}, "b": 1}`
        // goes on as an object, so closing both would end the root too early.
        if (match < 0) placed = false;
        else closeTop();
        break;
      }
      case "colon":
        if (!inObject || top.expect !== "colon") placed = false;
        else {
          pieces.push(raw);
          top.expect = "value";
        }
        break;
      case "comma":
        pieces.push(raw);
        if (top.opener === "(") top.commas++;
        top.expect = inObject ? "key" : "value";
        break;
    }
    if (!placed) break;
    index = token.end;
    if (frames.length === 0) break;
  }
  pieces.push(text.slice(index));
  return pieces.join("");
}

function rewriteBareValue(word: string): string {
  if (isNumberWord(word)) return word.replace(DIGIT_SEPARATOR, "");
  if (isLiteralWord(word)) return word;
  return word.includes("/") ? JSON.stringify(word) : word;
}

/**
 * After `"x"` inside an array, `y"` or `y` followed by `,` or `]` is a
 * missing comma and a missing opening quote. Returns where the element ends
 * (past its closing quote), or `undefined` when the word is anything else.
 */
function bareArrayElement(text: string, start: number, end: number): number | undefined {
  if (!/^[\p{L}\p{N}_-]+$/u.test(text.slice(start, end))) return undefined;
  let next = end;
  if (text[next] === '"') next++;
  let look = next;
  while (look < text.length && /\s/.test(text[look]!)) look++;
  return text[look] === "," || text[look] === "]" ? next : undefined;
}
