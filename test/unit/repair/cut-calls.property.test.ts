/**
 * No guess on a text that leaves the value open. Valid calls of the generator's
 * tools, written in each call format the engine reads, are cut at every
 * position; a cut inside the opening markup, a key's value, a string, a list or
 * a value's closer must be refused, and a cut between members (only closers,
 * and maybe later members, missing) refused or repaired to exactly the members
 * written. The same calls with a mark where a value or members were left out
 * (`...`, `undefined`, `NaN`, `/* ... *\/`) must be refused. With and without
 * `finish_reason: "length"`. Deterministic: fixed seeds, every position.
 */
import { describe, expect, it } from "vitest";
import { canonical } from "../../../src/eval/corpus.ts";
import { CUT_FORMATS, cutSamples, cutsOf, openTexts, writeCall } from "../../support/cut-calls.ts";
import { engineReading } from "../../support/cut-outcome.ts";

const formats = Object.keys(CUT_FORMATS);
const reasons = [undefined, "length"] as const;

describe("a valid call cut at every position", () => {
  // Each format gets other tools than the next one, so that together they cover the generator's schemas.
  const samples = cutSamples(40, 1501);
  it.each(formats.map((format, index) => [format, index] as const))("%s: refused, or only the members written", (format, index) => {
    let read = 0;
    for (const reason of reasons) {
      for (const offset of [0, 17, 29]) {
        const { tool, value } = samples[(index * 5 + offset) % samples.length]!;
        const call = writeCall(CUT_FORMATS[format]!, tool.name, value);
        // The whole call reads exactly, or the cuts of it prove nothing.
        expect(canonical(engineReading(tool, call.text, call.structured, undefined)?.value), call.text).toBe(canonical(value));
        for (const cut of cutsOf(call, reason)) {
          const outcome = engineReading(tool, cut.text, call.structured, reason);
          if (outcome === undefined) continue;
          read++;
          const said = `${cut.kind} cut (${reason ?? "no finish reason"}): ${JSON.stringify(cut.text)} → ${JSON.stringify(outcome.value)}`;
          expect(cut.kind, said).toBe("between");
          expect(canonical(outcome.value), said).toBe(canonical(cut.complete));
        }
      }
    }
    // Not a recall target: proof that some cuts read (after a JSON object's last member, or after the call's own closer
    // where a wrapper's follows), so that the check is not vacuous. A list, a fence or GLM's call tag closes last.
    if (!["mistral_list", "fenced_json", "pythonic", "glm"].includes(format)) expect(read).toBeGreaterThan(0);
  }, 120_000);
});

describe("a valid call with members, items or a value left out and marked so", () => {
  const samples = cutSamples(40, 2602);
  it.each(formats)("%s: refused", (format) => {
    let texts = 0;
    for (const reason of reasons) {
      for (const { tool, value } of samples) {
        for (const open of openTexts(format, tool.name, value)) {
          texts++;
          const outcome = engineReading(tool, open.text, CUT_FORMATS[format]!.structured === true, reason);
          expect(outcome, `${open.kind}: ${JSON.stringify(open.text)} → ${JSON.stringify(outcome?.value)}`).toBeUndefined();
        }
      }
    }
    expect(texts).toBeGreaterThan(0);
  }, 60_000);
});
