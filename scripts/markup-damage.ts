/**
 * `node scripts/markup-damage.ts [--per-cell N] [--show FORMAT[/OPERATOR]] [--limit N]`:
 * calls in every markup format broken by every damage operator
 * (scripts/cases/markup-damage.ts) through the engine, whole and streamed.
 * Prints the right share per part (the calls where the damage leaves one
 * reading, a refusal where it leaves two), the tuned misses per format and
 * per operator, and with `--show` the tuned cases that missed (`*` for any
 * format). The held part is only ever counted.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { damageCases, type DamageCase } from "./cases/markup-damage.ts";
import { printTunedMisses } from "./cases/matrix-report.ts";
import { isRight, scoreMatrixCase, type MatrixResult } from "./cases/score-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "6" }, show: { type: "string" }, limit: { type: "string", default: "12" }, seed: { type: "string", default: "1" } } });
const engine = createRepairEngine();
const cases = damageCases(Number(values["per-cell"]), Number(values.seed));
const scored: [DamageCase, MatrixResult][] = cases.map((testCase) => [testCase, scoreMatrixCase(engine, testCase)]);

for (const part of ["tuned", "held"] as const) {
  for (const outcome of ["calls", "refuse"] as const) {
    const mine = scored.filter(([testCase]) => testCase.part === part && (testCase.expected === null) === (outcome === "refuse"));
    if (mine.length === 0) continue;
    const right = mine.filter(([, result]) => isRight(result)).length;
    const by: Record<string, number> = {};
    for (const [, result] of mine) by[result.verdict] = (by[result.verdict] ?? 0) + 1;
    console.log(`${part} ${outcome}: ${right}/${mine.length} right (${((100 * right) / mine.length).toFixed(1)}%)  ${JSON.stringify(by)}`);
  }
}

printTunedMisses(scored, { axis: "operator", show: values.show, limit: Number(values.limit), verdict: (_testCase, result) => result.verdict });
