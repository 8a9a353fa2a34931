import { describe, it } from "vitest";
import { parseMissingColons } from "../../../../src/repair/parsers/parse-missing-colons.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const pair = objectSchema(["a", "c"], { types: { c: { type: "integer" } } });
const counts = objectSchema(["a", "b", "c"], { types: { a: { type: "integer" }, b: { type: "number" }, c: { type: "integer" } }, closed: true });
const weather = objectSchema(["city", "days", "daily", "tags", "place"], {
  types: { days: { type: "integer" }, daily: { type: "boolean" }, tags: { type: "array", items: { type: "string" } }, place: objectSchema(["lat"], { types: { lat: { type: "number" } } }) },
});

describe("parse-missing-colons", () => {
  it.each([
    [objectSchema(["a"]), "{'a' 'b'}", { a: "b" }],
    [pair, '{"a" "b", "c" 1}', { a: "b", c: 1 }],
    [weather, '{"city" "New York, NY", "days" -3, "daily" true}', { city: "New York, NY", days: -3, daily: true }],
    [weather, '{"tags" ["x", "y"], "place" {"lat" 1.5}}', { tags: ["x", "y"], place: { lat: 1.5 } }],
    [weather, '{\n  "city"\n  "Paris",\n  "days": 2\n}', { city: "Paris", days: 2 }],
    [weather, "{“city” “Paris”}", { city: "Paris" }],
    // with inner quotes kept: the next member's key is found without its colon
    [weather, '{"city" "the "big" apple", "days" 2}', { city: 'the "big" apple', days: 2 }],
    // unquoted text, for a key declared a string (parse-unquoted reads where it ends)
    [weather, '{"city" Paris}', { city: "Paris" }],
    [weather, '{"city" New York, NY, "days" 2}', { city: "New York, NY", days: 2 }],
    [objectSchema(["path", "content"]), '{"content":"x","path"/home/a.md"}', { content: "x", path: "/home/a.md" }],
    // a declared bare key opening a member, then a quoted value on its line
    [weather, "{city 'Paris'}", { city: "Paris" }],
    [weather, "{city \u201cParis\u201d, days 3}", undefined],
    // a declared bare key before a number or a literal where its property takes no text; then a declared bare
    // key may follow such a value with its comma left out too
    [weather, "{days 3}", { days: 3 }],
    [weather, '{"days": 2, city "Paris"}', { days: 2, city: "Paris" }],
    [counts, "{a 1 b:2 c 3}", { a: 1, b: 2, c: 3 }],
    [counts, "{a 1 b 2 c 3}", { a: 1, b: 2, c: 3 }],
    [counts, "{a -1\nb 2.5\nc 3}", { a: -1, b: 2.5, c: 3 }],
    [counts, '{"a": 1 b 2, "c": 3}', { a: 1, b: 2, c: 3 }],
    [weather, "{days 3 daily true}", { days: 3, daily: true }],
    // a number or a bracket glued to a quoted key, where its property takes no text
    [weather, '{"days"2, "tags"["x"]}', { days: 2, tags: ["x"] }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseMissingColons, schema, input, expected));

  it.each([
    // a key the schema does not declare: a key, or a value whose key was lost?
    [pair, '{"b" "x"}'],
    [objectSchema([]), '{"a" "b"}'],
    // unquoted text after a key declared a number, or that would be more of the key (`"first name":`)
    [weather, '{"days" three}'],
    [weather, '{"city" Paris": 1}'],
    // glued to the key, a letter may be the key's own text
    [weather, '{"city"Paris}'],
    [weather, '{"city"2}'],
    // a bare key: only a declared one opening a member, then a quoted value on its line
    [weather, "{town 'Paris'}"],
    [weather, "{city\n'Paris'}"],
    [weather, "{city Paris}"],
    // a number where text fits may begin that text (`3 rue de Rivoli`); words after a number are its unit
    [weather, "{city 3}"],
    [weather, "{city 3 rue de Rivoli}"],
    [counts, "{a 1 b 2 c 3 apples}"],
    [counts, "{a 1 b 2 c three}"],
    // a bare word the object does not declare: a key, or words of no member?
    [counts, "{a 1 d 2 c 3}"],
    [counts, "{a 1 b 2 c 3 d 4}"],
    [weather, '{"days": 1, city "Paris" "x"}'],
    // a colon in another width was typed, not left out: it never opens the value (the fullwidth fixer reads it)
    [weather, "{«city»：«Paris»}"],
    [weather, "{“city”﹕“Paris”}"],
    [weather, "{city：Paris}"],
    // a bare key that lost only its opening quote, and its colon: two slips, who knows
    [weather, '{city" "Paris"}'],
    // after a value and a comma, a bare word may still be more of that value: not looked for there
    [weather, '{"city": "Oslo", place "x"}'],
    // no space between: a doubled quote, not a missing colon
    [objectSchema(["a"]), "{'a''b'}"],
    // a missing value is not a missing colon
    [objectSchema(["a", "c"], { closed: true }), '{"a" , "c": "x"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseMissingColons, schema, input, undefined));
});
