import { describe, it } from "vitest";
import { emptyToObject } from "../../../../src/repair/fixers/empty-to-object.ts";
import { stringifyObjectArguments } from "../../../../src/repair/fixers/stringify-object-arguments.ts";
import { assertArgumentsFix } from "./text-fixer-helper.ts";

describe("stringify-object-arguments", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  it.each([
    [{ path: "a.txt" }, '{"path":"a.txt"}'],
    [{}, "{}"],
    [{ nested: { list: [1, 2.5, null] } }, '{"nested":{"list":[1,2.5,null]}}'],
    ['{"path":"a.txt"}', undefined],
    [[1, 2], undefined],
    [null, undefined],
    [42, undefined],
    [cyclic, undefined],
  ])("%j → %j", (raw, expected) => assertArgumentsFix(stringifyObjectArguments, raw, expected));
});

describe("empty-to-object", () => {
  it.each([
    ["", "{}"],
    ["  \n", "{}"],
    [null, "{}"],
    [undefined, "{}"],
    ["{}", undefined],
    ["x", undefined],
    [{}, undefined],
    [0, undefined],
  ])("%j → %j", (raw, expected) => assertArgumentsFix(emptyToObject, raw, expected));
});
