// execute_javascript → QuickJS_execute_javascript; fetch → fetch-fetch; read_file_tool → read_file (each the one declared name that fits)
import { foldToolName } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/** Where a declared name's prefix ends: a separator models and frameworks join a server or toolbox name with. */
const SEPARATOR_GROUP = /([-_.:/]+)/;
/** A suffix a model adds to a name (`read_file_tool`, `ReadFileTool`). */
const TOOL_SUFFIX = /[-_]?tool$/i;

/** The one entry of `names` that `matches`, or `undefined` when none or several do. */
function only(names: readonly string[], matches: (name: string) => boolean): string | undefined {
  let found: string | undefined;
  for (const name of names) {
    if (!matches(name)) continue;
    if (found !== undefined) return undefined;
    found = name;
  }
  return found;
}

/**
 * Lossy: a guess, made only when exactly one declared name fits. Frameworks
 * prefix a tool with its server or toolbox (`QuickJS_execute_javascript`,
 * `fetch-fetch`, `mcp__fs__read_file`) and models call it by the part after
 * the prefix; models also add `_tool` to a name. A name that two declared
 * tools end with, that reads both ways with two tools (`read_tool` for `read`
 * and for `x_read_tool`), or that is shorter than four letters, is left alone.
 */
export const matchNamePart: NameFixer = {
  name: "match-name-part",
  purpose: "Resolve a tool name that is a declared name without its server or toolbox prefix, or with `_tool` added, when exactly one declared name fits.",
  class: "lossy",
  stage: "name",
  fix(name, { toolNames }) {
    const called = foldToolName(name.trim());
    if (called.length < 4) return undefined;
    const severalWords = /[-_.:/]/.test(name.trim());
    const prefixed = toolNames.filter((declared) => {
      // Parts and the separators between them: `mcp__fs__read_file` → mcp, __, fs, __, read, _, file.
      const pieces = declared.split(SEPARATOR_GROUP);
      for (let index = 2; index < pieces.length; index += 2) {
        // A single `_` joins the words of one name (`web_search`): a one-word call dropped a word, not a prefix.
        if (pieces[index - 1] === "_" && !severalWords) continue;
        if (foldToolName(pieces.slice(index).join("")) === called) return true;
      }
      return false;
    });
    const bare = foldToolName(name.trim().replace(TOOL_SUFFIX, ""));
    const suffixed = bare === called ? [] : toolNames.filter((declared) => foldToolName(declared) === bare);
    // `read_tool` with `read` and `x_read_tool` declared: `_tool` added, or a prefix dropped? Two tools, no guess.
    const found = only([...new Set([...prefixed, ...suffixed])], () => true);
    return found !== undefined && (prefixed.includes(found) || bare.length >= 4) ? found : undefined;
  },
};
