/**
 * `node scripts/format-matrix.ts [--per-cell N] [--show FORMAT[/SHAPE]] [--limit N]`:
 * every call format × value shape (scripts/cases/format-matrix.ts) through
 * the engine. Prints the right share per part, the tuned misses per format
 * and per shape, and with `--show` the tuned cases that missed. The held
 * part is only ever counted.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { matrixCases, type MatrixCase } from "./cases/format-matrix.ts";
import { printTunedMisses } from "./cases/matrix-report.ts";
import { isRight, scoreMatrixCase, type MatrixResult } from "./cases/score-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "6" }, show: { type: "string" }, limit: { type: "string", default: "12" }, seed: { type: "string", default: "1" } } });
const engine = createRepairEngine();
const cases = matrixCases(Number(values["per-cell"]), Number(values.seed));
const scored: [MatrixCase, MatrixResult][] = cases.map((testCase) => [testCase, scoreMatrixCase(engine, testCase)]);

for (const part of ["tuned", "held"] as const) {
  const mine = scored.filter(([testCase]) => testCase.part === part);
  const right = mine.filter(([, result]) => isRight(result)).length;
  const by: Record<string, number> = {};
  for (const [, result] of mine) by[result.verdict] = (by[result.verdict] ?? 0) + 1;
  console.log(`${part}: ${right}/${mine.length} right (${((100 * right) / mine.length).toFixed(1)}%)  ${JSON.stringify(by)}`);
}

printTunedMisses(scored, { axis: "shape", show: values.show, limit: Number(values.limit), verdict: (_testCase, result) => result.verdict });
