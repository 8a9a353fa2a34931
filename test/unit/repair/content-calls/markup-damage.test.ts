/**
 * Calls in every markup format broken by every damage operator (a value's
 * closer left out, a call's closer missing at the end, a wrapper's opener or
 * closer lost, a stray closer before the calls, the call glued to prose or
 * inside a sentence, the special tokens stripped, …): each damaged text gives
 * the calls where the damage leaves one reading and is refused where it
 * leaves two, and streamed in random pieces ends as the whole text does.
 * The held part (scripts/cases/markup-damage.ts) is measured by
 * `node scripts/markup-damage.ts`, not asserted here.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { damageCases } from "../../../../scripts/cases/markup-damage.ts";
import { isRight, scoreMatrixCase } from "../../../../scripts/cases/score-matrix.ts";

const engine = createRepairEngine();
const cases = damageCases(3, 11).filter((testCase) => testCase.part === "tuned");

describe("the markup format × damage matrix", () => {
  it("covers the formats and operators with a few hundred cases, calls and refusals both", () => {
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.some((testCase) => testCase.expected === null)).toBe(true);
  });

  for (const operator of new Set(cases.map((testCase) => testCase.operator))) {
    it(`${operator}: the calls where it leaves one reading, a refusal where two, streamed as whole`, () => {
      const misses = cases
        .filter((testCase) => testCase.operator === operator)
        .map((testCase) => ({ id: testCase.id, result: scoreMatrixCase(engine, testCase, 3) }))
        .filter(({ result }) => !isRight(result))
        .map(({ id, result }) => `${id}: ${result.verdict}`);
      expect(misses).toEqual([]);
    });
  }
});
