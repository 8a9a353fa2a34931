import { selectCandidate } from "../select-candidate.ts";

/**
 * One validating reading of a call's arguments, whoever produced it, and the
 * rule that picks among several. Kept apart so the rule can change alone.
 */

export interface ArgumentsCandidate {
  /** Arguments that the schema accepts. */
  readonly value: unknown;
  /** `text-fixers` for the JSON.parse-after-text-fixers path, else the first parse family used. */
  readonly parser: string;
  /** Every parse family the reading needed (empty for `text-fixers`). */
  readonly parsers: readonly string[];
  /** Every fixer and family to report, in order. */
  readonly fixers: readonly string[];
  /** A lossy family or fixer made it, or it lost content. */
  readonly lossy: boolean;
  /** Strings the model wrote that the value no longer holds (the lossless check). */
  readonly lost: readonly string[];
}

/**
 * The text fixers' result when it loses nothing (jsonrepair stays first where
 * it is right); else `selectCandidate`'s rule, judging loss by the lossless
 * check: the one distinct value (from a lossless family when one gave it),
 * else the one value that loses nothing, else none. Two readings that differ
 * and keep what the model wrote, or that differ and both lose something, are
 * a guess, and a wrong repair is worse than none.
 */
export function pickCandidate(candidates: readonly ArgumentsCandidate[]): ArgumentsCandidate | undefined {
  const loses = (candidate: ArgumentsCandidate): boolean => candidate.lost.length > 0;
  const fromText = candidates.find((candidate) => candidate.parser === "text-fixers");
  if (fromText !== undefined && !loses(fromText)) return fromText;
  const familiesFirst = [...candidates].sort((one, other) => Number(one.lossy) - Number(other.lossy));
  return selectCandidate(familiesFirst, loses);
}
