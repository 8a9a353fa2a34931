/**
 * Values between tags that are the model's own special tokens: DeepSeek's
 * DSML (`<｜DSML｜parameter name="k">v</｜DSML｜parameter>`) and GLM's
 * `<arg_key>k</arg_key><arg_value>v</arg_value>`. A model cannot quote such
 * a tag as text inside a value (it is one token, the format's own markup), so
 * a value that runs into the next key's opening, or into the call's closer,
 * had its own closer left out: the value ends there. One rule for every
 * format whose tags are tokens; formats whose tags are plain text
 * (Qwen3-Coder's `<parameter=k>`, MiniMax's and Claude's `<parameter name=…>`)
 * may hold their own markup quoted in a value, and do not read so.
 *
 * Where the value would end stays a guess, and the value is not read, when
 * it would be empty or end in space (the value's own, or layout?), when it
 * holds another tag of the format (a closer spelt wrong, or a pair lost), or
 * when it ends in a closing tag (its closer written wrong, or its own text).
 */
import { CDATA_OPEN } from "./cdata.ts";

/** Whether a stretch of text holds a tag of the format, other than the one that ends the value. */
export type HoldsFormatTag = (text: string) => boolean;

/** A value with its closer left out, read up to where the markup goes on. */
function acceptable(value: string, holdsTag: HoldsFormatTag): boolean {
  return value.trim() !== "" && !/\s$/u.test(value) && !holdsTag(value) && !endsInCloser(value);
}

/**
 * Whether a value whose own closer was left out ends in a closing tag (`UTC</param_value>`, `UTC</param>`): that
 * tag is the value's closer written wrong (a sibling format's, a drift) or the value's own text, two readings.
 */
export function endsInCloser(value: string): boolean {
  return /<\/[^<>\s]{1,64}>$/u.test(value.trimEnd());
}

/**
 * A value that ran into the next key's opening at `nextKeyAt` (`Paris<arg_key>unit…`): the text before it, or
 * `undefined` when where the value ends is a guess.
 */
export function valueBeforeNextKey(text: string, nextKeyAt: number, holdsTag: HoldsFormatTag): string | undefined {
  const value = text.slice(0, nextKeyAt);
  return acceptable(value, holdsTag) ? value : undefined;
}

/**
 * The last value of a call whose own closer was written (`…<arg_value>Paris\n</tool_call>`): `rest` is the text from
 * the value's start to that closer. One line break before the closer is the template's layout. `undefined` when where
 * the value ends is a guess, or when it opens a CDATA section (its end is the section's).
 */
export function lastValueBeforeCallEnd(rest: string, holdsTag: HoldsFormatTag): string | undefined {
  const value = rest.endsWith("\r\n") ? rest.slice(0, -2) : rest.endsWith("\n") ? rest.slice(0, -1) : rest;
  return acceptable(value, holdsTag) && !rest.includes(CDATA_OPEN) && !holdsTag(rest) ? value : undefined;
}
