// functions.read_file → read_file; default_api.read_file → read_file; to=functions.read_file → read_file; repo_browser.read_file → read_file; mcp__fs__read_file → read_file (or fs_read_file); multi_agent_v1__spawn_agent → spawn_agent; call_functionsglob7 → glob
import { declaredNameFor, spellsAnother, stripNamespaces } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/** An identifier path in front of a name: `repo_browser.`, `github/`, `mcp::fs::`; or an MCP client's `mcp__server__`. */
const ANY_NAMESPACE = /^(?:[A-Za-z_][\w-]*(?:\.|::|:|\/))+|^mcp__[\w-]+?__(?=[^_])/;
/**
 * Kimi K2's call id (`functions.glob:7`) taken for the name by a server that then dropped the characters a
 * name may not hold, or wrote `_` for them: `functionsglob7`, `call_functionsglob7`, `functions_glob_7`.
 */
const GLUED_NAMESPACE = /^(?:call_)?functions[._]?/i;
/** The call's index at the end of such a name. */
const GLUED_INDEX = /[_:]?\d+$/;

/** The declared name a Kimi call id with its punctuation lost stands for; `undefined` when none, or two readings name two tools. */
function gluedCallId(name: string, toolNames: readonly string[]): string | undefined {
  const trimmed = name.trim();
  const prefix = GLUED_NAMESPACE.exec(trimmed);
  if (prefix === null) return undefined;
  const rest = trimmed.slice(prefix[0].length);
  // `functionsglob7` with `glob7` and `glob` both declared: the digits are the index or part of the name.
  const readings = new Set<string>();
  for (const candidate of new Set([rest, rest.replace(GLUED_INDEX, "")])) {
    const found = declaredNameFor(candidate, toolNames);
    if (found !== undefined) readings.add(found);
  }
  return readings.size === 1 ? [...readings][0] : undefined;
}

/** A namespace a client or proxy joined to the name with `__` when it flattened namespaced tools (`multi_agent_v1__`, `collaboration__`). */
const FLAT_NAMESPACE = /^[A-Za-z\d][\w-]*$/;

/**
 * The declared name after a namespace joined with `__` (`multi_agent_v1__spawn_agent` for `spawn_agent`): the
 * tool's name as the client declared it, verbatim, after any `__`; `undefined` when none, or two.
 */
function flattenedNamespace(name: string, toolNames: readonly string[]): string | undefined {
  const found = new Set<string>();
  for (let at = name.indexOf("__"); at > 0; at = name.indexOf("__", at + 2)) {
    const rest = name.slice(at + 2);
    const namespace = name.slice(0, at);
    // `mcp__` alone names no server: MCP's own `mcp__server__tool` is read above.
    if (FLAT_NAMESPACE.test(namespace) && namespace.toLowerCase() !== "mcp" && toolNames.includes(rest)) found.add(rest);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Claude Code's `mcp__` before `server__tool`, which clients that name MCP tools `server_tool` do not write. */
const MCP_PREFIX = /^mcp__(?=[^_][\w-]*?__[^_])/;

/**
 * The declared name under a namespace joined with `__` (an MCP client's `mcp__server__`, before a name
 * declared as it is or, without `mcp__`, one declared as `server_tool`; a proxy's flattened namespace);
 * `undefined` when none, or when two declared tools fit.
 */
export function underscoredNamespaceName(name: string, toolNames: readonly string[]): string | undefined {
  const trimmed = name.trim();
  const mcp = /^mcp__[\w-]+?__(?=[^_])/.exec(trimmed);
  const bare = mcp !== null && toolNames.includes(trimmed.slice(mcp[0].length)) ? trimmed.slice(mcp[0].length) : undefined;
  const unprefixed = MCP_PREFIX.test(trimmed) ? declaredNameFor(trimmed.replace(MCP_PREFIX, ""), toolNames) : undefined;
  if (bare !== undefined && unprefixed !== undefined && bare !== unprefixed) return undefined;
  const found = bare ?? unprefixed ?? flattenedNamespace(trimmed, toolNames);
  return found === undefined || spellsAnother(trimmed, found, toolNames) ? undefined : found;
}

export const stripNameNamespace: NameFixer = {
  name: "strip-name-namespace",
  purpose: "Remove a namespace prefix (functions., default_api., tools., to=, mcp__server__, or any prefix before a declared name, also joined with __) from a tool name, or the mcp__ of an MCP tool declared as server_tool; read a Kimi call id that lost its punctuation (call_functionsglob7).",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    // `web.search` is `search` under a namespace, but also spells `web_search`: with both declared, no choice is made.
    const unless = (found: string | undefined) => (found === undefined || spellsAnother(name, found, context.toolNames) ? undefined : found);
    const stripped = stripNamespaces(name);
    if (stripped !== name.trim()) {
      const found = unless(declaredNameFor(stripped, context.toolNames));
      if (found !== undefined) return found;
    }
    // A namespace we do not know (gpt-oss's `repo_browser.`, an MCP server's name, a client's `mcp__fs__`): only before a name declared verbatim.
    const prefix = ANY_NAMESPACE.exec(stripped);
    const rest = prefix === null ? undefined : stripped.slice(prefix[0].length);
    const bare = rest !== undefined && context.toolNames.includes(rest) ? rest : undefined;
    // `mcp__fs__read_file` where the client declared `fs_read_file`: the server's and the tool's words, without `mcp__`.
    const unprefixed = MCP_PREFIX.test(stripped) ? declaredNameFor(stripped.replace(MCP_PREFIX, ""), context.toolNames) : undefined;
    // `read_file` and `fs_read_file` both declared: which one the server's prefix meant is a guess.
    if (bare !== undefined && unprefixed !== undefined && bare !== unprefixed) return undefined;
    return unless(bare ?? unprefixed ?? flattenedNamespace(stripped, context.toolNames) ?? gluedCallId(name, context.toolNames));
  },
};
