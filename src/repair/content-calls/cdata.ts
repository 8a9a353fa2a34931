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
 * The first `needle` at or after `from` that starts outside every CDATA
 * section (a closer written inside one is the section's text); -1 when there
 * is none. Only closed sections count: an opener never closed may as well be
 * text (a JSON string holding it), and reads as before. Sections are met as
 * the search goes, so each stretch of `text` is scanned once; `from` is
 * outside any section, as every caller's is.
 */
export function indexOutsideCdata(text: string, needle: string, from: number): number {
  let at = text.indexOf(needle, from);
  for (let open = text.indexOf(CDATA_OPEN, from); at >= 0 && open >= 0 && open <= at; ) {
    const close = text.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length);
    if (close < 0) return at;
    const end = close + CDATA_CLOSE.length;
    if (at < end) at = text.indexOf(needle, end);
    open = text.indexOf(CDATA_OPEN, end);
  }
  return at;
}
