/**
 * A list reopened in new brackets (`"tags": ["a", "b"], ["a", "c"]`) whose
 * new first item is the list's own first item: the model began the list
 * again rather than went on with it. The first list, the second, or both
 * joined: which the model meant is a guess, so parse-continued takes none.
 */
import { deepEqualJson } from "../schema-shape.ts";

/** Whether an item read right after a reopening `[` (at each index of `reopenedAt`) repeats the list's first item. */
export function restartsList(items: readonly unknown[], reopenedAt: readonly number[]): boolean {
  return reopenedAt.some((at) => at > 0 && at < items.length && deepEqualJson(items[at], items[0]));
}
