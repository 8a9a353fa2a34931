/**
 * Where a `<parameter=key>value</parameter>` value's line breaks come from.
 * Qwen3-Coder's template breaks the line either side of every value
 * (`<parameter=key>\nvalue\n</parameter>`): one break at each edge is the
 * layout, and its reference parser drops it. Seed-OSS's template writes the
 * value right against its tags (`<parameter=key>value</parameter>`): a break
 * at an edge is the value's own (a file ending in a newline, text opening
 * with a blank line), and dropping it changes the value. A call whose every
 * value has a break at both edges was laid out the Qwen3-Coder way, as a
 * model may write it in either block: those breaks are layout. A call whose
 * values disagree (some broken at both edges, some not) was laid out neither
 * way: each edge break in it is layout or the value's own, and the values
 * holding one read two ways.
 */
export type ParameterLayout = "broken" | "inline";

/** The call tags whose template writes parameter values inline. */
export const INLINE_TAGS: ReadonlySet<string> = new Set(["<seed:tool_call>"]);

export const parameterLayoutOf = (open: string): ParameterLayout => (INLINE_TAGS.has(open) ? "inline" : "broken");

/** Qwen3-Coder's parser drops the one line break either side of a value; so do we (a CRLF break too). */
export function trimValue(value: string): string {
  return value.replace(/^\r?\n/, "").replace(/\r?\n$/, "");
}

const LEADING_BREAK = /^\r?\n/;
const TRAILING_BREAK = /\r?\n$/;

/** A break at both edges, two breaks apart (`"\n"` alone is one break, not two). */
function brokenBothSides(value: string): boolean {
  const leading = LEADING_BREAK.exec(value);
  return leading !== null && TRAILING_BREAK.test(value.slice(leading[0].length));
}

/** The values of one call as its layout reads them: each written value in, each value out. */
export function valuesInLayout(written: readonly string[], layout: ParameterLayout): string[] {
  if (layout === "inline" && !(written.length > 0 && written.every(brokenBothSides))) return [...written];
  return written.map(trimValue);
}

/** Per written value of an inline-layout call, whether its edge breaks read two ways: the call mixes the two layouts, and it has one. */
export function edgesInDoubt(written: readonly string[], layout: ParameterLayout): boolean[] {
  const mixed = layout === "inline" && written.some(brokenBothSides) && !written.every(brokenBothSides);
  return written.map((value) => mixed && (LEADING_BREAK.test(value) || TRAILING_BREAK.test(value)));
}
