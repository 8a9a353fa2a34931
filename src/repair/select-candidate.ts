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

/** The distinct values among `candidates`, each with its first candidate that loses nothing, or else its first one. */
function distinctValues<T>(candidates: readonly T[], valueOf: (candidate: T) => unknown, loses: (candidate: T) => boolean): T[] {
  const chosen: T[] = [];
  for (const candidate of candidates) {
    const index = chosen.findIndex((other) => deepEqualJson(valueOf(other), valueOf(candidate)));
    if (index === -1) chosen.push(candidate);
    else if (loses(chosen[index]!) && !loses(candidate)) chosen[index] = candidate;
  }
  return chosen;
}

/**
 * The candidate to deliver, or `undefined` when none or when they disagree
 * (see above). `losesContent` says which candidates lose something (default:
 * `lossy`; a caller with the lossless check's `lost` list passes that).
 */
export function selectCandidate<T extends RepairCandidate>(
  candidates: readonly T[],
  losesContent: (candidate: T) => boolean = (candidate) => candidate.lossy,
): T | undefined {
  const values = distinctValues(candidates, (candidate) => candidate.value, losesContent);
  if (values.length <= 1) return values[0];
  const keeping = values.filter((candidate) => !losesContent(candidate));
  return keeping.length === 1 ? keeping[0] : undefined;
}
