// functions.read_file → read_file; default_api.read_file → read_file; to=functions.read_file → read_file
import { declaredNameFor, stripNamespaces } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

export const stripNameNamespace: NameFixer = {
  name: "strip-name-namespace",
  purpose: "Remove a namespace prefix (functions., default_api., tools., to=) from a tool name.",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    const stripped = stripNamespaces(name);
    if (stripped === name.trim()) return undefined;
    return declaredNameFor(stripped, context.toolNames);
  },
};
