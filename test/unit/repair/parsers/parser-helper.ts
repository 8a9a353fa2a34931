/**
 * Before → after rows for the parse families: what the schema-guided
 * readings of `input` settle on (the one distinct value that validates), and
 * that `family` is what made it (the reading names it, and without the
 * family no reading gives that value).
 */
import { expect } from "vitest";
import { parserFamilies } from "../../../../src/repair/parsers/index.ts";
import { readArguments } from "../../../../src/repair/parsers/read-arguments.ts";
import type { JsonSchema, ParserFamily } from "../../../../src/repair/types.ts";
import { createSchemaValidator } from "../../../../src/repair/validate.ts";

const validator = createSchemaValidator();

/** The distinct values among the readings of `input` that `schema` accepts, with the families each needed. */
export function validReadings(input: string, schema: JsonSchema, families: readonly ParserFamily[] = parserFamilies): { value: unknown; parsers: readonly string[] }[] {
  const compilation = validator.compile(schema);
  if (!compilation.ok) throw new Error(compilation.reason);
  const seen = new Map<string, { value: unknown; parsers: readonly string[] }>();
  for (const reading of readArguments(input, schema, families)) {
    if (compilation.compiled.isValid(reading.value) !== true) continue;
    seen.set(JSON.stringify(reading.value), reading);
  }
  return [...seen.values()];
}

/** `expected === undefined` means "no single reading": none validates, or several differ. */
export function assertReads(family: ParserFamily, schema: JsonSchema, input: string, expected: unknown): void {
  const readings = validReadings(input, schema);
  if (expected === undefined) {
    expect(readings.length, `${family.name}(${JSON.stringify(input)}) → ${JSON.stringify(readings)}`).not.toBe(1);
    return;
  }
  expect(readings.map((reading) => reading.value), `${family.name}(${JSON.stringify(input)})`).toStrictEqual([expected]);
  expect(readings[0]!.parsers, `${family.name} is named`).toContain(family.name);
  const without = validReadings(
    input,
    schema,
    parserFamilies.filter((other) => other !== family),
  );
  expect(without.map((reading) => reading.value), `without ${family.name}`).not.toContainEqual(expected);
}

/** An object schema with string properties `keys` (typed otherwise by `types`). */
export function objectSchema(
  keys: readonly string[],
  options: { types?: Record<string, unknown>; required?: readonly string[]; closed?: boolean } = {},
): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const key of keys) properties[key] = options.types?.[key] ?? { type: "string" };
  return {
    type: "object",
    properties,
    ...(options.required === undefined ? {} : { required: options.required }),
    ...(options.closed === true ? { additionalProperties: false } : {}),
  };
}
