import { describe, it } from "vitest";
import { parseTypographicQuotes } from "../../../../src/repair/parsers/parse-typographic-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"], { required: ["city"] });
const note = objectSchema(["title", "text"]);
const list = objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } });
const counted = objectSchema(["name", "count"], { types: { count: { type: "integer" } } });

describe("parse-typographic-quotes", () => {
  it.each([
    // each kind of quote, as keys and as values
    [weather, "{“city”: “Paris”}", { city: "Paris" }],
    [weather, "{‘city’:‘Paris’}", { city: "Paris" }],
    [weather, "{`city´:`Paris´}", { city: "Paris" }],
    [weather, "{«city»: «Paris»}", { city: "Paris" }],
    [weather, "{„city“: „Paris“}", { city: "Paris" }],
    [weather, "{”city”: ”Paris”}", { city: "Paris" }],
    [weather, "{＂city＂: ＂Paris＂}", { city: "Paris" }],
    // CJK corner brackets, a kind of their own
    [weather, "{「city」: 「東京」}", { city: "東京" }],
    [weather, "{『city』: 『Paris』, 「unit」: 「c」}", { city: "Paris", unit: "c" }],
    [note, "{「title」: 「彼は『はい』と言った」}", { title: "彼は『はい』と言った" }],
    [note, '{"title": "他说「你好」", 「text」: 「x」}', { title: "他说「你好」", text: "x" }],
    // mixed with plain quotes, and closed by the plain quote of its kind
    [weather, '{“city”: "Paris", "unit": ‘c’}', { city: "Paris", unit: "c" }],
    [weather, '{“city": "Paris"}', { city: "Paris" }],
    [weather, "{‘city': 'Paris'}", { city: "Paris" }],
    // a quote of the same kind inside is text unless a valid continuation follows it
    [note, "{‘title’: ‘it’s Bob’s’, ‘text’: ‘the students’’}", { title: "it’s Bob’s", text: "the students’" }],
    [note, "{“title”: “say “hi” now”}", { title: "say “hi” now" }],
    [note, '{“title”: “He said "no", twice”}', { title: 'He said "no", twice' }],
    [note, "{“text”: “a, b: c”, “title”: “x”}", { text: "a, b: c", title: "x" }],
    // escapes are decoded as in JSON
    [note, "{“text”: “line1\\nline2”}", { text: "line1\nline2" }],
    [note, "{“text”: “”, “title”: ‘’}", { text: "", title: "" }],
    // in arrays, nested, with the other families
    [list, "{“tags”: [“a”, ‘b c’]}", { tags: ["a", "b c"] }],
    [counted, "{“name”: “x”, “count”: 3,}", { name: "x", count: 3 }],
    [counted, "{“name”: “x” “count”: 3}", { name: "x", count: 3 }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseTypographicQuotes, schema, input, expected));

  it.each([
    // cut inside the string
    [weather, "{“city”: “Paris"],
    [weather, "{“city”: “Paris}"],
    // quotes that delimit structure inside a stretched string: broken elsewhere
    [note, "{“title”: “x”, “text: “y”}"],
    // a doubled one is no delimiter: a fence, LaTeX's ``quote'', or who knows
    [weather, "{``city'': ``Paris''}"],
    [weather, "{“city”: ““Paris””}"],
    // a corner bracket is closed by a corner bracket only
    [weather, '{「city」: 「Paris"}'],
    [weather, "{「city」: 「Paris”}"],
  ])("%s → nothing", (schema, input) => assertReads(parseTypographicQuotes, schema, input, undefined));
});
