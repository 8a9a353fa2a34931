/**
 * `npm run eval [-- FILE]`: the repair engine with its default fixers on the
 * corpus, per class, beside a baseline of jsonrepair + JSON.parse + ajv.
 * Default file: ../shared/corpus/dev-cases.jsonl. `--verbose` lists every
 * case that did not get the right outcome.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { createRepairEngine } from "../src/repair/engine.ts";
import { createBaseline, floorFigures, isRightOutcome, loadCases, scoreEngineCase, summarise } from "./corpus.ts";
import type { CaseResult, ClassRow } from "./corpus.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { verbose: { type: "boolean", short: "v", default: false } },
});
const path = positionals[0] ?? fileURLToPath(new URL("../../shared/corpus/dev-cases.jsonl", import.meta.url));
const cases = loadCases(path);

const engine = createRepairEngine();
const baseline = createBaseline();
const engineResults = cases.map((testCase) => scoreEngineCase(engine, testCase));
const baselineResults = cases.map(baseline);

function percent(part: number, whole: number): string {
  return whole === 0 ? "-" : `${Math.round((100 * part) / whole)}%`;
}

const header = ["class", "cases", "expected", "failed", "wrong", "untouched", "ok", "baseline ok", "baseline wrong"];
const baselineRows = new Map(summarise(baselineResults).map((row) => [row.class, row]));
const lines: string[][] = summarise(engineResults)
  .sort((left, right) => left.class.localeCompare(right.class))
  .map((row: ClassRow) => {
    const base = baselineRows.get(row.class)!;
    return [
      row.class,
      String(row.cases),
      String(row.counts.expected),
      String(row.counts.failed),
      String(row.counts.wrong),
      String(row.counts.untouched),
      `${row.ok} (${percent(row.ok, row.cases)})`,
      `${base.ok} (${percent(base.ok, base.cases)})`,
      String(base.counts.wrong),
    ];
  });
const total = (results: readonly CaseResult[]): number => results.filter(isRightOutcome).length;
const engineFloor = floorFigures(engineResults);
const baseFloor = floorFigures(baselineResults);
lines.push([
  "total",
  String(cases.length),
  String(engineResults.filter((result) => result.verdict === "expected").length),
  String(engineResults.filter((result) => result.verdict === "failed").length),
  String(engineFloor.wrong),
  String(engineResults.filter((result) => result.verdict === "untouched").length),
  `${total(engineResults)} (${percent(total(engineResults), cases.length)})`,
  `${total(baselineResults)} (${percent(total(baselineResults), cases.length)})`,
  String(baseFloor.wrong),
]);

const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
const format = (cells: readonly string[]): string =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
console.log(`corpus: ${path}`);
console.log(format(header));
console.log(`|${widths.map((width, column) => (column === 0 ? ":" : "-").padEnd(width + 1, "-") + (column === 0 ? "-" : ":")).join("|")}|`);
for (const line of lines) console.log(format(line));
console.log(
  `\nrepairable cases (not valid, not unrecoverable) repaired to expected: engine ${engineFloor.repaired}/${engineFloor.repairable} ` +
    `(${percent(engineFloor.repaired, engineFloor.repairable)}), baseline ${baseFloor.repaired}/${baseFloor.repairable} ` +
    `(${percent(baseFloor.repaired, baseFloor.repairable)}); wrong: engine ${engineFloor.wrong}, baseline ${baseFloor.wrong}`,
);
console.log("ok = expected, except: valid → untouched, unrecoverable → failed. Baseline: JSON.parse, else jsonrepair, then ajv; exact names only.");

if (values.verbose) {
  for (const result of engineResults) {
    if (isRightOutcome(result)) continue;
    const outcome = result.outcome;
    const detail =
      outcome === undefined
        ? "no call extracted from content"
        : outcome.kind === "failed"
          ? `${outcome.error.kind}: ${outcome.error.message.split("\n").join(" ")}`
          : outcome.kind === "repaired"
            ? `${outcome.name} ${outcome.arguments} via ${outcome.fixers.join(", ")}`
            : outcome.kind;
    console.log(`${result.verdict.padEnd(9)} ${result.class.padEnd(22)} ${result.id}: ${detail.slice(0, 300)}`);
  }
}
