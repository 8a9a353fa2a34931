import { describe, it } from "vitest";
import { repairJsonSyntax } from "../../../../src/repair/fixers/repair-json-syntax.ts";
import { assertTextFix, assertTextFixParses } from "./text-fixer-helper.ts";

describe("repair-json-syntax", () => {
  it.each([
    ["{'a': 'b'}", { a: "b" }],
    ['{"a": 1,}', { a: 1 }],
    ['{"a": [1, 2,],}', { a: [1, 2] }],
    ["{a: 1, b_c: 'x'}", { a: 1, b_c: "x" }],
    ['{"a": True, "b": False, "c": None}', { a: true, b: false, c: null }],
    ['{"a": 1 // why\n}', { a: 1 }],
    ['{"a": /* no */ 1}', { a: 1 }],
    ['{"a": "x" "b": "y"}', { a: "x", b: "y" }],
    ['{"a": "line\nbreak"}', { a: "line\nbreak" }],
    ['{"a": 1}}', { a: 1 }],
    ['{"a": (1, 2), "b": ()}', { a: [1, 2], b: [] }],
    ['{"a": (1), "b": ("x"), "c": (1,)}', { a: 1, b: "x", c: [1] }],
    ['{"a": 82_461_110, "b": 1_234.5_6}', { a: 82461110, b: 1234.56 }],
    ['{"a": 1/3, "b": "c"}', { a: "1/3", b: "c" }],
    ['{"a": /usr/bin/env}', { a: "/usr/bin/env" }],
    ['{"a": ["x", "y"}, "b": ["z"]}', { a: ["x", "y"], b: ["z"] }],
    ['{"a": ["x", "y" z", "w"]}', { a: ["x", "y", "z", "w"] }],
    ['{"a": ["x" z]}', { a: ["x", "z"] }],
    ['{"id": 57eeeeb1-450b-482c-81b9-4be77e95dee2}', { id: "57eeeeb1-450b-482c-81b9-4be77e95dee2" }],
    // Every backslash the model wrote is kept; an escape JSON knows keeps its meaning.
    ["{'p': 'C:\\Users\\a b\\x.txt',}", { p: "C:\\Users\\a b\\x.txt" }],
    ['{"p": "C:\\Users\\x", "q": 1,}', { p: "C:\\Users\\x", q: 1 }],
    ["{'a': 'it\\'s \"q\"', 'b': 'x\\ny',}", { a: 'it\'s "q"', b: "x\ny" }],
    // A list closed before the next member could not have held it: the stray closer at the end is the only misplaced one.
    ['{"t": ["x"], "a": {"b": 1}}}', { t: ["x"], a: { b: 1 } }],
    ['{"t": [1, 2], "c": 2}}', { t: [1, 2], c: 2 }],
    // Objects or lists in a list: what follows their comma is the next item, no object's member, so no closer moves there.
    ['{"t": [{"b": 1}, {"b": 2}], "c": 2}}', { t: [{ b: 1 }, { b: 2 }], c: 2 }],
    ['{\n"h": "x",\n"t": [\n{\n"b": 1\n},\n{\n"b": 2\n}\n\n]\n}}', { h: "x", t: [{ b: 1 }, { b: 2 }] }],
    ['{"a": [[1], [2]]}}', { a: [[1], [2]] }],
  ])("%j → %j", (input, expected) => assertTextFixParses(repairJsonSyntax, input, expected));

  it.each([
    // Cut short: closing it is close-truncated's decision, and a cut string is never closed.
    ['{"a": "Par'],
    ['{"a": 1, "b": [1, 2'],
    ["{'a': 'b'"],
    // Not an object: fences, prose and tokens belong to other fixers.
    ['```json\n{"a": 1,}\n```'],
    ['Sure! {"a": 1,}'],
    ['[{"a": 1}]'],
    ['{"a":1}{"b":2}'],
    ["Unfortunately I cannot do that."],
    [""],
    ['{"a": 1}'],
    // Several readings: repair-json-heuristics' (lossy) call, not this one's.
    ["{'cmd': 'ls \\\n  -la'}"],
    ['{"list": "carrot\\\nturnip\\\nlettuce"}'],
    ['{"cmd": "ls \\\n  -la", "n": 1,}'],
    ['{"html": "<a href="x">y</a>"}'],
    ['{"a": tru, "b": 1}'],
    ['{"a": , "b": 1}'],
    ['{"a": [12 3]}'],
    ['{"a": "x" "y"}'],
    // A word glued to a string, or after an empty one, is more likely inside inner quotes than a missing comma.
    ['{"a": [""A"]}'],
    ['{"a": ["" A"]}'],
    // After digits the quote may be an inch mark, the item's own (`32" display`).
    ['{"a": ["samsung 32" display"]}'],
    ['{"a": ["x", "v2" z", "w"]}'],
    // Bare words in a row in an array: one item with a space, or two with a comma left out?
    ['{"a": [python java, rust]}'],
    // A key glued to the value before it may be that value's text (`"#:"` in doubled quotes): no missing-comma reading.
    ['{"a": ""#:"", "b": 1}'],
    ['{"a": "x""b": 1}'],
    // After an empty string, a key with a space before it may be doubled quotes' text (`"" a:""` is ` a:`) as well.
    ['{"a": "" b:""}'],
    ['{"a": "" "b": 1}'],
    // A stray closer at the end after a nested object and another member: which closer was misplaced?
    ['{"a": {"b": 1}, "c": 2}}'],
    ['{"t": ["x"], "a": {"b": 1}, "c": 2}}'],
    ['{"a": [[1], 2]]}'],
    // Items in a list, then a nested object and a member: the object's closer may still be the misplaced one.
    ['{"t": [{"b": 1}, {"b": 2}], "a": {"x": 1}, "c": 2}}'],
    ['{"t": [{"b": 1}, {"b": 2}, "c": 2}}'],
  ])("leaves %j alone", (input) => assertTextFix(repairJsonSyntax, input, undefined));
});

describe("repair-json-syntax keeps the structure it read", () => {
  // jsonrepair alone turns this into {"a":["",[""]]} (found by the property tests).
  it("refuses a repair that changes brackets or values", () => {
    assertTextFix(repairJsonSyntax, '{a:["["]}', undefined);
  });
});
