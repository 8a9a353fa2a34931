/**
 * Every call format the engine reads × every value shape (quotes, line
 * breaks, backslashes, markup, typed values, nesting, long text, several
 * calls, prose and reasoning around): each generated call is read back
 * exactly, or refused where the format cannot carry a value unambiguously,
 * and its text streamed in random pieces ends as the whole text does.
 * The held part of the matrix (scripts/cases/format-matrix.ts) is measured
 * by `node scripts/format-matrix.ts`, not asserted here.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { HELD_FORMATS, matrixCases } from "../../../../scripts/cases/format-matrix.ts";
import { matrixFormats } from "../../../../scripts/cases/matrix-formats.ts";
import { isRight, scoreMatrixCase } from "../../../../scripts/cases/score-matrix.ts";

const engine = createRepairEngine();
const cases = matrixCases(2, 7).filter((testCase) => testCase.part === "tuned");

describe("the format × value-shape matrix", () => {
  it("covers every format and shape with a few hundred cases", () => {
    expect(cases.length).toBeGreaterThan(500);
    expect(new Set(cases.map((testCase) => testCase.format)).size).toBe(matrixFormats.filter((format) => !HELD_FORMATS.has(format.name)).length);
  });

  for (const format of new Set(cases.map((testCase) => testCase.format))) {
    it(`${format}: every call read exactly (or refused where the format cannot carry it), streamed as whole`, () => {
      const misses = cases
        .filter((testCase) => testCase.format === format)
        .map((testCase) => ({ id: testCase.id, result: scoreMatrixCase(engine, testCase, 3) }))
        .filter(({ result }) => !isRight(result))
        .map(({ id, result }) => `${id}: ${result.verdict}`);
      expect(misses).toEqual([]);
    });
  }
});
