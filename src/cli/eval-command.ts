/**
 * `toolmend eval FILE [--verbose]`: the repair engine with its default
 * fixers on a corpus file, per class, beside a baseline of JSON.parse, then
 * jsonrepair, then ajv. For measuring toolmend on your own captured calls.
 */
import { parseArgs } from "node:util";
import { createBaseline, CorpusError, floorFigures, isRightOutcome, loadCases, scoreEngineCase, summarise, type CaseResult } from "../eval/corpus.ts";
import { markdownTable } from "../eval/markdown-table.ts";
import { createRepairEngine } from "../repair/engine.ts";
import { UsageError } from "./usage-error.ts";

export const evalUsage = `Usage:
  toolmend eval FILE [--verbose]

Scores the repair engine (default fixers) on FILE, one JSON case a line:
  {"id": "…", "class": "…", "tool": {"name", "description", "parameters"},
   "tool_name_emitted": "name as emitted" | null (a call written in the text),
   "raw_arguments": "arguments as emitted" | {…} | "the message text",
   "expected": {the arguments a right repair gives} | null (must be refused)}
Class "valid" must come out untouched and "unrecoverable" refused; every other
class must come out as "expected". A "wrong" outcome (a call that is not the
expected one) is worse than a refusal. The baseline is JSON.parse, then
jsonrepair, then ajv, with exact tool names.

  --verbose   list every case that did not get the right outcome

Exit codes: 0 scored; 2 usage error (no file, unreadable, or a line that is not a case).`;

const percent = (part: number, whole: number): string => (whole === 0 ? "-" : `${Math.round((100 * part) / whole)}%`);

/** Runs the command, printing with `print`; returns the exit code. */
export function evalCommand(args: readonly string[], print: (line: string) => void = console.log): number {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { verbose: { type: "boolean", short: "v", default: false } },
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError("give exactly one corpus file");
  const path = positionals[0]!;
  let cases;
  try {
    cases = loadCases(path);
  } catch (error) {
    if (error instanceof CorpusError) throw new UsageError(error.message, { cause: error });
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (cases.length === 0) throw new UsageError(`${path} has no case`);

  const engine = createRepairEngine();
  const baseline = createBaseline();
  const engineResults = cases.map((testCase) => scoreEngineCase(engine, testCase));
  const baselineResults = cases.map(baseline);
  const baselineRows = new Map(summarise(baselineResults).map((row) => [row.class, row]));
  const rows = summarise(engineResults)
    .sort((left, right) => left.class.localeCompare(right.class))
    .map((row) => {
      const base = baselineRows.get(row.class)!;
      return [row.class, String(row.cases), `${row.ok} (${percent(row.ok, row.cases)})`, String(row.counts.wrong), `${base.ok} (${percent(base.ok, base.cases)})`, String(base.counts.wrong)];
    });
  const right = (results: readonly CaseResult[]) => results.filter(isRightOutcome).length;
  const engineFloor = floorFigures(engineResults);
  const baseFloor = floorFigures(baselineResults);
  rows.push(["total", String(cases.length), `${right(engineResults)} (${percent(right(engineResults), cases.length)})`, String(engineFloor.wrong), `${right(baselineResults)} (${percent(right(baselineResults), cases.length)})`, String(baseFloor.wrong)]);

  print(`corpus: ${path}`);
  print(markdownTable(["class", "cases", "right", "wrong", "baseline right", "baseline wrong"], rows));
  print(
    `\nrepairable cases repaired to expected: ${engineFloor.repaired}/${engineFloor.repairable} (${percent(engineFloor.repaired, engineFloor.repairable)}), ` +
      `baseline ${baseFloor.repaired}/${baseFloor.repairable} (${percent(baseFloor.repaired, baseFloor.repairable)}); wrong: ${engineFloor.wrong}, baseline ${baseFloor.wrong}`,
  );
  if (values.verbose) {
    for (const result of engineResults) if (!isRightOutcome(result)) print(`${result.verdict.padEnd(9)} ${result.class.padEnd(22)} ${result.id}: ${detail(result)}`);
  }
  return 0;
}

function detail(result: CaseResult): string {
  const outcome = result.outcome;
  if (outcome === undefined) return "no call found in the text";
  if (outcome.kind === "failed") return `${outcome.error.kind}: ${outcome.error.message.split("\n").join(" ")}`.slice(0, 300);
  if (outcome.kind === "repaired") return `${outcome.name} ${outcome.arguments} via ${outcome.fixers.join(", ")}`.slice(0, 300);
  return outcome.kind;
}
