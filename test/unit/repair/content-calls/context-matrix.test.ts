/**
 * Every call format the engine reads × the text around it (lead-ins in
 * several languages, prose after, reasoning, Markdown, fences, CRLF, stop
 * tokens, invisible characters; and texts that make no call: examples,
 * refusals, quotes, suggestions, closing remarks, results claimed): each call
 * read exactly where the context makes it, none where it does not (all or
 * none where the docs leave it open), and the text streamed in random pieces
 * ends as the whole text does. The held part (scripts/cases/context-matrix.ts)
 * is measured by `node scripts/context-matrix.ts`, not asserted here.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { contextCases, contexts, HELD_CONTEXTS } from "../../../../scripts/cases/context-matrix.ts";
import { isRight, scoreMatrixCase } from "../../../../scripts/cases/score-matrix.ts";

const engine = createRepairEngine();
const cases = contextCases(1, 11).filter((testCase) => testCase.part === "tuned");

describe("the format × context matrix", () => {
  it("covers every tuned context, calls made and not made", () => {
    expect(cases.length).toBeGreaterThan(600);
    expect(new Set(cases.map((testCase) => testCase.context)).size).toBe(Object.keys(contexts).filter((name) => !HELD_CONTEXTS.has(name)).length);
    expect(cases.some((testCase) => testCase.kind === "text")).toBe(true);
  });

  for (const context of new Set(cases.map((testCase) => testCase.context))) {
    it(`${context}: calls read where made, none where not, streamed as whole`, () => {
      const misses = cases
        .filter((testCase) => testCase.context === context)
        .map((testCase) => ({ id: testCase.id, result: scoreMatrixCase(engine, testCase, 5) }))
        .filter(({ result }) => !isRight(result))
        .map(({ id, result }) => `${id}: ${result.verdict}`);
      expect(misses).toEqual([]);
    });
  }
});
