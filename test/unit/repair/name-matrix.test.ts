/**
 * Keys and tool names as real models misname them, on real schemas (scripts/cases/name-matrix.ts): each
 * name the documented rules read as one declared name is repaired to it, and no other name is moved under a
 * declared key or tool it does not name. The held part is measured by `node scripts/name-matrix.ts`, not
 * asserted here.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { nameCases } from "../../../scripts/cases/name-matrix.ts";
import { isRightName, scoreNameCase } from "../../../scripts/cases/score-name-matrix.ts";

const engine = createRepairEngine();
const cases = nameCases(1, 11).filter((testCase) => testCase.part === "tuned");

describe("the misnamed keys and tools matrix", () => {
  it("covers keys and tools, names that fit and names that do not", () => {
    expect(cases.length).toBeGreaterThan(800);
    expect(new Set(cases.map((testCase) => `${testCase.kind} ${testCase.expected === null}`)).size).toBe(4);
  });

  for (const operator of new Set(cases.map((testCase) => testCase.operator))) {
    it(`${operator}: the declared name where one fits, none where not`, () => {
      const misses = cases
        .filter((testCase) => testCase.operator === operator)
        .map((testCase) => ({ id: testCase.id, result: scoreNameCase(engine, testCase) }))
        .filter(({ result }) => !isRightName(result))
        .map(({ id, result }) => `${id}: ${result.verdict} ${JSON.stringify(result.got)}`);
      expect(misses).toEqual([]);
    });
  }
});
