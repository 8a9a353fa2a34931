/** Validation of parsed arguments, and the value fixers driven by its errors. */
import { isJsonObject } from "../json.ts";
import { excuseRemovals } from "./excused-strings.ts";
import { attempt } from "./trace.ts";
import type { Trace } from "./trace.ts";
import type { SchemaError, ValueFixer } from "./types.ts";
import type { CompiledSchema } from "./validate.ts";

/** Passes over the value fixers: each pass may enable the next. */
const MAX_VALUE_PASSES = 4;

/** Tool arguments are always an object, whatever a lax schema admits. */
export function isValidArguments(compiled: CompiledSchema, value: unknown): boolean | undefined {
  return isJsonObject(value) ? compiled.isValid(value) : false;
}

function rootTypeError(schema: unknown, value: unknown): SchemaError {
  return {
    instancePath: "",
    schemaPath: "#/type",
    keyword: "type",
    params: { type: "object" },
    message: "must be object",
    schema: "object",
    parentSchema: isJsonObject(schema) ? schema : {},
    data: value,
  };
}

/** Every error of `value`, with the arguments-must-be-an-object rule first. */
export function errorsOf(compiled: CompiledSchema, value: unknown): readonly SchemaError[] | undefined {
  const errors = compiled.errorsOf(value);
  if (errors === undefined || isJsonObject(value)) return errors;
  return [rootTypeError(compiled.schema, value), ...errors];
}

/** Runs the value fixers until the schema accepts the value; `undefined` when it never does. */
export function fixValue(
  start: unknown,
  errors: readonly SchemaError[],
  compiled: CompiledSchema,
  toolName: string,
  fixers: readonly ValueFixer[],
  trace: Trace,
): { value: unknown } | "unvalidated" | undefined {
  let value = start;
  let current = errors;
  for (let pass = 0; pass < MAX_VALUE_PASSES; pass++) {
    let changed = false;
    for (const fixer of fixers) {
      trace.tried.add(fixer.name);
      const context = { schema: compiled.schema, errors: current, toolName, truncated: trace.truncated };
      const next = attempt(() => fixer.fix(value, context));
      if (next === undefined) continue;
      excuseRemovals(fixer.name, value, next, trace.excused);
      value = next;
      changed = true;
      trace.apply(fixer);
      const valid = isValidArguments(compiled, value);
      if (valid === undefined) return "unvalidated";
      if (valid) return { value };
      const again = errorsOf(compiled, value);
      if (again === undefined) return "unvalidated";
      current = again;
    }
    if (!changed) return undefined;
  }
  return undefined;
}
