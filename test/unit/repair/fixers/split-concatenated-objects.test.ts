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
    // A copy left open, then the same object in full (a server restarting the arguments mid-stream).
    ['{"command":"pwd","description":"Check"{"command": "pwd", "description": "Check"}', '{"command": "pwd", "description": "Check"}'],
    ['{"cmd": "ls", "t": 5{"cmd": "ls", "t": 5}', '{"cmd": "ls", "t": 5}'],
    ['{"cmd":"pw{"cmd":"pwd","opts":{"a":[1,"{"]}}', '{"cmd":"pwd","opts":{"a":[1,"{"]}}'],
    ['  {"q": "a\\"b", {"q": "a\\"b", "n": 1}  ', '{"q": "a\\"b", "n": 1}'],
    // A start that differs from the full copy, or no start at all: another object, not a restart.
    ['{"cmd":"rm -rf /"{"cmd": "pwd"}', undefined],
    ['{"cmd":"pwd","force":true{"cmd": "pwd"}', undefined],
    ['{{"cmd": "pwd"}', undefined],
    ['{"cmd":"pwd"{"cmd": "pwd"} trailing', undefined],
    ['{"list":[{"cmd": "pwd"}', undefined],
    // A brace right after unquoted text may be the text's own (`#}{`): where the objects end is open.
    ['{"a": #}{}', undefined],
    ['{a: x y}{}', undefined],
    ['{}{"a": {"b": x}}', undefined],
    ['{"a": x}{"a": x}', undefined],
    // Numbers, literals, quotes and brackets end a value where they stand.
    ['{"a": 1, b: true}{}', '{"a": 1, b: true}'],
    ["{'a': 'x'}{}", "{'a': 'x'}"],
    ['{"a": [x]}{}', '{"a": [x]}'],
  ])("%j → %j", (input, expected) => assertTextFix(splitConcatenatedObjects, input, expected));
});
