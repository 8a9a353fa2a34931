import { describe, it } from "vitest";
import { repairJsonHeuristics } from "../../../../src/repair/fixers/repair-json-heuristics.ts";
import { assertTextFix, assertTextFixParses } from "./text-fixer-helper.ts";

describe("repair-json-heuristics", () => {
  it.each([
    ['{"html": "<a href="x">y</a>"}', { html: '<a href="x">y</a>' }],
    ['{"k"e"y": "value"}', { 'k"e"y': "value" }],
    ['{"a": tru}', { a: "tru" }],
    ["{'a': 'b',}", { a: "b" }],
  ])("%j → %j", (input, expected) => assertTextFixParses(repairJsonHeuristics, input, expected));

  it.each([['{"a": "cut'], ['{"a": 1, "b": [1'], ['Sure: {"a": 1'], ["plain prose"], ['{"a": 1}'], ['{"":["/\\"\':\'\',\'!\':0,\'[\':\'\'}"]}']])("leaves %j alone", (input) =>
    assertTextFix(repairJsonHeuristics, input, undefined),
  );
});
