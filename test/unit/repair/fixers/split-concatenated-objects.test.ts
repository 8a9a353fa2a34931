import { describe, it } from "vitest";
import { splitConcatenatedObjects } from "../../../../src/repair/fixers/split-concatenated-objects.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("split-concatenated-objects", () => {
  it.each([
    ['{}{"a":1}', '{"a":1}'],
    ['{"a":1}{}', '{"a":1}'],
    ['{ }\n{"a":1}', '{"a":1}'],
    ['{"a":1}{"a":1}', '{"a":1}'],
    ['{"a":"}"}{"a":"}"}', '{"a":"}"}'],
    ['{"a":1}, {}', '{"a":1}'],
    // Two different calls' arguments: not a glitch, and not ours to choose.
    ['{"a":1}{"a":2}', undefined],
    ['{}{}', undefined],
    ['{"a":1}', undefined],
    ['{"a":1}{"a":', undefined],
    ['{"a":1} text {}', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(splitConcatenatedObjects, input, expected));
});
