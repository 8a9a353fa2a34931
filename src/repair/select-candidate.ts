/**
 * Choosing between repairs that all validate. Two readings of one broken
 * call that validate with different values mean the text does not say which
 * the model meant: picking one would be a guess dressed as a repair.
 *
 *   one distinct value                      → it (a lossless candidate of it, if any)
 *   several, exactly one lossless value     → that one: it keeps everything the model wrote
 *   several lossless values, or none        → nothing: the call is not repaired
 */
import { deepEqualJson } from "./schema-shape.ts";

/** What the selection needs of a candidate: its value and whether it lost content. */
export interface RepairCandidate {
  readonly value: unknown;
  readonly lossy: boolean;
}

/** The distinct values among `candidates`, each with its first lossless candidate or else its first one. */
function distinctValues<T extends RepairCandidate>(candidates: readonly T[]): T[] {
  const chosen: T[] = [];
  for (const candidate of candidates) {
    const index = chosen.findIndex((other) => deepEqualJson(other.value, candidate.value));
    if (index === -1) chosen.push(candidate);
    else if (chosen[index]!.lossy && !candidate.lossy) chosen[index] = candidate;
  }
  return chosen;
}

/** The candidate to deliver, or `undefined` when none or when they disagree (see above). */
export function selectCandidate<T extends RepairCandidate>(candidates: readonly T[]): T | undefined {
  const values = distinctValues(candidates);
  if (values.length <= 1) return values[0];
  const lossless = values.filter((candidate) => !candidate.lossy);
  return lossless.length === 1 ? lossless[0] : undefined;
}
