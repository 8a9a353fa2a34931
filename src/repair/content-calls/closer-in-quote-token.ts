/**
 * A Gemma block's closer inside one of its strings
 * (`<|tool_call>call:note{text:<|"|>a <tool_call|> b<|"|>}<tool_call|>`,
 * FunctionGemma's `<escape>…<escape>` alike): the family's quote token opens
 * and closes every string, so a closer after an odd number of them, counted
 * from the block's body, stands inside one and closes nothing. The quote
 * token makes it unambiguous, as JSON's quotes do for a closer in a JSON
 * string. The whole-text reader scans the strings the same way.
 */
import { GEMMA_FAMILIES } from "./gemma-calls.ts";

/** The quote token of the Gemma family a block opened with `marker` is in; `undefined` for any other block. */
export function quoteTokenOf(marker: string): string | undefined {
  return GEMMA_FAMILIES.find((family) => family.open === marker)?.quote;
}

/** Whether `text` from `bodyAt` to `closerAt` holds an odd number of `quote`: a closer at `closerAt` stands inside a string. */
export function insideQuotedString(text: string, bodyAt: number, closerAt: number, quote: string): boolean {
  let count = 0;
  for (let at = text.indexOf(quote, bodyAt); at >= 0 && at + quote.length <= closerAt; at = text.indexOf(quote, at + quote.length)) count++;
  return count % 2 === 1;
}
