import { describe, expect, it } from "vitest";
import { commentEnd, parseComments } from "../../../../src/repair/parsers/parse-comments.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";

const booking = objectSchema(["hotel", "nights", "color"], { types: { nights: { type: "integer" } } });

describe("parse-comments", () => {
  it.each([
    [booking, '{"hotel": "Ritz", // the one on the map\n"nights": 2}', { hotel: "Ritz", nights: 2 }],
    // a line ended by a carriage return alone (old Mac line ends)
    [booking, '{"hotel": "Ritz", // the one on the map\r"nights": 2}', { hotel: "Ritz", nights: 2 }],
    [booking, '{\n  "hotel": "Ritz" /* user asked */,\n  "nights": 2\n}', { hotel: "Ritz", nights: 2 }],
    [booking, '{"hotel": "Ritz", # python style\n "nights": 3}', { hotel: "Ritz", nights: 3 }],
    [booking, '// arguments\n{"hotel": "Ritz", "nights": 1}\n// done', { hotel: "Ritz", nights: 1 }],
    [booking, '{"hotel": "http://a.b/c", "nights": /* two */ 2}', { hotel: "http://a.b/c", nights: 2 }],
    [booking, '{"color": "#ff0000", "hotel": "Ritz" # red\n}', { color: "#ff0000", hotel: "Ritz" }],
    // on the text's last line, a line comment ends before the closers it would swallow
    [
      objectSchema(["key", "key3"], { types: { key: objectSchema(["key2"]) } }),
      '{ "key": { "key2": "value2" # comment }, "key3": "value3" }',
      { key: { key2: "value2" }, key3: "value3" },
    ],
    [booking, '{"hotel": "Ritz", "nights": 2 // two, as asked }\n', { hotel: "Ritz", nights: 2 }],
    [objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }), '{"tags": ["a", "b" # more later ]}', { tags: ["a", "b"] }],
    // with parse-unquoted, a comment ends an unquoted value
    [booking, "{hotel: Ritz Paris // 5 stars\n, nights: 2}", { hotel: "Ritz Paris", nights: 2 }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseComments, schema, input, expected));

  it.each([
    // a comment that holds a quote, a bracket or a colon before the closer: its words or the structure?
    [booking, '{"hotel": {"a": 1 # see "x" }, "nights": 2}'],
    [booking, '{"hotel": {"a": 1 # note: later }, "nights": 2}'],
  ])("%s → nothing", (schema, input) => assertReads(parseComments, schema, input, undefined));

  it.each([
    // not on the last line: read as a comment it would swallow `}, "b": "2"`
    '{"a": {"x": "1" # c }, "b": "2"\n}',
    '{"tag":""# heading""}',
    '{"tag":""// not a comment""}',
  ])("never reads a line comment that would swallow a closer: %j", (input) => {
    const schema = objectSchema(["a", "b", "tag"], { types: { a: objectSchema(["x"]) } });
    for (const reading of validReadings(input, schema)) expect(reading.parsers).not.toContain(parseComments.name);
  });

  it("leaves `#` followed by a word and an unclosed block alone", () => {
    expect(commentEnd("#ff0000", 0)).toBeUndefined();
    expect(commentEnd("/* open", 0)).toBeUndefined();
    expect(commentEnd("# x\ny", 0)).toBe(3);
    expect(commentEnd("// x", 0)).toBe(4);
  });
});
