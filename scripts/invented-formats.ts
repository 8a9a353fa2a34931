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
import { kindVerdict, printKindTally, printTunedMisses } from "./cases/matrix-report.ts";
import { scoreMatrixCase, type MatrixResult } from "./cases/score-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "8" }, show: { type: "string" }, limit: { type: "string", default: "12" }, seed: { type: "string", default: "1" } } });
const engine = createRepairEngine();
const cases = inventedCases(Number(values["per-cell"]), Number(values.seed));
const scored: [InventedCase, MatrixResult][] = cases.map((testCase) => [testCase, scoreMatrixCase(engine, testCase)]);

printKindTally(scored, ["call", "text"]);
printTunedMisses(scored, { axis: "context", show: values.show, limit: Number(values.limit), verdict: (testCase, result) => `${kindVerdict(testCase, result)} [${testCase.vocabulary}]` });
