/**
 * Root `oneOf` branches across every call format the format matrix writes: the branch the call's `kind`
 * selects types its object parameter (read exactly in every format); in the branch that does not declare
 * the key, a format that writes the object as untyped text gives two readings and refuses, one that
 * carries its type reads it; no format reads it any other way.
 */
import { describe, expect, it } from "vitest";
import { matrixFormats, type Layout } from "../../../../scripts/cases/matrix-formats.ts";
import { readBothWays } from "./read-both-ways.ts";
import { acme } from "./root-branch-tools.ts";

const layout: Layout = { nl: "\n", json: (value) => JSON.stringify(value), broken: true };

describe.each(matrixFormats.map((format) => [format.name, format] as const))("%s, a root oneOf", (_name, format) => {
  it("the selected branch's object parameter is read as an object", () => {
    const args = { kind: "acme", payload: { value: "hello" } };
    expect(readBothWays(format.write([{ name: "acme", args }], layout), acme).calls).toEqual([["acme", args]]);
  });

  it("a key the selected branch does not declare: its object, or a refusal", () => {
    const args = { kind: "other", payload: { x: 1 } };
    const { calls } = readBothWays(format.write([{ name: "acme", args }], layout), acme);
    expect([[], [["acme", args]]]).toContainEqual(calls);
  });
});
