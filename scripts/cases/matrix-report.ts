/**
 * What the matrix scripts print after the per-part figures: the tuned
 * misses counted by format and by the second axis (shape or context), and
 * with `--show FORMAT[/KEY]` the tuned cases that missed. Held cases never
 * reach it.
 */
import type { MatrixCase } from "./format-matrix.ts";
import { isRight, type MatrixResult } from "./score-matrix.ts";

export interface MissReport<C extends MatrixCase> {
  /** What the second axis is called (`shape`, `context`); its key is the case's `shape`. */
  readonly axis: string;
  readonly show: string | undefined;
  readonly limit: number;
  readonly verdict: (testCase: C, result: MatrixResult) => string;
}

/** A case whose right outcome is a call, the text as it is, or either. */
interface KindedCase extends MatrixCase {
  readonly kind: string;
}

/** A call read from a text that makes none is a wrong call, not a guessed value. */
export function kindVerdict(testCase: KindedCase, result: MatrixResult): string {
  return testCase.kind === "text" && result.verdict === "guessed" ? "wrong" : result.verdict;
}

/** Prints, for each part and kind, the right share and the verdicts (held cases only counted). */
export function printKindTally(scored: readonly (readonly [KindedCase, MatrixResult])[], kinds: readonly string[]): void {
  for (const part of ["tuned", "held"] as const) {
    for (const kind of kinds) {
      const mine = scored.filter(([testCase]) => testCase.part === part && testCase.kind === kind);
      if (mine.length === 0) continue;
      const right = mine.filter(([, result]) => isRight(result)).length;
      const by: Record<string, number> = {};
      for (const [testCase, result] of mine) by[kindVerdict(testCase, result)] = (by[kindVerdict(testCase, result)] ?? 0) + 1;
      console.log(`${part} ${kind}: ${right}/${mine.length} right (${((100 * right) / mine.length).toFixed(1)}%)  ${JSON.stringify(by)}`);
    }
  }
}

export function printTunedMisses<C extends MatrixCase>(scored: readonly (readonly [C, MatrixResult])[], report: MissReport<C>): void {
  const misses = scored.filter(([testCase, result]) => testCase.part === "tuned" && !isRight(result));
  const count = (key: (testCase: C) => string): string => {
    const counts = new Map<string, number>();
    for (const [testCase] of misses) counts.set(key(testCase), (counts.get(key(testCase)) ?? 0) + 1);
    return [...counts].sort((left, right) => right[1] - left[1]).map(([name, n]) => `${name} ${n}`).join(", ");
  };
  console.log("tuned misses by format:", count((testCase) => testCase.format));
  console.log(`tuned misses by ${report.axis}:`, count((testCase) => testCase.shape));
  if (report.show === undefined) return;
  const [format, key] = report.show.split("/");
  const shown = misses.filter(([testCase]) => (format === "*" || testCase.format === format) && (key === undefined || testCase.shape === key));
  for (const [testCase, result] of shown.slice(0, report.limit)) {
    console.log(`\n== ${testCase.id} ${report.verdict(testCase, result)}`);
    console.log(JSON.stringify(testCase.text).slice(0, 1500));
    console.log("expected:", JSON.stringify(testCase.expected)?.slice(0, 600));
    console.log("got:     ", JSON.stringify(result.got).slice(0, 600));
  }
}
