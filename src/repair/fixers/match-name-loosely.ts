// readFile → read_file, READ-FILE → read_file, github/create_issue → github_create_issue, read\_file → read_file: the one declared name equal once case and separators (`_ - . : /`, spaces, Markdown's `\_`) are ignored
import { declaredNameFor } from "../name-resolution.ts";
import { withoutMarkdownEscapes } from "../similarity.ts";
import type { NameFixer } from "../types.ts";

export const matchNameLoosely: NameFixer = {
  name: "match-name-loosely",
  purpose: "Match a tool name that differs from one declared name only in case or separators (also Markdown's escaped underscore, `read\\_file`).",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    // Markdown's `\_` in the name field: a model that writes Markdown escaped the underscores of the name.
    const match = declaredNameFor(withoutMarkdownEscapes(name.trim()), context.toolNames);
    return match === name ? undefined : match;
  },
};
