import { describe, expect, it } from "vitest";
import { commentEnd, parseComments } from "../../../../src/repair/parsers/parse-comments.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const booking = objectSchema(["hotel", "nights", "color"], { types: { nights: { type: "integer" } } });

describe("parse-comments", () => {
  it.each([
    [booking, '{"hotel": "Ritz", // the one on the map\n"nights": 2}', { hotel: "Ritz", nights: 2 }],
    [booking, '{\n  "hotel": "Ritz" /* user asked */,\n  "nights": 2\n}', { hotel: "Ritz", nights: 2 }],
    [booking, '{"hotel": "Ritz", # python style\n "nights": 3}', { hotel: "Ritz", nights: 3 }],
    [booking, '// arguments\n{"hotel": "Ritz", "nights": 1}\n// done', { hotel: "Ritz", nights: 1 }],
    [booking, '{"hotel": "http://a.b/c", "nights": /* two */ 2}', { hotel: "http://a.b/c", nights: 2 }],
    [booking, '{"color": "#ff0000", "hotel": "Ritz" # red\n}', { color: "#ff0000", hotel: "Ritz" }],
    // with parse-unquoted, a comment ends an unquoted value
    [booking, "{hotel: Ritz Paris // 5 stars\n, nights: 2}", { hotel: "Ritz Paris", nights: 2 }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseComments, schema, input, expected));

  it("leaves `#` followed by a word and an unclosed block alone", () => {
    expect(commentEnd("#ff0000", 0)).toBeUndefined();
    expect(commentEnd("/* open", 0)).toBeUndefined();
    expect(commentEnd("# x\ny", 0)).toBe(3);
    expect(commentEnd("// x", 0)).toBe(4);
  });
});
