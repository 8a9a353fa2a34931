/**
 * XML's CDATA section (`<![CDATA[a <b> & c]]>`): its text is taken verbatim,
 * markup and entities in it included. A value written as one section (space
 * around it aside) is that text. A section beside other text, or one never
 * closed, is refused: the text as written and the text as an XML reader
 * decodes it are both readings.
 */
import { skipWhitespace } from "./scan.ts";

export const CDATA_OPEN = "<![CDATA[";
export const CDATA_CLOSE = "]]>";

export type CdataValue = { readonly kind: "plain" } | { readonly kind: "section"; readonly text: string } | { readonly kind: "mixed" };

const PLAIN: CdataValue = { kind: "plain" };
const MIXED: CdataValue = { kind: "mixed" };

/** What a value written between tags holds: plain text, one whole section, or a section beside other text. */
export function cdataValue(value: string): CdataValue {
  const at = value.indexOf(CDATA_OPEN);
  if (at < 0) return PLAIN;
  const open = skipWhitespace(value, 0);
  const close = value.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
  if (at !== open || close < 0 || skipWhitespace(value, close + CDATA_CLOSE.length) < value.length) return MIXED;
  return { kind: "section", text: value.slice(open + CDATA_OPEN.length, close) };
}

/**
 * Where `close` ends a value that starts at `from`: when the value opens with
 * a CDATA section (space aside), the first `close` after the section, since a
 * closer inside it is text; -1 when there is none.
 */
export function valueCloseAt(text: string, from: number, close: string): number {
  const lead = skipWhitespace(text, from);
  if (!text.startsWith(CDATA_OPEN, lead)) return text.indexOf(close, from);
  const sectionEnd = text.indexOf(CDATA_CLOSE, lead + CDATA_OPEN.length);
  return sectionEnd < 0 ? -1 : text.indexOf(close, sectionEnd + CDATA_CLOSE.length);
}

/**
 * The CDATA sections of `text`, each from its `<![CDATA[` to the end of its
 * `]]>`. Only closed sections count: an opener never closed may as well be
 * text (a JSON string holding it), and reads as before.
 */
export function cdataSections(text: string): readonly (readonly [number, number])[] {
  // The same text is asked about element after element: the last answer is kept.
  if (text === lastText) return lastSections;
  const sections: [number, number][] = [];
  for (let open = text.indexOf(CDATA_OPEN); open >= 0; ) {
    const close = text.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
    if (close < 0) break;
    sections.push([open, close + CDATA_CLOSE.length]);
    open = text.indexOf(CDATA_OPEN, close + CDATA_CLOSE.length);
  }
  [lastText, lastSections] = [text, sections];
  return sections;
}

let lastText = "";
let lastSections: readonly (readonly [number, number])[] = [];

/** The end of the section of `sections` (as `cdataSections` gives them, in order) that `at` falls inside, or -1. */
export function cdataEndAround(sections: readonly (readonly [number, number])[], at: number): number {
  let low = 0;
  let high = sections.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = sections[middle]!;
    if (at < start) high = middle - 1;
    else if (at >= end) low = middle + 1;
    else return end;
  }
  return -1;
}

/**
 * The first `needle` at or after `from` that starts outside every CDATA
 * section of `text` (a closer written inside a section is the section's
 * text); -1 when there is none.
 */
export function indexOutsideCdata(text: string, needle: string, from: number, sections: readonly (readonly [number, number])[]): number {
  let at = text.indexOf(needle, from);
  for (let end = at < 0 ? -1 : cdataEndAround(sections, at); end >= 0; end = at < 0 ? -1 : cdataEndAround(sections, at)) at = text.indexOf(needle, end);
  return at;
}
