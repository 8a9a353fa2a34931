/**
 * `node scripts/context-matrix.ts [--per-cell N] [--show FORMAT[/CONTEXT]] [--limit N]`:
 * every call format × context (scripts/cases/context-matrix.ts) through the
 * engine, whole and streamed. Prints the right share per part (a call read
 * where the context says it is not made counts as wrong), the tuned misses
 * per format and per context, and with `--show` the tuned cases that missed
 * (`*` for any format). The held part is only ever counted.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { contextCases, type ContextCase } from "./cases/context-matrix.ts";
import { kindVerdict, printKindTally, printTunedMisses } from "./cases/matrix-report.ts";
import { scoreMatrixCase, type MatrixResult } from "./cases/score-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "6" }, show: { type: "string" }, limit: { type: "string", default: "12" }, seed: { type: "string", default: "1" } } });
const engine = createRepairEngine();
const cases = contextCases(Number(values["per-cell"]), Number(values.seed));
const scored: [ContextCase, MatrixResult][] = cases.map((testCase) => [testCase, scoreMatrixCase(engine, testCase)]);

printKindTally(scored, ["call", "text", "either"]);
printTunedMisses(scored, { axis: "context", show: values.show, limit: Number(values.limit), verdict: kindVerdict });
