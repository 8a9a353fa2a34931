/**
 * `node scripts/fresh-seeds.ts [--seeds N] [--from SEED] [--operator NAME…] [--content] [--traps | --wide] [--show N]`:
 * the generated-case operators over the tune tools with fresh seeds (not the ones generate-cases.ts draws), scored
 * as scripts/eval.ts scores the engine; misses and wrongs grouped by operator and by the shape of the values.
 * `--content` adds the operators that write a call as text; `--traps` draws values from the trap strings too;
 * `--wide` puts text beyond the generator's pools (edge spaces, a trailing backslash or comma, brackets, emoji)
 * in free-text properties. Trap and wide values can break an operator's own assumptions (a bare value ending in a
 * comma is a trailing comma, not text): read a miss before calling it the engine's.
 */
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { isRightOutcome, scoreEngineCase } from "./corpus.ts";
import type { CaseResult, CorpusCase } from "./corpus.ts";
import { generateCase, operators, partOf } from "./generate-cases.ts";
import type { GeneratedCase } from "./generate-cases.ts";
import { createRandom } from "./cases/random.ts";
import type { Random } from "./cases/random.ts";
import { generatorTools } from "./cases/schemas.ts";
import { objectFor } from "./cases/values.ts";
import type { Json } from "./cases/values.ts";

const { values: options } = parseArgs({
  options: {
    seeds: { type: "string", default: "40" },
    from: { type: "string", default: "1000000" },
    operator: { type: "string", multiple: true },
    show: { type: "string", default: "3" },
    content: { type: "boolean", default: false },
    traps: { type: "boolean", default: false },
    wide: { type: "boolean", default: false },
  },
});

/** Text beyond the generator's pools. */
const widePool = [
  "a, b: c",
  "ends with a backslash \\",
  "tab\there",
  "[draft] notes",
  "(see above)",
  "100%",
  "3.14",
  "-",
  "x",
  "😀 emoji ok",
  "line one\nline two",
  "key: value",
  "a/b/c",
  "#hashtag and @mention",
  "semi; colon",
  "Q&A <b>bold</b>",
  "word ".repeat(30).trim(),
  "it’s “curly”",
  "trailing comma,",
  "x = {y}",
];

type Value = { [key: string]: Json };
type Schema = Record<string, unknown>;

/** Free-text members (no enum, no format) replaced by wide text, each with a chance. */
function widened(value: Value, schema: Schema, random: Random): Value {
  const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
  const out: Value = {};
  for (const [key, member] of Object.entries(value)) {
    const own = properties[key] ?? {};
    const free = typeof member === "string" && own["enum"] === undefined && own["format"] === undefined;
    out[key] = free && random.chance(0.6) ? random.pick(widePool) : member;
  }
  return out;
}

/** A case as generateCase makes it, from values drawn with traps or widened. */
function caseWithValues(toolIndex: number, operator: string, seed: number): GeneratedCase | undefined {
  const tool = generatorTools[toolIndex]!;
  const random = createRandom(seed);
  const drawn = objectFor(tool.parameters, random, options.traps);
  const value = options.wide ? widened(drawn, tool.parameters, random) : drawn;
  const corruption = operators[operator]!({ tool, value, random });
  if (corruption === undefined) return undefined;
  return {
    id: `fresh-${tool.name}-${operator}-${seed}`,
    source: `toolmend scripts/fresh-seeds.ts#${tool.name}/${operator}/${seed}`,
    class: corruption.class,
    tool: { name: tool.name, description: tool.description, parameters: tool.parameters },
    tool_name_emitted: corruption.emitted,
    raw_arguments: corruption.raw,
    expected: corruption.expected,
    notes: corruption.note,
    provenance: "synthetic",
    operator,
    seed,
    tool_index: toolIndex,
  };
}

/** The kinds of text the case's strings hold: what a miss may turn on. */
function shapeOf(value: Json): string {
  const kinds = new Set<string>();
  const visit = (item: Json): void => {
    if (typeof item === "string") {
      if (/"/.test(item)) kinds.add("quote");
      if (/'/.test(item)) kinds.add("apostrophe");
      if (/\\/.test(item)) kinds.add("backslash");
      if (/[\n\t]/.test(item)) kinds.add("control");
      if (/[{}[\]]/.test(item)) kinds.add("bracket");
      if (/,\s*$/.test(item)) kinds.add("trailing-comma");
      if (/[:;]/.test(item)) kinds.add("colon");
      if (/[^\x20-\x7e]/.test(item)) kinds.add("non-ascii");
    } else if (Array.isArray(item)) {
      item.forEach(visit);
    } else if (item !== null && typeof item === "object") {
      Object.values(item).forEach(visit);
    }
  };
  visit(value);
  return kinds.size === 0 ? "plain" : [...kinds].sort().join("+");
}

function outcomeText(result: CaseResult): string {
  const outcome = result.outcome;
  if (outcome === undefined) return "refused";
  if (outcome.kind === "repaired") return `repaired ${outcome.arguments}`;
  return outcome.kind === "failed" ? `failed ${outcome.error.kind}` : outcome.kind;
}

const engine = createRepairEngine();
const seeds = Number(options.seeds);
const from = Number(options.from);
const show = Number(options.show);
const names = options.operator ?? Object.keys(operators).filter((name) => options.content || !name.startsWith("content_"));
const tuneTools = generatorTools.map((_tool, index) => index).filter((index) => partOf(index) === "tune");

interface Row {
  total: number;
  ok: number;
  wrong: number;
  shapes: Map<string, number>;
  examples: string[];
}

const rows = new Map<string, Row>();
for (const name of names) {
  const row: Row = { total: 0, ok: 0, wrong: 0, shapes: new Map(), examples: [] };
  rows.set(name, row);
  for (let seed = from; seed < from + seeds; seed++) {
    for (const toolIndex of tuneTools) {
      const generated = options.traps || options.wide ? caseWithValues(toolIndex, name, seed) : generateCase(toolIndex, name, seed);
      if (generated === undefined) continue;
      const result = scoreEngineCase(engine, generated as unknown as CorpusCase);
      row.total++;
      if (isRightOutcome(result)) {
        row.ok++;
        continue;
      }
      if (result.verdict === "wrong") row.wrong++;
      // An unrecoverable case has no value: its raw text's shape stands for it.
      const shape = `${result.verdict} ${generated.expected === null ? `raw ${shapeOf(String(generated.raw_arguments))}` : shapeOf(generated.expected as Json)}`;
      row.shapes.set(shape, (row.shapes.get(shape) ?? 0) + 1);
      row.examples.push(
        `  ${result.verdict} ${generated.tool.name}/${seed}\n    raw: ${JSON.stringify(generated.raw_arguments)}\n    exp: ${JSON.stringify(generated.expected)}\n    got: ${outcomeText(result).slice(0, 400)}`,
      );
    }
  }
}

let total = 0;
let ok = 0;
let wrong = 0;
for (const [name, row] of rows) {
  total += row.total;
  ok += row.ok;
  wrong += row.wrong;
  if (row.ok === row.total) continue;
  console.log(`${name}: ${row.ok}/${row.total}, wrong ${row.wrong}`);
  for (const [shape, count] of [...row.shapes].sort((one, other) => other[1] - one[1])) console.log(`  ${count} × ${shape}`);
  for (const line of row.examples.slice(0, show)) console.log(line);
}
console.log(`\nall: ${ok}/${total}, wrong ${wrong}`);
