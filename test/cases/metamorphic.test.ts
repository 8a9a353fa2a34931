/**
 * Metamorphic checks on every dev-corpus and tune case the engine gets right:
 * the same case with its tool or keys renamed, other words in its string
 * values, other digits, other layout outside its strings, another neutral
 * prose sentence or other sentences of intent around a text call must come out right too, and a text that is one
 * call, framed as an example or a call not made, must stay text (scripts/metamorphic-variants.ts
 * builds the variants and their expected values). A sample of the variants,
 * fixed by case id, keeps the run short; `node scripts/metamorphic.ts` runs
 * them all.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../src/repair/engine.ts";
import { isRightOutcome, loadCases, scoreEngineCase } from "../../src/eval/corpus.ts";
import type { CorpusCase } from "../../src/eval/corpus.ts";
import { transformNames, variantsOf } from "../../scripts/metamorphic-variants.ts";
import type { TransformName, Variant } from "../../scripts/metamorphic-variants.ts";
import { hashString } from "../support/case-answers.ts";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const engine = createRepairEngine();
const cases: CorpusCase[] = ["corpus/dev-cases.jsonl", "cases/tune/external.jsonl", "cases/tune/generated.jsonl"].flatMap((path) => loadCases(fixture(path)));
const right = cases.filter((testCase) => isRightOutcome(scoreEngineCase(engine, testCase)));

// The transformations that apply to nearly every case (or compile a new schema for each, or read each text to find the
// call-only ones) run on a third of them (a fixed third per transformation, by case id), to keep the file's run short; the
// others run on every case.
const everyThird = new Set(["tool-rename", "layout", "key-rename", "intent-prose", "example-frame"]);

/** Per case and transformation, one variant, chosen by the case id. */
function sample(testCase: CorpusCase, transform: string): Variant[] {
  const seed = hashString(`${transform}\u0000${testCase.id}`);
  if (everyThird.has(transform) && seed % 3 !== 0) return [];
  const variants = variantsOf(testCase, [transform as TransformName]);
  return variants.length <= 1 ? variants : [variants[seed % variants.length]!];
}

describe("metamorphic variants of the dev and tune cases", () => {
  it("most cases are right to begin with", () => {
    expect(right.length).toBeGreaterThan(cases.length * 0.95);
  });

  it.each(transformNames)("%s keeps every right case right", (transform) => {
    const broken: string[] = [];
    let tried = 0;
    for (const testCase of right) {
      for (const variant of sample(testCase, transform)) {
        tried++;
        const result = scoreEngineCase(engine, variant.testCase);
        if (!isRightOutcome(result)) broken.push(`${testCase.id} [${variant.detail}]: ${result.verdict}`);
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  }, 120_000);
});
