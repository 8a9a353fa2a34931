/**
 * `node scripts/invented-formats.ts [--per-cell N] [--show STYLE[/CONTEXT]] [--limit N]`:
 * calls in markup no model is known to write (scripts/cases/invented-formats.ts)
 * through the engine, whole and streamed. Prints the right share per part and
 * kind (a call read where none is made counts as wrong), the tuned misses per
 * token style and per context, and with `--show` the tuned cases that missed
 * (`*` for any style). The held part is only ever counted.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { inventedCases, type InventedCase } from "./cases/invented-formats.ts";
import { printTunedMisses } from "./cases/matrix-report.ts";
import { isRight, scoreMatrixCase, type MatrixResult } from "./cases/score-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "8" }, show: { type: "string" }, limit: { type: "string", default: "12" }, seed: { type: "string", default: "1" } } });
const engine = createRepairEngine();
const cases = inventedCases(Number(values["per-cell"]), Number(values.seed));
/** A call read from a text that makes none is a wrong call, not a guessed value. */
const verdictOf = (testCase: InventedCase, result: MatrixResult): string => (testCase.kind === "text" && result.verdict === "guessed" ? "wrong" : result.verdict);
const scored: [InventedCase, MatrixResult][] = cases.map((testCase) => [testCase, scoreMatrixCase(engine, testCase)]);

for (const part of ["tuned", "held"] as const) {
  for (const kind of ["call", "text"] as const) {
    const mine = scored.filter(([testCase]) => testCase.part === part && testCase.kind === kind);
    if (mine.length === 0) continue;
    const right = mine.filter(([, result]) => isRight(result)).length;
    const by: Record<string, number> = {};
    for (const [testCase, result] of mine) by[verdictOf(testCase, result)] = (by[verdictOf(testCase, result)] ?? 0) + 1;
    console.log(`${part} ${kind}: ${right}/${mine.length} right (${((100 * right) / mine.length).toFixed(1)}%)  ${JSON.stringify(by)}`);
  }
}

printTunedMisses(scored, { axis: "context", show: values.show, limit: Number(values.limit), verdict: (testCase, result) => `${verdictOf(testCase, result)} [${testCase.vocabulary}]` });
