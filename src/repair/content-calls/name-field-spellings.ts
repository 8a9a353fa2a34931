/**
 * A call written as text names its tool as the name field does, for the
 * spellings that say plainly which declared tool is meant: an MCP client's or
 * a proxy's namespace joined with `__` (`mcp__wx__get_weather`,
 * `wx_v1__get_weather`), Kimi's call index (`functions.get_weather:0`) and
 * Markdown's escaped underscores (`get\_weather`). The name field's guesses (a
 * prefix or a suffix word left out) and its looser readings (punctuation after
 * the name, a call id that lost its punctuation) stay off in text, where a
 * name that does not spell a declared tool keeps the call text.
 */
import { declaredNameInPath } from "../name-resolution.ts";
import { underscoredNamespaceName } from "../fixers/strip-name-namespace.ts";
import { withoutMarkdownEscapes } from "../similarity.ts";

/** Declared names are at most 64 or 128 characters: a longer name is no name to respell. */
const MAX_NAME = 256;
/** Kimi K2's call index after a name (`functions.get_weather:0`). */
const CALL_INDEX = /:\d{1,4}$/;

/** The declared name `written` stands for in one of those spellings; `undefined` when none or several. */
export function nameFieldSpelling(written: string, toolNames: readonly string[]): string | undefined {
  if (written.length > MAX_NAME) return undefined;
  const name = CALL_INDEX.test(written) ? written.replace(CALL_INDEX, "") : written;
  if (name === "") return undefined;
  if (name !== written) {
    const indexed = declaredNameInPath(name, toolNames);
    if (indexed !== undefined) return indexed;
  }
  const unescaped = withoutMarkdownEscapes(name);
  if (unescaped !== name) return declaredNameInPath(unescaped, toolNames);
  return name.includes("__") ? underscoredNamespaceName(name, toolNames) : undefined;
}
