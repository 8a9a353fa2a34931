// readFile → read_file, READ-FILE → read_file, github/create_issue → github_create_issue: the one declared name equal once case and separators (`_ - . : /`, spaces) are ignored
import { declaredNameFor } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

export const matchNameLoosely: NameFixer = {
  name: "match-name-loosely",
  purpose: "Match a tool name that differs from one declared name only in case or separators.",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    const match = declaredNameFor(name.trim(), context.toolNames);
    return match === name ? undefined : match;
  },
};
