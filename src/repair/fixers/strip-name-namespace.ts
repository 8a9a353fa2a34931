// functions.read_file → read_file; default_api.read_file → read_file; to=functions.read_file → read_file; repo_browser.read_file → read_file; mcp__fs__read_file → read_file
import { declaredNameFor, spellsAnother, stripNamespaces } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/** An identifier path in front of a name: `repo_browser.`, `github/`, `mcp::fs::`; or an MCP client's `mcp__server__`. */
const ANY_NAMESPACE = /^(?:[A-Za-z_][\w-]*(?:\.|::|:|\/))+|^mcp__[\w-]+?__(?=[^_])/;

export const stripNameNamespace: NameFixer = {
  name: "strip-name-namespace",
  purpose: "Remove a namespace prefix (functions., default_api., tools., to=, mcp__server__, or any prefix before a declared name) from a tool name.",
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
    if (prefix === null) return undefined;
    const rest = stripped.slice(prefix[0].length);
    return context.toolNames.includes(rest) ? unless(rest) : undefined;
  },
};
