/**
 * `node scripts/metamorphic.ts [-v] [--transform NAME…] [--json FILE]`: for every dev-corpus and tune
 * case the engine gets right, builds variants whose right outcome follows from the original's
 * (scripts/metamorphic-variants.ts) and scores each the way `npm run eval` scores the engine.
 * Reports the variants whose outcome is not the right one, by transformation and class.
 * The held-out part is never read.
 */
import { existsSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { createRepairEngine } from "../src/repair/engine.ts";
import { isRightOutcome, loadCases, scoreEngineCase } from "./corpus.ts";
import type { CaseResult, CorpusCase } from "./corpus.ts";
import { markdownTable } from "../src/eval/markdown-table.ts";
import { transformNames, variantsOf } from "./metamorphic-variants.ts";
import type { TransformName } from "./metamorphic-variants.ts";

const { values } = parseArgs({
  options: {
    verbose: { type: "boolean", short: "v", default: false },
    transform: { type: "string", multiple: true },
    json: { type: "string" },
  },
});

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const sharedDev = here("../../shared/corpus/dev-cases.jsonl");
const paths = [
  existsSync(sharedDev) ? sharedDev : here("../test/fixtures/corpus/dev-cases.jsonl"),
  here("../test/fixtures/cases/tune/external.jsonl"),
  here("../test/fixtures/cases/tune/generated.jsonl"),
];
const only = (values.transform ?? [...transformNames]) as TransformName[];
for (const name of only) if (!transformNames.includes(name)) throw new Error(`unknown transformation ${name} (${transformNames.join(", ")})`);

const engine = createRepairEngine();
const cases: CorpusCase[] = paths.flatMap((path) => loadCases(path));

interface Break {
  readonly transform: TransformName;
  readonly class: string;
  readonly id: string;
  readonly detail: string;
  readonly verdict: string;
  readonly outcome: string;
  readonly raw: unknown;
}

const tried = new Map<string, number>();
const breaks: Break[] = [];
let right = 0;
const started = performance.now();
for (const [index, testCase] of cases.entries()) {
  if (index % 500 === 0) console.error(`${index} cases, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (!isRightOutcome(scoreEngineCase(engine, testCase))) continue;
  right++;
  for (const variant of variantsOf(testCase, only)) {
    const key = `${variant.transform}\u0000${testCase.class}`;
    tried.set(key, (tried.get(key) ?? 0) + 1);
    const before = performance.now();
    const result: CaseResult = scoreEngineCase(engine, variant.testCase);
    const took = performance.now() - before;
    if (took > 500) console.error(`slow (${took.toFixed(0)} ms): ${variant.transform} ${testCase.id} [${variant.detail}]`);
    if (isRightOutcome(result)) continue;
    const outcome = result.outcome;
    breaks.push({
      transform: variant.transform,
      class: testCase.class,
      id: testCase.id,
      detail: variant.detail,
      verdict: result.verdict,
      outcome:
        outcome === undefined
          ? "no call read"
          : outcome.kind === "failed"
            ? `failed ${outcome.error.kind}: ${outcome.error.message.split("\n").join(" ").slice(0, 200)}`
            : outcome.kind === "repaired"
              ? `repaired ${outcome.name} ${outcome.arguments.slice(0, 200)}`
              : outcome.kind,
      raw: variant.testCase.raw_arguments,
    });
  }
}

const rows: string[][] = [];
for (const transform of only) {
  const classes = [...new Set([...tried.keys()].filter((key) => key.startsWith(`${transform}\u0000`)).map((key) => key.split("\u0000")[1]!))].sort();
  for (const name of classes) {
    const broken = breaks.filter((entry) => entry.transform === transform && entry.class === name);
    rows.push([transform, name, String(tried.get(`${transform}\u0000${name}`)), String(broken.length), String(broken.filter((entry) => entry.verdict === "wrong").length)]);
  }
  const all = breaks.filter((entry) => entry.transform === transform);
  const total = [...tried].filter(([key]) => key.startsWith(`${transform}\u0000`)).reduce((sum, [, count]) => sum + count, 0);
  rows.push([`**${transform}**`, "all", String(total), String(all.length), String(all.filter((entry) => entry.verdict === "wrong").length)]);
}
console.log(`${right} of ${cases.length} dev and tune cases right; their variants:\n`);
console.log(markdownTable(["transformation", "class", "variants", "breaks", "of which wrong"], rows));
if (values.verbose) {
  for (const entry of breaks) console.log(`\n${entry.transform} ${entry.class} ${entry.id} [${entry.detail}] ${entry.verdict}: ${entry.outcome}\n  raw: ${JSON.stringify(entry.raw).slice(0, 400)}`);
}
if (values.json !== undefined) writeFileSync(values.json, JSON.stringify(breaks, null, 1));
console.log(`\n${breaks.length} breaks; ${((performance.now() - started) / 1000).toFixed(1)} s`);
