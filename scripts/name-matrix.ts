/**
 * `node scripts/name-matrix.ts [--per-cell N] [--seed N] [--show OPERATOR] [--limit N]`: keys and tool
 * names as real models misname them (scripts/cases/name-matrix.ts) through the engine. Prints the right
 * share per part and kind (a value moved under a declared name it does not name, or a tool guessed, is
 * wrong), the tuned misses per operator, and with `--show` the tuned cases of one operator that missed
 * (`*` for any). The held part is only ever counted.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { nameCases } from "./cases/name-matrix.ts";
import { isRightName, scoreNameCase } from "./cases/score-name-matrix.ts";

const { values } = parseArgs({ options: { "per-cell": { type: "string", default: "3" }, seed: { type: "string", default: "1" }, show: { type: "string" }, limit: { type: "string", default: "12" } } });
const engine = createRepairEngine();
const cases = nameCases(Number(values["per-cell"]), Number(values.seed));
const scored = cases.map((testCase) => [testCase, scoreNameCase(engine, testCase)] as const);

for (const part of ["tuned", "held"] as const) {
  for (const kind of ["key", "tool"] as const) {
    for (const label of ["fits", "null"] as const) {
      const mine = scored.filter(([testCase]) => testCase.part === part && testCase.kind === kind && (testCase.expected === null) === (label === "null"));
      if (mine.length === 0) continue;
      const right = mine.filter(([, result]) => isRightName(result)).length;
      const by: Record<string, number> = {};
      for (const [, result] of mine) by[result.verdict] = (by[result.verdict] ?? 0) + 1;
      console.log(`${part} ${kind} ${label}: ${right}/${mine.length} right (${((100 * right) / mine.length).toFixed(1)}%)  ${JSON.stringify(by)}`);
    }
  }
}

const misses = scored.filter(([testCase, result]) => testCase.part === "tuned" && !isRightName(result));
const byOperator = new Map<string, number>();
for (const [testCase, result] of misses) byOperator.set(`${testCase.operator} ${result.verdict}`, (byOperator.get(`${testCase.operator} ${result.verdict}`) ?? 0) + 1);
console.log("tuned misses by operator:", [...byOperator].sort((left, right) => right[1] - left[1]).map(([name, n]) => `${name} ${n}`).join(", ") || "none");
if (values.show !== undefined) {
  const shown = misses.filter(([testCase]) => values.show === "*" || testCase.operator === values.show);
  for (const [testCase, result] of shown.slice(0, Number(values.limit))) {
    console.log(`\n== ${testCase.id} ${result.verdict}`);
    console.log("tools:   ", testCase.tools.map((entry) => entry.name).join(", "), JSON.stringify(testCase.tools[0]!.parameters).slice(0, 300));
    console.log("written: ", JSON.stringify(testCase.name), testCase.arguments.slice(0, 300));
    console.log("expected:", JSON.stringify(testCase.expected)?.slice(0, 300));
    console.log("got:     ", JSON.stringify(result.got)?.slice(0, 300));
  }
}
