/**
 * The `model` label: the model a client asked for, which is client input.
 * The first models seen get their own label; past the bound every other
 * model is counted as "other", so no client can grow the number of series.
 */

/** Models that get a label of their own; a sidecar usually sees a handful. */
export const maxModelLabels = 32;
const maxModelNameLength = 100;

/** Maps a request's `model` to a label value from a bounded set. */
export interface ModelLabels {
  labelOf(model: unknown): string;
}

export function createModelLabels(limit = maxModelLabels): ModelLabels {
  const seen = new Set<string>();
  return {
    labelOf(model: unknown): string {
      if (typeof model !== "string" || model === "") return "unknown";
      const name = model.length > maxModelNameLength ? model.slice(0, maxModelNameLength) : model;
      if (seen.has(name)) return name;
      if (seen.size >= limit) return "other";
      seen.add(name);
      return name;
    },
  };
}
