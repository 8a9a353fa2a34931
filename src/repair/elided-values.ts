/**
 * Values the model left out and marked so, unquoted: an ellipsis (`...`),
 * a template's slot (`<path>`, `<your query here>`), a redaction
 * (`[REDACTED]`, `***`). Any repair would turn the mark into the value,
 * which is never what the model meant: such arguments are refused.
 * (Quoted, the mark is a string the model chose, and JSON: left alone.)
 */

/** An elision in value position: after `:`, `[` or `,`, before `,`, `}`, `]` or the end. */
const ELISION = /^\s*(\.{3}|…|<[A-Za-z][\w .-]{0,40}>|\[[A-Z][A-Z _-]{2,30}\]|\*{3,})\s*(?:[,}\]]|$)/;

/** The first unquoted elision of `text` (arguments that did not parse), or `undefined`. */
export function elidedValue(text: string): string | undefined {
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === ":" || char === "[" || char === ",") {
      const found = ELISION.exec(text.slice(at + 1, at + 64))?.[1];
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
