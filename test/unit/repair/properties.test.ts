/**
 * Property tests (fast-check) of the engine's promises: fixers never throw
 * and are idempotent; a valid call is untouched; a repaired call validates;
 * a corrupted valid call never comes back as a different valid call unless a
 * lossy fixer (a declared guess) is in the trace.
 */
import { Ajv2019 } from "ajv/dist/2019.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { allFixers } from "../../../src/repair/fixers/index.ts";
import type { JsonSchema } from "../../../src/repair/types.ts";
import { canonical } from "../../../scripts/corpus.ts";

const runs = { numRuns: 300 };

/** JSON-ish text: real JSON, and JSON with the damage models do to it. */
const jsonText = fc.oneof(
  fc.json(),
  fc.string(),
  fc.json().map((text) => text.replaceAll('"', "'")),
  fc.json().map((text) => text.slice(0, Math.max(0, text.length - 3))),
  fc.tuple(fc.json(), fc.constantFrom("<|im_end|>", "```", ",", "}", " trailing", "<|python_tag|>", "{")).map(([text, junk]) => `${junk}${text}${junk}`),
);

const key = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const argumentsValue = fc.dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(key, scalar, { maxKeys: 3 })), {
  minKeys: 1,
  maxKeys: 6,
});

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** A strict schema the value satisfies: every key required, types as given, nothing else allowed. */
function schemaFor(value: Record<string, unknown>): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) properties[name] = { type: typeOf(field) === "integer" ? "number" : typeOf(field) };
  return { type: "object", properties, required: Object.keys(value), additionalProperties: false };
}

describe("every name, arguments and text fixer", () => {
  for (const fixer of allFixers) {
    // value fixers and parse families have their own property tests beside them
    if (fixer.stage === "value" || fixer.stage === "parse") continue;
    it(`${fixer.name} never throws and is idempotent`, () => {
      fc.assert(
        fc.property(jsonText, fc.constantFrom(undefined, null, "length", "stop"), (text, finishReason) => {
          if (fixer.stage === "name") {
            const toolNames = ["read_file", "write_file", "get_weather"];
            const resolved = fixer.fix(text, { toolNames });
            if (resolved !== undefined) expect(toolNames).toContain(resolved);
          } else if (fixer.stage === "arguments") {
            const output = fixer.fix(text);
            if (output !== undefined) expect(fixer.fix(output)).toBeUndefined();
          } else {
            const output = fixer.fix(text, { finishReason });
            if (output !== undefined) {
              expect(output).not.toBe(text);
              expect(fixer.fix(output, { finishReason })).toBeUndefined();
            }
          }
        }),
        runs,
      );
    });
  }
});

describe("the pipeline", () => {
  const engine = createRepairEngine();

  it("leaves a valid call untouched, however it is formatted", () => {
    fc.assert(
      fc.property(argumentsValue, fc.constantFrom(0, 2, "\t"), (value, indent) => {
        const tools = engine.prepareTools([{ name: "tool", parameters: schemaFor(value) }]);
        expect(engine.repair({ name: "tool", arguments: JSON.stringify(value, null, indent) }, tools)).toEqual({ kind: "valid", name: "tool" });
      }),
      runs,
    );
  });

  it("returns only repairs that validate", () => {
    const ajv = new Ajv2019({ strict: false });
    fc.assert(
      fc.property(argumentsValue, jsonText, (value, text) => {
        const schema = schemaFor(value);
        const tools = engine.prepareTools([{ name: "tool", parameters: schema }]);
        const serialised = JSON.stringify(value);
        const at = text.length % serialised.length;
        const damaged = [serialised.slice(0, at) + serialised.slice(at + 1), serialised.slice(0, at) + text.slice(0, 2) + serialised.slice(at)];
        for (const attempt of [text, serialised.slice(0, -1), `{${text}`, ...damaged]) {
          const outcome = engine.repair({ name: "tool", arguments: attempt }, tools, { fixers: allFixers.map((fixer) => fixer.name) });
          if (outcome.kind !== "repaired") continue;
          const repaired: unknown = JSON.parse(outcome.arguments);
          expect(typeof repaired === "object" && repaired !== null && !Array.isArray(repaired)).toBe(true);
          expect(ajv.validate(schema as object, repaired)).toBe(true);
        }
      }),
      runs,
    );
  });

  /**
   * What models do to a call's form (DESIGN.md's lossless list): undoing it
   * has one reading. Cuts are here too: closing one is a guess, so any change
   * of meaning must come with a lossy fixer. Arbitrary single-character
   * damage is not: `[1 2]` may have been `[12]` or `[1, 2]`, and no syntax
   * repair can know; such inputs are covered by "repairs validate" above.
   */
  const corruption = fc.oneof(
    fc.constant((text: string) => `\`\`\`json\n${text}\n\`\`\``),
    fc.constant((text: string) => `Here is the call: ${text}`),
    fc.constant((text: string) => `${text}\nI hope this helps.`),
    fc.constant((text: string) => `<|python_tag|>${text}<|eom_id|>`),
    fc.constant((text: string) => `${text}</tool_call>`),
    fc.constant((text: string) => text.replace(/}$/, ",}")),
    fc.constant((text: string) => `${text}${text}`),
    fc.constant((text: string) => `{}${text}`),
    fc.constant((text: string) => text.replace(/"([a-z_]+)":/g, "$1:")),
    fc.constant((text: string) => text.replace(/":(true|false|null)/g, (_match, literal: string) => `":${literal[0]!.toUpperCase()}${literal.slice(1)}`.replace("Null", "None"))),
    fc.constant((text: string) => text.replace(/^\{/, "{ // the call\n")),
    fc.integer({ min: 1, max: 40 }).map((cut) => (text: string) => text.slice(0, Math.max(1, text.length - cut))),
  );

  it("never turns a corrupted call into a different valid call without a lossy fixer", () => {
    fc.assert(
      fc.property(argumentsValue, corruption, (value, corrupt) => {
        const tools = engine.prepareTools([{ name: "tool", parameters: schemaFor(value) }]);
        const outcome = engine.repair({ name: "tool", arguments: corrupt(JSON.stringify(value)) }, tools);
        if (outcome.kind === "repaired" && !outcome.lossy) {
          expect(canonical(JSON.parse(outcome.arguments)), `via ${outcome.fixers.join(", ")}`).toBe(canonical(value));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
