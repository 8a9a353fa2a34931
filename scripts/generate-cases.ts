/**
 * `node scripts/generate-cases.ts`: writes the generated repair cases,
 * test/fixtures/cases/{tune,holdout}/generated.jsonl. Each case is a valid
 * call of one of the generator tools (values drawn from a seed), corrupted by
 * one operator that knows the exact expected arguments (or null).
 * The held-out part uses other tools (index % 5 is 1 or 3) and other seeds.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { callOperators } from "./cases/call-operators.ts";
import { createRandom } from "./cases/random.ts";
import { generatorTools } from "./cases/schemas.ts";
import { syntaxOperators } from "./cases/syntax-operators.ts";
import { tuneOperators } from "./cases/tune-operators.ts";
import type { Operator } from "./cases/syntax-operators.ts";
import { objectFor } from "./cases/values.ts";

export type CasePart = "tune" | "holdout";

export interface GeneratedCase {
  readonly id: string;
  readonly source: string;
  readonly class: string;
  readonly tool: { name: string; description: string; parameters: Record<string, unknown> };
  readonly tool_name_emitted: string | null;
  readonly raw_arguments: unknown;
  readonly expected: Record<string, unknown> | null;
  readonly notes: string;
  readonly provenance: "synthetic";
  readonly operator: string;
  readonly seed: number;
  readonly tool_index: number;
}

/** `valid_traps` is `valid` on values full of strings that look like numbers, JSON, literals or markup. */
export const operators: Record<string, Operator> = { ...syntaxOperators, valid_traps: syntaxOperators.valid!, ...callOperators, ...tuneOperators };
const operatorNames = Object.keys(operators);
/** Drawn for neither part: one extra tune case each, per tool where they apply (see tune-operators.ts). */
const tuneOnly = new Set(Object.keys(tuneOperators));
const casesPerTool = 16;
/** Tried first for every tool: the classes few operators produce would be thin otherwise. */
const preferred = ["missing_required_with_default", "enum_case", "key_style", "extra_field", "truncated_after_member", "numbers_as_strings"];

export const partOf = (toolIndex: number): CasePart => (toolIndex % 5 === 1 || toolIndex % 5 === 3 ? "holdout" : "tune");
const seedBase: Record<CasePart, number> = { tune: 10_000, holdout: 50_000 };

/** One case, from its tool, operator and seed alone (what the reproducibility test replays). */
export function generateCase(toolIndex: number, operator: string, seed: number): GeneratedCase | undefined {
  const tool = generatorTools[toolIndex];
  const corrupt = operators[operator];
  if (tool === undefined || corrupt === undefined) return undefined;
  const random = createRandom(seed);
  const value = objectFor(tool.parameters, random, operator === "valid_traps");
  const corruption = corrupt({ tool, value, random });
  if (corruption === undefined) return undefined;
  return {
    id: `gen-${partOf(toolIndex)}-${tool.name}-${operator}-${seed}`,
    source: `toolmend scripts/generate-cases.ts#${tool.name}/${operator}/${seed}`,
    class: corruption.class,
    tool: { name: tool.name, description: tool.description, parameters: tool.parameters },
    tool_name_emitted: corruption.emitted,
    raw_arguments: corruption.raw,
    expected: corruption.expected,
    notes: `${corruption.note} (generated)`,
    provenance: "synthetic",
    operator,
    seed,
    tool_index: toolIndex,
  };
}

/** Every generated case of a part: per tool, a seeded choice of operators that apply. */
export function generateCases(part: CasePart): GeneratedCase[] {
  const cases: GeneratedCase[] = [];
  generatorTools.forEach((_tool, toolIndex) => {
    if (partOf(toolIndex) !== part) return;
    const order = createRandom(seedBase[part] + toolIndex);
    const names = operatorNames.filter((name) => !tuneOnly.has(name)).map((name) => ({ name, key: preferred.includes(name) ? -1 : order.next() }));
    names.sort((left, right) => left.key - right.key);
    const seedOf = (name: string): number => seedBase[part] + toolIndex * 100 + operatorNames.indexOf(name);
    let taken = 0;
    for (const { name } of names) {
      if (taken === casesPerTool) break;
      const generated = generateCase(toolIndex, name, seedOf(name));
      if (generated === undefined) continue;
      cases.push(generated);
      taken++;
    }
    if (part !== "tune") return;
    for (const name of tuneOnly) {
      const generated = generateCase(toolIndex, name, seedOf(name));
      if (generated !== undefined) cases.push(generated);
    }
  });
  return cases;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const part of ["tune", "holdout"] as const) {
    const path = fileURLToPath(new URL(`../test/fixtures/cases/${part}/generated.jsonl`, import.meta.url));
    const cases = generateCases(part);
    writeFileSync(path, cases.map((testCase) => JSON.stringify(testCase)).join("\n") + "\n");
    console.log(`${path}: ${cases.length} cases`);
  }
}
