import { describe, it } from "vitest";
import { parseLooseCommas } from "../../../../src/repair/parsers/parse-loose-commas.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const tags = objectSchema(["tags", "n"], { types: { tags: { type: "array", items: { type: "string" } }, n: { type: "integer" } } });
const mixed = objectSchema(["tags"], { types: { tags: { type: "array", items: { type: ["string", "integer"] } } } });
const movie = objectSchema(["title", "genre", "cast"], { types: { cast: { type: "array", items: { type: "string" } } } });

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
  ])("%s → nothing", (schema, input) => assertReads(parseLooseCommas, schema, input, undefined));
});
