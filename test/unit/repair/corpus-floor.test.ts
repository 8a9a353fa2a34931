/**
 * The floor on the dev corpus (test/fixtures/corpus, a copy of
 * ../shared/corpus): no wrong repair, every valid case untouched, every
 * unrecoverable case refused, and at least 95% of the rest repaired to the
 * expected arguments. `npm run eval -- -v` lists the misses.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { floorFigures, loadCases, scoreEngineCase } from "../../../scripts/corpus.ts";

const cases = loadCases(fileURLToPath(new URL("../../fixtures/corpus/dev-cases.jsonl", import.meta.url)));
const engine = createRepairEngine();
const results = cases.map((testCase) => scoreEngineCase(engine, testCase));

describe("the dev corpus floor", () => {
  it("has cases of every class", () => {
    expect(new Set(cases.map((testCase) => testCase.class)).size).toBe(16);
  });

  it("has no wrong repair at all", () => {
    expect(results.filter((result) => result.verdict === "wrong").map((result) => result.id)).toEqual([]);
  });

  it("leaves every valid case untouched", () => {
    const valid = results.filter((result) => result.class === "valid");
    expect(valid.filter((result) => result.verdict !== "untouched").map((result) => result.id)).toEqual([]);
    expect(valid.every((result) => result.outcome?.kind === "valid")).toBe(true);
  });

  it("refuses every unrecoverable case", () => {
    const unrecoverable = results.filter((result) => result.class === "unrecoverable");
    expect(unrecoverable.filter((result) => result.verdict !== "failed").map((result) => result.id)).toEqual([]);
  });

  it("repairs at least 95% of the other cases to the expected arguments", () => {
    const { repairable, repaired } = floorFigures(results);
    expect(repaired / repairable).toBeGreaterThanOrEqual(0.95);
  });
});
