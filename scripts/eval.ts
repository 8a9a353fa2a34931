/**
 * `npm run eval [-- --verbose] [--engine-only] [--source NAME…]`: the repair engine and
 * toolmend's real server on every case source, per class and per source.
 * Sources: the dev corpus (../shared/corpus, else test/fixtures/corpus), and
 * the tune and held-out parts of test/fixtures/cases (external and generated).
 * Server figures: chat and Responses, streamed and not (scripts/eval-server.ts).
 * `--verbose` lists misses for the dev and tune sources only: the held-out
 * part is reported in aggregate, never case by case. `--source` keeps the
 * sources whose name starts with it (`--source dev --source tune`).
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { createRepairEngine } from "../src/repair/engine.ts";
import { createBaseline, isRightOutcome, loadCases, scoreEngineCase } from "./corpus.ts";
import type { CaseResult, CorpusCase } from "./corpus.ts";
import { startServerRun } from "./eval-server.ts";
import { markdownTable } from "../src/eval/markdown-table.ts";

const { values } = parseArgs({
  options: {
    verbose: { type: "boolean", short: "v", default: false },
    "engine-only": { type: "boolean", default: false },
    source: { type: "string", multiple: true },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (values.help) {
  console.log(`npm run eval [-- --verbose] [--engine-only] [--source NAME...]

  --verbose, -v   list the misses of the dev and tune sources (held-out ones are reported in aggregate only)
  --engine-only   skip the server runs (chat and Responses, streamed and not)
  --source NAME   keep the sources whose name starts with NAME (dev, tune, holdout...); repeatable`);
  process.exit(0);
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const sharedDev = here("../../shared/corpus/dev-cases.jsonl");
const allSources: ReadonlyArray<{ name: string; path: string; heldOut: boolean }> = [
  { name: "dev corpus", path: existsSync(sharedDev) ? sharedDev : here("../test/fixtures/corpus/dev-cases.jsonl"), heldOut: false },
  { name: "tune-external", path: here("../test/fixtures/cases/tune/external.jsonl"), heldOut: false },
  { name: "tune-generated", path: here("../test/fixtures/cases/tune/generated.jsonl"), heldOut: false },
  { name: "holdout-external", path: here("../test/fixtures/cases/holdout/external.jsonl"), heldOut: true },
  { name: "holdout-generated", path: here("../test/fixtures/cases/holdout/generated.jsonl"), heldOut: true },
];
const wanted = values.source ?? [];
const sources = allSources.filter((source) => wanted.length === 0 || wanted.some((prefix) => source.name.startsWith(prefix)));

const percent = (part: number, whole: number): string => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);

/** The summary figures of one run over one source. */
function summary(results: readonly CaseResult[]): string[] {
  const recoverable = results.filter((result) => result.class !== "valid" && result.class !== "unrecoverable");
  const unrecoverable = results.filter((result) => result.class === "unrecoverable");
  const valid = results.filter((result) => result.class === "valid");
  const count = (list: readonly CaseResult[]) => list.filter(isRightOutcome).length;
  return [
    `${percent(count(recoverable), recoverable.length)} (${count(recoverable)}/${recoverable.length})`,
    String(results.filter((result) => result.verdict === "wrong").length),
    `${percent(count(unrecoverable), unrecoverable.length)} (${count(unrecoverable)}/${unrecoverable.length})`,
    `${percent(count(valid), valid.length)} (${count(valid)}/${valid.length})`,
  ];
}

function missLine(label: string, result: CaseResult): string {
  const outcome = result.outcome;
  const detail =
    outcome === undefined
      ? ""
      : outcome.kind === "failed"
        ? ` ${outcome.error.kind}: ${outcome.error.message.split("\n").join(" ")}`
        : outcome.kind === "repaired"
          ? ` ${outcome.name} ${outcome.arguments} via ${outcome.fixers.join(", ")}`
          : ` ${outcome.kind}`;
  return `  ${label.padEnd(16)} ${result.verdict.padEnd(9)} ${result.class.padEnd(22)} ${result.id}:${detail.slice(0, 240)}`;
}

