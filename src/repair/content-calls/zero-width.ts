/**
 * Zero-width characters a server or a copy leaves before a call (a byte-order
 * mark opening the stream, a zero-width space or joiner, a word joiner): they
 * show nothing, so a call after them on its line still opens that line.
 */
const ZERO_WIDTH: ReadonlySet<string> = new Set(["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF"]);
/** The most of them skipped before a call: beyond it, the text is more than a stray mark. */
export const MAX_ZERO_WIDTH = 4;

export const isZeroWidth = (char: string | undefined): boolean => char !== undefined && ZERO_WIDTH.has(char);
