import { describe, expect, it } from "vitest";
import { editAtErrors } from "../../../src/repair/edit-at-errors.ts";
import { setPointer } from "../../../src/repair/json-pointer.ts";
import type { SchemaError } from "../../../src/repair/types.ts";

const error = (keyword: string, instancePath: string): SchemaError => ({ keyword, instancePath, schemaPath: "#", params: {} });

/** Sets the value at the error's path to the error's keyword. */
const stamp = { handles: (at: SchemaError) => at.keyword !== "anyOf", edit: (current: unknown, at: SchemaError) => setPointer(current, at.instancePath, at.keyword) };

describe("editAtErrors", () => {
  it("makes each handled error's edit on the value the earlier edits left", () => {
    expect(editAtErrors({ a: 1, b: 2 }, [error("type", "/a"), error("enum", "/b")], stamp)).toEqual({ a: "type", b: "enum" });
  });

  it("answers undefined when no error changed the value", () => {
    expect(editAtErrors({ a: 1 }, [], stamp)).toBeUndefined();
    expect(editAtErrors({ a: 1 }, [error("type", "/a")], { handles: () => true, edit: () => undefined })).toBeUndefined();
  });

  it("leaves errors the fixer does not handle, and errors inside an anyOf or oneOf", () => {
    const errors = [error("type", "/a/x"), error("anyOf", "/a"), error("enum", "/b")];
    expect(editAtErrors({ a: { x: 1 }, b: 2 }, errors, stamp)).toEqual({ a: { x: 1 }, b: "enum" });
  });

  it("never changes its input", () => {
    const value = { a: 1 };
    editAtErrors(value, [error("type", "/a")], stamp);
    expect(value).toEqual({ a: 1 });
  });
});
