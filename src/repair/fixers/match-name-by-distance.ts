// readFle → read_file, raed_file → read_file: the one declared name within two edits (a guess, so lossy)
import { editDistance, foldIdentifier, uniqueMatch } from "../similarity.ts";
import type { NameFixer } from "../types.ts";

/** Two edits on a four-letter name is half the name: allow fewer edits on short names. */
function allowedEdits(length: number): number {
  if (length < 4) return 0;
  return length < 7 ? 1 : 2;
}

export const matchNameByDistance: NameFixer = {
  name: "match-name-by-distance",
  purpose: "Match a misspelt tool name to the one declared name within two edits.",
  class: "lossy",
  stage: "name",
  fix(name, context) {
    const folded = foldIdentifier(name);
    if (folded.length === 0) return undefined;
    return uniqueMatch(context.toolNames, (candidate) => {
      const other = foldIdentifier(candidate);
      const allowed = allowedEdits(Math.min(folded.length, other.length));
      return allowed > 0 && editDistance(folded, other, allowed) <= allowed;
    });
  },
};
