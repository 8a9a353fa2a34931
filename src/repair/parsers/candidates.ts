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
 * Among the candidates that lose nothing (all of them, when each loses
 * something): the text fixers' result when it is one of them (jsonrepair
 * stays first where it is right); else the one distinct value the parse
 * families agree on, from a lossless family when one gave it; else none: two
 * readings that differ are a guess, and a wrong repair is worse than none.
 */
export function pickCandidate(candidates: readonly ArgumentsCandidate[]): ArgumentsCandidate | undefined {
  const keeping = candidates.filter((candidate) => candidate.lost.length === 0);
  const pool = keeping.length > 0 ? keeping : candidates;
  const fromText = pool.find((candidate) => candidate.parser === "text-fixers");
  if (fromText !== undefined) return fromText;
  const first = pool[0];
  if (first === undefined) return undefined;
  const serialized = JSON.stringify(first.value);
  if (!pool.every((candidate) => JSON.stringify(candidate.value) === serialized)) return undefined;
  return pool.find((candidate) => !candidate.lossy) ?? first;
}
