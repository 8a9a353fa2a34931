/**
 * An element holding elements of its own name (MiniMax-M3's list of lists,
 * `<item><item>1</item><item>2</item></item>`, a tree's `<children>` inside
 * `<children>`) ends at the closer that matches its opener, not at the first
 * closer of its name: that one closes the inner element.
 */
import { indexOutsideCdata } from "./cdata.ts";

/**
 * Where the element `<tag>` whose body starts at `from` closes: its matching
 * `</tag>`, counting the `<tag>` openers in between. When the openers are
 * not all closed, the first `</tag>` (an opener in text is the text's).
 * `-1` when no closer follows. Linear: each search starts past the last.
 */
export function closerOf(text: string, tag: string, from: number): number {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const first = indexOutsideCdata(text, close, from);
  let nextOpen = indexOutsideCdata(text, open, from);
  if (first < 0 || nextOpen < 0 || nextOpen > first) return first;
  let nextClose = first;
  let depth = 1;
  while (nextClose >= 0) {
    if (nextOpen >= 0 && nextOpen < nextClose) {
      depth++;
      nextOpen = indexOutsideCdata(text, open, nextOpen + open.length);
      continue;
    }
    if (--depth === 0) return nextClose;
    nextClose = indexOutsideCdata(text, close, nextClose + close.length);
  }
  return first;
}
