// execute_javascript → QuickJS_execute_javascript; fetch → fetch-fetch; read_file_tool, read_file_function, ReadFileFn → read_file (each the one declared name that fits; never tool_read_file)
import { foldToolName } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/** Where a declared name's prefix ends: a separator models and frameworks join a server or toolbox name with. */
const SEPARATOR_GROUP = /([-_.:/]+)/;
/**
 * A word a model adds after a name to say what it is, as frameworks name a tool's class or function
 * (`read_file_tool`, `ReadFileTool`, `read_file_function`, `readFileFn`). Before a name such a word makes
 * another name (`tool_code`, `tool_use`, `function_call`): not read.
 */
const KIND_SUFFIXES: readonly RegExp[] = [/[-_]?tool$/i, /[-_. ]+(?:function|func|fn)$/i, /(?<=[a-z\d])(?:Function|Func|Fn)$/];

/** The folded names `name` may stand for once one added word is taken off. */
function withoutKindWord(name: string): Set<string> {
  const readings = new Set<string>();
  for (const affix of KIND_SUFFIXES) {
    const bare = foldToolName(name.replace(affix, ""));
    if (bare !== "" && bare !== foldToolName(name)) readings.add(bare);
  }
  return readings;
}

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
 * the prefix; models also add a word saying what the name is: `_tool`, `_function`,
 * `_fn` after it (before it, `tool_code`, such a word makes another name). A name that two declared
 * tools end with, that reads both ways with two tools (`read_tool` for `read`
 * and for `x_read_tool`), or that is shorter than four letters, is left alone.
 */
export const matchNamePart: NameFixer = {
  name: "match-name-part",
  purpose: "Resolve a tool name that is a declared name without its server or toolbox prefix, or with a word such as `_tool` or `_function` added after it, when exactly one declared name fits.",
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
    const readings = withoutKindWord(name.trim());
    const suffixed = toolNames.filter((declared) => readings.has(foldToolName(declared)));
    // `read_tool` with `read` and `x_read_tool` declared: `_tool` added, or a prefix dropped? Two tools, no guess.
    const found = only([...new Set([...prefixed, ...suffixed])], () => true);
    // A reading of three letters or fewer (`web` in `web_tool`) says too little to be taken alone.
    return found !== undefined && (prefixed.includes(found) || foldToolName(found).length >= 4) ? found : undefined;
  },
};
