/**
 * The corruptions of corruptions.property.test.ts, over the schemas real
 * tools declare (root unions, mixins, `$ref`s, nullable optionals: see
 * composed-schemas.ts). Every corruption is repaired to exactly the value, or
 * not repaired: a union whose branches a broken value fits differently is a
 * refusal, never a pick.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import type { RepairOutcome } from "../../../src/repair/types.ts";
import { canonical } from "../../../scripts/corpus.ts";
import { corruptions, libraryCorruptions } from "../../support/corruption-families.ts";
import type { Corruption } from "../../support/corruption-families.ts";
import { composedCase } from "../../support/composed-schemas.ts";

const engine = createRepairEngine();

function describeOutcome(outcome: RepairOutcome): string {
  return outcome.kind === "repaired" ? `${outcome.arguments} via ${outcome.fixers.join(", ")}` : outcome.kind;
}

type Verdict = "exact" | "refused" | "wrong";

/** `COMPOSED_TALLY=1`: count outcomes by shape and family, beside the flat schema's, instead of stopping at a wrong repair. */
const tallyOnly = process.env["COMPOSED_TALLY"] === "1";

describe("a corrupted valid call under a composed schema", () => {
  it("is repaired to exactly the value, or not repaired", () => {
    const all: Record<string, Corruption> = { ...corruptions, ...libraryCorruptions };
    const tallies = new Map<string, Record<string, number>>();
    const examples = new Map<string, string>();
    fc.assert(
      fc.property(composedCase, ({ shape, schema, value, flat }) => {
        const tools = engine.prepareTools([{ name: "tool", parameters: schema }]);
        const flatTools = engine.prepareTools([{ name: "tool", parameters: flat }]);
        const sent = engine.repair({ name: "tool", arguments: JSON.stringify(value) }, tools);
        expect(sent.kind, `${shape}: ${JSON.stringify(schema)} rejects ${JSON.stringify(value)}`).toBe("valid");
        for (const [name, corrupt] of Object.entries(all)) {
          const corrupted = corrupt(value, flat);
          if (corrupted === undefined) continue;
          const judge = (outcome: RepairOutcome): Verdict => {
            if (outcome.kind !== "repaired") return "refused";
            const expected = corrupted.expected ?? corrupted.meant ?? value;
            const right =
              corrupted.refuse === undefined &&
              canonical(JSON.parse(outcome.arguments)) === canonical(expected) &&
              (corrupted.expected === undefined || outcome.lossy);
            return right ? "exact" : "wrong";
          };
          const outcome = engine.repair({ name: "tool", arguments: corrupted.text }, tools);
          const verdict = judge(outcome);
          if (!tallyOnly) {
            expect(verdict, `${shape} / ${name}: ${JSON.stringify(schema)}\n${corrupted.text} → ${describeOutcome(outcome)}`).not.toBe("wrong");
            continue;
          }
          const flatVerdict = judge(engine.repair({ name: "tool", arguments: corrupted.text }, flatTools));
          const key = `${shape} | ${name}`;
          const tally = tallies.get(key) ?? {};
          const cell = `${verdict}${flatVerdict === verdict ? "" : ` (flat ${flatVerdict})`}`;
          tally[cell] = (tally[cell] ?? 0) + 1;
          tallies.set(key, tally);
          if (verdict !== flatVerdict || verdict === "wrong")
            if (!examples.has(`${key} ${cell}`)) examples.set(`${key} ${cell}`, `${JSON.stringify(schema)}\n      ${corrupted.text} → ${describeOutcome(outcome)}`);
        }
      }),
      { numRuns: tallyOnly ? Number(process.env["COMPOSED_RUNS"] ?? 400) : 150 },
    );
    if (tallyOnly) {
      const lines = [...tallies].sort(([a], [b]) => a.localeCompare(b)).map(([key, tally]) => `${key}: ${JSON.stringify(tally)}`);
      lines.push("--- examples");
      for (const [key, example] of examples) lines.push(`${key}\n      ${example}`);
      process.stdout.write(`${lines.join("\n")}\n`);
    }
  }, 300_000);
});
