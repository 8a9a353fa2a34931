/**
 * No guess on a text that leaves the value open other than by a cut. Valid
 * calls of the generator's tools, in each call format the engine reads, are
 * rewritten by each open-value family (test/support/open-values.ts): a member
 * with no value, a stand-in for a number, a key written twice, a value with no
 * key, a word for a typed value, an undeclared tool, two argument objects. The
 * engine must refuse every one. The held part (families kept out of tuning)
 * is reported as one figure.
 */
import { describe, expect, it } from "vitest";
import { CUT_FORMATS, cutSamples } from "../../support/cut-calls.ts";
import { engineReading } from "../../support/cut-outcome.ts";
import { HELD_FAMILIES, OPEN_VALUE_FAMILIES } from "../../support/open-values.ts";

const formats = Object.keys(CUT_FORMATS);
const families = Object.keys(OPEN_VALUE_FAMILIES);
const samples = cutSamples(40, 3703);

function readings(family: string, format: string): { texts: number; read: string[] } {
  let texts = 0;
  const read: string[] = [];
  for (const { tool, value } of samples) {
    for (const text of OPEN_VALUE_FAMILIES[family]!(format, tool, value)) {
      texts++;
      const outcome = engineReading(tool, text, CUT_FORMATS[format]!.structured === true, undefined);
      if (outcome !== undefined) read.push(`${JSON.stringify(text)} → ${JSON.stringify(outcome.value)}`);
    }
  }
  return { texts, read };
}

describe("a valid call rewritten to leave its value open", () => {
  const tuned = families.filter((family) => !HELD_FAMILIES.has(family));
  it.each(tuned)("%s: refused in every format", (family) => {
    let texts = 0;
    for (const format of formats) {
      const result = readings(family, format);
      texts += result.texts;
      expect(result.read, `${format}: ${result.read.length} of ${result.texts} read`).toEqual([]);
    }
    expect(texts).toBeGreaterThan(0);
  }, 120_000);

  // The held part is measured, not tuned: its figure (1833 of 7026 texts read on its first run) may only go down.
  // What it reads is not printed, so that no rule is fitted to it.
  it("held families, every format: refused (one figure, at most 1833 read)", () => {
    let texts = 0;
    let read = 0;
    for (const family of families.filter((name) => HELD_FAMILIES.has(name))) {
      for (const format of formats) {
        const result = readings(family, format);
        texts += result.texts;
        read += result.read.length;
      }
    }
    expect(texts).toBeGreaterThan(0);
    expect(read, `held part: ${read} of ${texts} texts read`).toBeLessThanOrEqual(1833);
  }, 120_000);
});
