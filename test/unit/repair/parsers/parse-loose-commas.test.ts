import { describe, it } from "vitest";
import { parseLooseCommas } from "../../../../src/repair/parsers/parse-loose-commas.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

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
  ])("%s → %j", (schema, input, expected) => assertReads(parseLooseCommas, schema, input, expected));
});
