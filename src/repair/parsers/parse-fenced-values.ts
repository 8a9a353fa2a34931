// {"code": ```\nprint("hi")\n```, "lang": "py"} → {"code":"print(\"hi\")","lang":"py"}
import type { ParserFamily } from "../types.ts";

/**
 * Lossless: a value written as a Markdown code block, three or more
 * backticks on its own line then the code, is the code: the lines between
 * the fences, verbatim (no escapes in code). It ends at the first line that
 * opens with as many backticks, as in Markdown. Not read: an info string
 * after the opening fence (`python`, `main.ts`: dropping it is a guess), an
 * indented closing fence, or code whose every line is indented (kept as in
 * Markdown, or dedented as some parsers do? The text does not say).
 */
export const parseFencedValues: ParserFamily = {
  name: "parse-fenced-values",
  purpose: "Read a value written as a Markdown code block (```` ``` ```` on its own line, the code, ```` ``` ````) as the code between the fences.",
  class: "lossless",
  stage: "parse",
};

/** Whether a code fence (three backticks) opens at `index`. */
export function opensFence(text: string, index: number): boolean {
  return text.startsWith("```", index);
}

/**
 * The code of the fenced value opening at `index` and the index just past its
 * closing backticks, or `undefined` (see the family). One pass over the text.
 */
export function fencedValue(text: string, index: number): { readonly body: string; readonly end: number } | undefined {
  let run = index;
  while (text[run] === "`") run++;
  const width = run - index;
  const newline = text.indexOf("\n", run);
  if (width < 3 || newline === -1 || text.slice(run, newline).trim() !== "") return undefined;
  const start = newline + 1;
  for (let line = start; line <= text.length; ) {
    if (text.startsWith("`".repeat(width), line) && text[line + width] !== "`") {
      const body = line === start ? "" : text.slice(start, line - 1).replace(/\r$/, "");
      const lines = body.split("\n").filter((each) => each.trim() !== "");
      if (lines.length > 0 && lines.every((each) => /^[ \t]/.test(each))) return undefined;
      return { body, end: line + width };
    }
    // An indented closing fence: Markdown would take that indentation off every line.
    if (/^ {1,3}```/.test(text.slice(line, line + width + 3))) return undefined;
    const next = text.indexOf("\n", line);
    if (next === -1) return undefined;
    line = next + 1;
  }
  return undefined;
}
