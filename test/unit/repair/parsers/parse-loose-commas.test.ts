import { describe, expect, it } from "vitest";
import { parseLooseCommas } from "../../../../src/repair/parsers/parse-loose-commas.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";

const tags = objectSchema(["tags", "n"], { types: { tags: { type: "array", items: { type: "string" } }, n: { type: "integer" } } });
const mixed = objectSchema(["tags"], { types: { tags: { type: "array", items: { type: ["string", "integer"] } } } });
const values = objectSchema(["items"], { types: { items: { type: "array", items: { type: ["string", "number", "boolean", "null"] } } } });
const numbers = objectSchema(["items"], { types: { items: { type: "array", items: { type: ["number", "boolean"] } } } });
const movie = objectSchema(["title", "genre", "cast"], { types: { cast: { type: "array", items: { type: "string" } } } });
const counted = objectSchema(["title", "genre", "year", "value", "cast"], {
  types: { year: { type: "integer" }, value: { type: "boolean" }, cast: { type: "array", items: { type: "integer" } } },
  closed: true,
});

describe("parse-loose-commas", () => {
  it.each([
    [movie, '{"title": "Up" "genre": "animation"}', { title: "Up", genre: "animation" }],
    [movie, '{"title": "Up",, "genre": "animation",}', { title: "Up", genre: "animation" }],
    [movie, '{, "title": "Up"}', { title: "Up" }],
    [movie, '{"cast": ["Ed" "Jordan"], "title": "Up"}', { cast: ["Ed", "Jordan"], title: "Up" }],
    [movie, '{"cast": ["Ed",, "Jordan",], "title": "Up"}', { cast: ["Ed", "Jordan"], title: "Up" }],
    [movie, '{"title": "Say "when"" "genre": "drama"}', { title: 'Say "when"', genre: "drama" }],
    [movie, "{\n  title: Up\n  genre: animation\n}", { title: "Up", genre: "animation" }],
    // unquoted words one a line in a list of strings: each line an item
    [tags, '{"tags": [\na\nb\n]}', { tags: ["a", "b"] }],
    [tags, '{"tags": [\n  alpha\n  beta-2\n  c.d\n], "n": 1}', { tags: ["alpha", "beta-2", "c.d"], n: 1 }],
    [tags, "{tags: [\n  src/a.ts\n\n  src/b.ts]}", { tags: ["src/a.ts", "src/b.ts"] }],
    [tags, '{"tags": [a\nb], "n": 2}', { tags: ["a", "b"], n: 2 }],
    // the comma left out between a string and a declared key glued to it
    [movie, '{"title": "Up""genre": "animation"}', { title: "Up", genre: "animation" }],
    [movie, '{"genre": "drama", "title": "Wait...""cast": ["Ed"]}', { genre: "drama", title: "Wait...", cast: ["Ed"] }],
    // a declared key that lost its opening quote, and the comma before it, after a string closed on its text
    [movie, '{"title": "Up"genre": "animation"}', { title: "Up", genre: "animation" }],
    [movie, '{"title": "The Bond"\ngenre": "drama"}', { title: "The Bond", genre: "drama" }],
    [movie, "{'title': 'Up' genre': 'drama'}", { title: "Up", genre: "drama" }],
    [movie, '{"title": "Up"cast": ["Ed"], "genre": "x"}', { title: "Up", cast: ["Ed"], genre: "x" }],
    // after a string, a declared bare key and its colon: the comma left out (as after a number)
    [counted, "{title: 'Up' year: 2009}", { title: "Up", year: 2009 }],
    [counted, '{"title": "Up"\ngenre: "drama"}', { title: "Up", genre: "drama" }],
    [counted, '{ \nvalue: true title: \'fun\' year: 3 genre: "a b"\ncast: [ 2 9234 98]\n}', { value: true, title: "fun", year: 3, genre: "a b", cast: [2, 9234, 98] }],
    // a number or a literal after an item that cannot run on into it: the next item
    [values, '{"items": [\n"def"\n"ghi" 3 true null\n]}', { items: ["def", "ghi", 3, true, null] }],
    [values, '{"items": ["a" 3, "b"]}', { items: ["a", 3, "b"] }],
    [values, "{'items': ['a' -2.5]}", { items: ["a", -2.5] }],
    [values, '{"items": ["a" false]}', { items: ["a", false] }],
    [numbers, '{"items": [true 1 false 2]}', { items: [true, 1, false, 2] }],
    [numbers, '{"items": [1 true]}', { items: [1, true] }],
    // a number after a number that cannot be the rest of it: the next item
    [numbers, '{"items": [1 2 3]}', { items: [1, 2, 3] }],
    [numbers, '{"items": [12 3]}', { items: [12, 3] }],
    [numbers, '{"items": [2.5 10, 7]}', { items: [2.5, 10, 7] }],
    [numbers, '{"items": [1000 250]}', { items: [1000, 250] }],
    [values, '{"items": ["a" 1 2]}', { items: ["a", 1, 2] }],
    // a colon typed twice before a value that cannot be text opening with `:`
    [movie, '{"title":: "Up", "genre": "drama"}', { title: "Up", genre: "drama" }],
    [movie, '{"title": : "Up"}', { title: "Up" }],
    [tags, '{"n":: 3, "tags":: ["a"]}', { tags: ["a"], n: 3 }],
    // three colons: which were typed too often is no longer one slip
    [movie, '{"title"::: "Up"}', undefined],
    // a quote after the second colon that does not close before the next member: the colon and quote may be the text's
    [movie, '{"title": :"#, "genre": "drama"}', undefined],
    // a colon typed where a key starts, after the brace or a comma, the key's own colon after it
    [movie, '{:"title": "Up"}', { title: "Up" }],
    [counted, '{:year:1999}', { year: 1999 }],
    [movie, '{"title": "Up", :"genre": "drama"}', { title: "Up", genre: "drama" }],
    [counted, '{ : "title": "Up" , : "year": 2009 }', { title: "Up", year: 2009 }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseLooseCommas, schema, input, expected));

  it.each([
    // a line with a space: one item, or two with the comma left out?
    [tags, '{"tags": [\na b\nc\n]}'],
    [tags, '{"tags": [\na\nb c\n]}'],
    [tags, '{"tags": [a b]}'],
    [tags, '{"tags": [New York]}'],
    // a number or literal among the lines: text, or the number it spells?
    [tags, '{"tags": [\na\n1\n]}'],
    [tags, '{"tags": [\na\ntrue\n]}'],
    [tags, '{"tags": [\na\nNone\n]}'],
    // items that may be numbers too
    [mixed, '{"tags": [\na\nb\n]}'],
    // a quoted item among them
    [tags, '{"tags": ["x"\nb\n]}'],
    // glued to a quote, a key the object does not declare, or a name with no colon: a doubled quote as well
    [movie, '{"title": "Up""year": 2009}'],
    [movie, '{"title": "Up""genre" "drama"}'],
    // a group of three digits after one of one to three: one number with its thousands set apart, or two items?
    [numbers, '{"items": [1 000]}'],
    [numbers, '{"items": [12 500]}'],
    [numbers, '{"items": [-5 100]}'],
    [numbers, '{"items": [4, 1 234 567]}'],
    // `1 -2` may be an expression; glued to the quote (`"a"3`), the quote may be an inner one
    [numbers, '{"items": [1 -2]}'],
    [values, '{"items": ["a"3]}'],
    // words after a number are a unit, not an item
    [values, '{"items": ["a" 5 apples]}'],
    // in an object a lone value is one whose key was lost
    [movie, '{"title": "Up" 3}'],
    // after a string, a bare word that is no declared key
    [counted, '{"title": "Up" other: 3}'],
    // a key that lost its opening quote: not with no colon; and not after a string whose quote follows a space or
    // a bracket (that quote opens the key: `"Up "genre":`, `{"genre":`)
    [movie, '{"title": "Up"genre" "drama"}'],
    [movie, '{"title": "Up "genre": "drama"}'],
    [objectSchema(["title", "genre"], { closed: true }), '{"title": "see {"genre": "x"}"}'],
    // a colon where a key starts with no key after it: a value whose key was lost
    [counted, '{"title": "Up", :"drama"}'],
    [counted, '{:1999}'],
  ])("%s → nothing", (schema, input) => assertReads(parseLooseCommas, schema, input, undefined));

  // Where only text fits, `:0` is that text written bare: reading a colon typed twice would drop a character.
  it.each([
    [movie, '{"title": :0}', { title: ":0" }],
    [movie, "{title: :42, genre: x}", { title: ":42", genre: "x" }],
    [movie, '{"title": :-1}', { title: ":-1" }],
  ])("%s → %j, the colon kept", (schema, input, expected) => {
    expect(validReadings(input, schema).map((reading) => reading.value)).toStrictEqual([expected]);
  });
});
