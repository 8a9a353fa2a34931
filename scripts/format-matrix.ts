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

const tunedMisses = scored.filter(([testCase, result]) => testCase.part === "tuned" && !isRight(result));
const count = (key: (testCase: MatrixCase) => string) => {
  const counts = new Map<string, number>();
  for (const [testCase] of tunedMisses) counts.set(key(testCase), (counts.get(key(testCase)) ?? 0) + 1);
  return [...counts].sort((left, right) => right[1] - left[1]);
};
console.log("tuned misses by format:", count((testCase) => testCase.format).map(([key, n]) => `${key} ${n}`).join(", "));
console.log("tuned misses by shape:", count((testCase) => testCase.shape).map(([key, n]) => `${key} ${n}`).join(", "));

if (values.show !== undefined) {
  const [format, shape] = values.show.split("/");
  const shown = tunedMisses.filter(([testCase]) => (format === "*" || testCase.format === format) && (shape === undefined || testCase.shape === shape));
  for (const [testCase, result] of shown.slice(0, Number(values.limit))) {
    console.log(`\n== ${testCase.id} ${result.verdict}`);
    console.log(JSON.stringify(testCase.text).slice(0, 1500));
    console.log("expected:", JSON.stringify(testCase.expected)?.slice(0, 600));
    console.log("got:     ", JSON.stringify(result.got).slice(0, 600));
  }
}
