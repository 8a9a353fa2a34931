import { describe, it } from "vitest";
import { parseMissingColons } from "../../../../src/repair/parsers/parse-missing-colons.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const pair = objectSchema(["a", "c"], { types: { c: { type: "integer" } } });
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
    // a bare key: only a declared one opening a member, then a quoted value on its line
    [weather, "{town 'Paris'}"],
    [weather, "{city\n'Paris'}"],
    [weather, "{city Paris}"],
    [weather, "{days 3}"],
    [weather, '{"days": 1, city "Paris" "x"}'],
    // a bare key that lost only its opening quote, and its colon: two slips, who knows
    [weather, '{city" "Paris"}'],
    // after a value and a comma, a bare word may still be more of that value: not looked for there
    [weather, '{"days": 2, city "Paris"}'],
    // no space between: a doubled quote, not a missing colon
    [objectSchema(["a"]), "{'a''b'}"],
    // a missing value is not a missing colon
    [objectSchema(["a", "c"], { closed: true }), '{"a" , "c": "x"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseMissingColons, schema, input, undefined));
});
