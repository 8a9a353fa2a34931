/**
 * Test helper for value fixers: errors come from a real ajv run with the
 * options the engine uses on the repair path, independent of validate.ts.
 */
import { expect } from "vitest";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import type { JsonSchema, SchemaError, ValueFixer } from "../../../../src/repair/types.ts";

// ajv-formats ships CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
addFormats(ajv);

export function errorsFor(schema: JsonSchema, value: unknown): SchemaError[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

export function isValid(schema: JsonSchema, value: unknown): boolean {
  return errorsFor(schema, value).length === 0;
}

/** Runs `fixer` once on `value` with errors from `schema`. */
export function applyFixer(fixer: ValueFixer, schema: JsonSchema, value: unknown, toolName?: string): unknown {
  const errors = errorsFor(schema, value);
  return fixer.fix(value, toolName === undefined ? { schema, errors } : { schema, errors, toolName });
}

export interface FixerCase {
  readonly title: string;
  readonly schema: JsonSchema;
  readonly before: unknown;
  /** `undefined`: the fixer must decline. */
  readonly after: unknown;
  readonly toolName?: string;
}

/**
 * Asserts one table row: the result, that the input was not mutated, and
 * idempotence both with the same (stale) errors and with fresh ones.
 */
export function checkFixerCase(fixer: ValueFixer, row: FixerCase): void {
  const snapshot = JSON.stringify(row.before);
  const errors = errorsFor(row.schema, row.before);
  const context = row.toolName === undefined ? { schema: row.schema, errors } : { schema: row.schema, errors, toolName: row.toolName };
  const result = fixer.fix(row.before, context);
  expect(JSON.stringify(row.before)).toEqual(snapshot);
  if (row.after === undefined) {
    expect(result).toBeUndefined();
    return;
  }
  expect(result).toEqual(row.after);
  expect(fixer.fix(result, context)).toBeUndefined();
  const fresh = errorsFor(row.schema, result);
  if (fresh.length > 0) expect(fixer.fix(result, { ...context, errors: fresh })).toBeUndefined();
}