// A held-out case whose raw text is also a tuned case's (the same output under another schema, or two
// sources quoting one string) is not unseen: the summary also scores the held-out part without them.
const normalised = (raw: unknown) => (typeof raw === "string" ? raw : JSON.stringify(raw)).replace(/\s+/g, " ").trim();
// A case's text is its answer text and, when it has one, its reasoning.
const caseText = (testCase: CorpusCase) => normalised(testCase.raw_arguments) + (testCase.reasoning === undefined ? "" : `\u0000${normalised(testCase.reasoning)}`);
const tunedText = new Set(
  allSources.filter((source) => !source.heldOut).flatMap((source) => loadCases(source.path).map(caseText)),
);

const engine = createRepairEngine();
const baseline = createBaseline();
const server = values["engine-only"] ? undefined : await startServerRun();
const started = performance.now();
const summaries: string[][] = [];

for (const source of sources) {
  const cases: CorpusCase[] = loadCases(source.path);
  const runs = new Map<string, CaseResult[]>([["engine", cases.map((testCase) => scoreEngineCase(engine, testCase))]]);
  runs.set("baseline", cases.map(baseline));
  if (server !== undefined) for (const [label, results] of await server.run(cases)) runs.set(label, results);
  const labels = [...runs.keys()];

  const classes = [...new Set(cases.map((testCase) => testCase.class))].sort();
  const rows = classes.map((name) => {
    const total = cases.filter((testCase) => testCase.class === name).length;
    return [name, String(total), ...labels.map((label) => String(runs.get(label)!.filter((result) => result.class === name && isRightOutcome(result)).length))];
  });
  const wrongRow = ["wrong (any class)", "", ...labels.map((label) => String(runs.get(label)!.filter((result) => result.verdict === "wrong").length))];
  console.log(`\n## ${source.name} (${cases.length} cases${source.heldOut ? ", held out" : ""})\n`);
  console.log(markdownTable(["class", "cases", ...labels.map((label) => `${label} ok`)], [...rows, wrongRow]));
  for (const label of labels) summaries.push([source.name, label, ...summary(runs.get(label)!)]);
  // Real captured outputs, examples written in threads and library tests: how each kind of outside case fares.
  const provenances = cases.every((testCase) => testCase.provenance !== undefined && testCase.provenance !== "synthetic")
    ? [...new Set(cases.map((testCase) => testCase.provenance!))].sort()
    : [];
  for (const provenance of provenances) {
    const ids = new Set(cases.filter((testCase) => testCase.provenance === provenance).map((testCase) => testCase.id));
    for (const label of labels) summaries.push([`${source.name}, ${provenance}`, label, ...summary(runs.get(label)!.filter((result) => ids.has(result.id)))]);
  }
  if (source.heldOut) {
    const unseen = new Set(cases.filter((testCase) => !tunedText.has(caseText(testCase))).map((testCase) => testCase.id));
    if (unseen.size < cases.length) {
      for (const label of labels) summaries.push([`${source.name}, unseen text`, label, ...summary(runs.get(label)!.filter((result) => unseen.has(result.id)))]);
    }
  }

  if (values.verbose && !source.heldOut) {
    for (const label of labels.filter((name) => name !== "baseline")) {
      const misses = runs.get(label)!.filter((result) => !isRightOutcome(result));
      if (misses.length > 0) console.log(`\nmisses (${label}):\n${misses.map((result) => missLine(label, result)).join("\n")}`);
    }
  }
}
await server?.close();

console.log("\n## Summary\n");
console.log(markdownTable(["source", "run", "recoverable exact", "wrong", "unrecoverable escalated", "valid untouched"], summaries));
console.log(
  "\nok = the class's right outcome: expected arguments and tool name; valid → untouched; unrecoverable → refused/escalated." +
    "\nBaseline: JSON.parse, else jsonrepair, then ajv; exact names only. Server runs: toolmend with default config, scripted upstream." +
    "\nUnseen text: the held-out cases whose raw text (whitespace aside) is in no dev or tune case." +
    "\nissue-captured: model output quoted in a thread; issue-example: a string written in a thread to show the failure; library-test: a JSON repair or parser library's test." +
    `\n${((performance.now() - started) / 1000).toFixed(1)} s`,
);
