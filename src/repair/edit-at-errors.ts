/**
 * The value fixers' walk over schema errors: each error a fixer handles, and
 * that does not sit inside an `anyOf`/`oneOf` (where an edit would choose a
 * branch for the model, unless the value's own type chose it), may edit the
 * value as the earlier errors left it.
 */
import { isInsideAlternative } from "./schema-shape.ts";
import type { SchemaError } from "./types.ts";

export interface ErrorEdit {
  /** Whether the fixer acts on this kind of error at all: the cheap test, asked first. */
  readonly handles: (error: SchemaError) => boolean;
  /** The value with this error's edit made, or `undefined` to leave it as it is. */
  readonly edit: (current: unknown, error: SchemaError) => unknown;
  /** The tool's schema, to read a union branch that is a bare local `$ref` (see `isInsideAlternative`). */
  readonly root?: unknown;
}

/** The value after every edit, or `undefined` when no error changed it. */
export function editAtErrors(value: unknown, errors: readonly SchemaError[], { handles, edit, root }: ErrorEdit): unknown {
  let current = value;
  let changed = false;
  for (const error of errors) {
    if (!handles(error) || isInsideAlternative(error, errors, root)) continue;
    const next = edit(current, error);
    if (next === undefined) continue;
    current = next;
    changed = true;
  }
  return changed ? current : undefined;
}
