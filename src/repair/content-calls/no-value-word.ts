/**
 * A language's word for no value (`undefined`, `NaN`, `Infinity`) alone
 * between a value's tags, where the schema takes no string: the text says a
 * value without giving it, as `{"limit": undefined}` does in JSON. It is not
 * the property left out, nor its text: the call is not read.
 */
const NO_VALUE_WORDS: ReadonlySet<string> = new Set(["undefined", "NaN", "Infinity", "-Infinity", "+Infinity"]);

export function saysNoValue(text: string, admitted: readonly string[]): boolean {
  return admitted.length > 0 && !admitted.includes("string") && NO_VALUE_WORDS.has(text.trim());
}
