import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coerceTypes } from "../../../../src/repair/fixers/coerce-types.ts";
import { decodeDoubleEncoded } from "../../../../src/repair/fixers/decode-double-encoded.ts";
import { dropUnknownFields } from "../../../../src/repair/fixers/drop-unknown-fields.ts";
import { fillConst } from "../../../../src/repair/fixers/fill-const.ts";
import { fillDefaults } from "../../../../src/repair/fixers/fill-defaults.ts";
import { normalizeEnum } from "../../../../src/repair/fixers/normalize-enum.ts";
import { renameFields } from "../../../../src/repair/fixers/rename-fields.ts";
import { unwrapEnvelope } from "../../../../src/repair/fixers/unwrap-envelope.ts";
import type { JsonSchema, SchemaError, ValueFixer } from "../../../../src/repair/types.ts";
import { errorsFor } from "./value-fixer-helper.ts";

const fixers: ValueFixer[] = [
  decodeDoubleEncoded,
  unwrapEnvelope,
  coerceTypes,
  fillConst,
  normalizeEnum,
  renameFields,
  dropUnknownFields,
  fillDefaults,
];

const keys = fc.constantFrom("a", "b", "file_path", "filePath", "Path", "items", "arguments", "name", "__proto__", "constructor", "x y");
const scalars = fc.oneof(
  fc.constantFrom("42", " 7 ", "true", "False", "[1,2]", '{"a":1}', '"{\\"a\\":1}"', "Celsius", "celsius", "", "null"),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const values = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalars, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(keys, tie("value"), { maxKeys: 4 })),
})).value;

const types = fc.constantFrom("string", "integer", "number", "boolean", "array", "object", "null");
const schemas: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small" },
    fc.record(
      {
        type: fc.oneof(types, fc.array(types, { minLength: 1, maxLength: 2 })),
        enum: fc.array(scalars, { minLength: 1, maxLength: 3 }),
        const: scalars,
        default: values,
        items: tie("schema"),
        minItems: fc.nat(3),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(keys, tie("schema"), { maxKeys: 4 }),
        required: fc.array(keys, { maxLength: 3 }),
        additionalProperties: fc.boolean(),
      },
      { requiredKeys: ["properties"] },
    ),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
  ),
})).schema;

function errorsOrUndefined(schema: JsonSchema, value: unknown): SchemaError[] | undefined {
  try {
    return errorsFor(schema, value);
  } catch {
    return undefined; // a schema ajv refuses to compile never reaches the value fixers
  }
}

/** Schemas and values over the same few keys and near-miss scalars, so that the fixers have work to do. */
const scalarSchema = fc.oneof(
  fc.record({ type: types }),
  fc.record({ type: fc.constant("string"), enum: fc.constant(["celsius", "fahrenheit", "a b"]) }),
  fc.record({ anyOf: fc.tuple(fc.record({ type: types }), fc.record({ type: types })) }),
  fc.record({ type: fc.constant("array"), items: fc.record({ type: types }) }),
  fc.record({ const: scalars }),
  fc.record({ type: types, default: scalars }),
);
const nearMiss = fc.record({
  schema: fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(keys, scalarSchema, { maxKeys: 5 }),
    required: fc.array(keys, { maxLength: 3 }),
    additionalProperties: fc.boolean(),
  }),
  value: fc.oneof(
    fc.dictionary(keys, scalars, { maxKeys: 5 }),
    fc.dictionary(keys, scalars, { maxKeys: 5 }).map((inner) => ({ arguments: inner })),
    fc.dictionary(keys, scalars, { maxKeys: 5 }).map((inner) => JSON.stringify(inner)),
  ),
});

/** Compiles once per sample and checks every fixer on it (compiling dominates the cost). */
function checkFixers(schema: JsonSchema, value: unknown, toolName: string | undefined): void {
  const errors = errorsOrUndefined(schema, value);
  if (errors === undefined) return;
  const context = toolName === undefined ? { schema, errors } : { schema, errors, toolName };
  const before = JSON.stringify(value);
  for (const fixer of fixers) {
    const result = fixer.fix(value, context);
    expect(JSON.stringify(value), `${fixer.name} mutated its input`).toBe(before);
    if (errors.length === 0) expect(result, `${fixer.name} changed a valid value`).toBeUndefined();
    if (result !== undefined) expect(fixer.fix(result, context), `${fixer.name} is not idempotent`).toBeUndefined();
  }
}

const toolNames = fc.option(fc.constantFrom("todo", "a"), { nil: undefined });

describe("value fixers, property-based", () => {
  it("never throw, never mutate, leave valid values alone and are idempotent: arbitrary schemas", () => {
    fc.assert(fc.property(schemas, values, toolNames, checkFixers), { numRuns: 300 });
  });

  it("never throw, never mutate, leave valid values alone and are idempotent: near misses", () => {
    fc.assert(fc.property(nearMiss, toolNames, ({ schema, value }, toolName) => checkFixers(schema, value, toolName)), { numRuns: 500 });
  });

  it("survives errors that do not match the value at all", () => {
    fc.assert(
      fc.property(schemas, values, values, (schema, first, second) => {
        const errors = errorsOrUndefined(schema, first);
        if (errors === undefined) return;
        for (const fixer of fixers) expect(() => fixer.fix(second, { schema, errors })).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
