import { describe, expect, it } from "vitest";
import { isInsideAlternative, shallowAccepts, soleBranchByType } from "../../../src/repair/schema-shape.ts";
import { errorsFor } from "./fixers/value-fixer-helper.ts";

describe("shallowAccepts", () => {
  it.each([
    [{ type: "integer" }, 3, true],
    [{ type: "number" }, 3, true],
    [{ type: "integer" }, 3.5, false],
    [{ type: ["string", "null"] }, null, true],
    [{ enum: ["a", "b"] }, "c", false],
    [{ const: { a: [1] } }, { a: [1] }, true],
    [{ type: "string", minLength: 99 }, "short", true],
    [true, "anything", true],
    [false, "anything", false],
    [{ $ref: "#/$defs/x" }, 1, undefined],
    [{ anyOf: [{ type: "string" }] }, 1, undefined],
    [{ type: "nonsense" }, 1, undefined],
  ] as const)("%j on %j → %s", (schema, value, verdict) => {
    expect(shallowAccepts(schema, value)).toBe(verdict);
  });
});

describe("soleBranchByType", () => {
  it("finds the one branch of the value's type", () => {
    expect(soleBranchByType([{ type: "string", enum: ["a"] }, { type: "null" }], "x")).toEqual({ type: "string", enum: ["a"] });
  });

  it.each([
    ["two branches of that type", [{ type: "string" }, { type: "string" }]],
    ["a branch without a type", [{ type: "string" }, { enum: ["a"] }]],
    ["no branch of that type", [{ type: "null" }]],
  ])("declines: %s", (_title, branches) => {
    expect(soleBranchByType(branches, "x")).toBeUndefined();
  });
});

describe("isInsideAlternative", () => {
  const schema = {
    type: "object",
    properties: { v: { anyOf: [{ type: "integer" }, { type: "null" }] }, w: { type: "integer" } },
  };
  const errors = errorsFor(schema, { v: "1", w: "2" });

  it("marks branch errors and not the alternative itself", () => {
    const branchError = errors.find((error) => error.instancePath === "/v" && error.keyword === "type")!;
    const alternative = errors.find((error) => error.keyword === "anyOf")!;
    expect(isInsideAlternative(branchError, errors)).toBe(true);
    expect(isInsideAlternative(alternative, errors)).toBe(false);
  });

  it("leaves errors elsewhere alone", () => {
    const other = errors.find((error) => error.instancePath === "/w")!;
    expect(isInsideAlternative(other, errors)).toBe(false);
  });
});
