import { describe, expect, it } from "vitest";
import { fillConst } from "../../../../src/repair/fixers/fill-const.ts";
import { fillDefaults } from "../../../../src/repair/fixers/fill-defaults.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase, errorsFor } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: {
    name: { type: "string" },
    purpose: { type: "string", enum: ["EVENTS"] },
    version: { const: 2 },
    mode: { type: "string", enum: ["a", "b"], default: "a" },
    tags: { type: "array", default: ["x"] },
    nested: { type: "object", properties: { kind: { const: "k" } }, required: ["kind"] },
  },
  required: ["name", "purpose", "version"],
};

const constRows: FixerCase[] = [
  { title: "one-member enum", schema, before: { name: "n", version: 2 }, after: { name: "n", version: 2, purpose: "EVENTS" } },
  { title: "const", schema, before: { name: "n", purpose: "EVENTS" }, after: { name: "n", purpose: "EVENTS", version: 2 } },
  { title: "nested object", schema, before: { name: "n", purpose: "EVENTS", version: 2, nested: {} }, after: { name: "n", purpose: "EVENTS", version: 2, nested: { kind: "k" } } },
  { title: "several values known, the unknown one stays missing", schema, before: {}, after: { purpose: "EVENTS", version: 2 } },
  { title: "a value nothing provides is not invented", schema, before: { purpose: "EVENTS", version: 2 }, after: undefined },
  { title: "default is not const", schema: { ...schema, required: ["mode"] }, before: {}, after: undefined },
  { title: "inside anyOf: choosing a branch is a guess", schema: { type: "object", anyOf: [{ properties: { k: { const: 1 } }, required: ["k"] }, { required: ["j"] }] }, before: {}, after: undefined },
];

const defaultRows: FixerCase[] = [
  { title: "default filled for a required property", schema: { ...schema, required: ["mode", "tags"] }, before: {}, after: { mode: "a", tags: ["x"] } },
  { title: "no default, nothing filled", schema, before: { purpose: "EVENTS", version: 2 }, after: undefined },
  { title: "optional property is not filled", schema, before: { name: "n", purpose: "EVENTS", version: 2, nested: {} }, after: undefined },
  { title: "not beside a key nothing matched: the value may be under it", schema: { ...schema, required: ["mode"] }, before: { modus: "b" }, after: undefined },
  { title: "a nested object is judged on its own keys", schema: { type: "object", properties: { a: { type: "object", properties: { m: { type: "string", default: "x" } }, required: ["m"] }, extra: {} }, required: ["a"] }, before: { a: {}, extra: 1 }, after: { a: { m: "x" }, extra: 1 } },
];

describe("fill-const", () => {
  it.each(constRows)("$title", (row) => checkFixerCase(fillConst, row));
});

describe("fill-defaults", () => {
  it.each(defaultRows)("$title", (row) => checkFixerCase(fillDefaults, row));

  it("fills nothing after a cut: the missing property may be what the cut took", () => {
    const required = { ...schema, required: ["mode"] };
    expect(fillDefaults.fix({}, { schema: required, errors: errorsFor(required, {}), truncated: true })).toBeUndefined();
    expect(fillDefaults.fix({}, { schema: required, errors: errorsFor(required, {}), truncated: false })).toEqual({ mode: "a" });
  });
});
