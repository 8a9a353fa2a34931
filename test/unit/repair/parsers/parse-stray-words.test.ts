import { describe, expect, it } from "vitest";
import { parseStrayWords, strayEnd } from "../../../../src/repair/parsers/parse-stray-words.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";

const flags = objectSchema(["value_1", "value_2"], { types: { value_1: { type: "boolean" } }, closed: true });
const order = objectSchema(["item", "count"], { types: { count: { type: "integer" } } });
const note = objectSchema(["text", "count"], { types: { count: { type: "integer" } } });
const undeclared = { type: "object" };
const listed = objectSchema(["item", "tags", "count"], { types: { tags: { type: "array", items: { type: "string" } }, count: { type: "integer" } }, closed: true });

describe("parse-stray-words", () => {
  it.each([
    [flags, '{"value_1": true, COMMENT "value_2": "data"}', { value_1: true, value_2: "data" }],
    [flags, '{"value_1": true, SHOULD_NOT_EXIST "value_2": "data" AAAA }', { value_1: true, value_2: "data" }],
    [flags, '{"value_1": true <|eot_id|>, "value_2": "data"}', { value_1: true, value_2: "data" }],
    [order, '{"item": "tea", and also "count": 2}', { item: "tea", count: 2 }],
    // Words that could be a member gone wrong, or text, or not between members: no reading.
    [order, '{"item": "tea", count "count": 2}', undefined],
    [order, '{"item": "tea", ... "count": 2}', undefined],
    [order, '{"item": "tea" (green), "count": 2}', undefined],
    [order, '{"item": "tea", note: "count": 2}', undefined],
    [undeclared, '{"item": "tea", and "count": 2}', undefined],
    // Words glued to the quote before them: that quote opens them, and the value would lose its text.
    [order, '{"item": "lorem ipsum "sic tamet. dolor}', undefined],
    [order, '{"item": ""#}', undefined],
    [order, '{"item": "tea"AAAA, "count": 2}', undefined],
    // Words after a number or a literal are its unit, an expression, a condition: part of the value, never dropped.
    [order, '{"item": "tea", "count": 5 cups}', undefined],
    [order, '{"item": "tea", "count": 10 * 60}', undefined],
    [order, '{"item": "tea", "count": 1 000}', undefined],
    [order, "{item: tea, count: 3 or 4}", undefined],
    [flags, '{"value_1": true if needed, "value_2": "data"}', undefined],
    // A lone value between members is an argument whose key was lost, not a stray token.
    [order, '{"item": "tea" true}', undefined],
    [order, '{"item": "tea" 42, "count": 2}', undefined],
    [order, '{"item": "tea", None "count": 2}', undefined],
    [order, '{"item": "tea" -1.5e3}', undefined],
    [flags, '{"value_1": true, null "value_2": "data"}', undefined],
    // A backslash outside a string is escaping gone wrong, not a stray word: what the text meant is open.
    [order, '{\\*"item": "tea", "count": 2}', undefined],
    [order, '{"item": "tea" \\*, "count": 2}', undefined],
    [flags, '{"value_1": true, COMMENT\\ "value_2": "data"}', undefined],
    // After a list that is a member: before its comma or the closing brace, or after the comma before a declared key.
    [listed, '{"item": "tea", "tags": ["a", "b"], COMMENT "count": 2}', { item: "tea", tags: ["a", "b"], count: 2 }],
    [listed, '{"item": "tea", "tags": ["a"] <|eot_id|>, "count": 2}', { item: "tea", tags: ["a"], count: 2 }],
    [listed, '{"item": "tea", "tags": ["a"] and also}', { item: "tea", tags: ["a"] }],
    [listed, '{"tags": ["x"], NOTE the next one "count": 2}', { tags: ["x"], count: 2 }],
    // Glued to the closer, or before no declared key: not between members.
    [listed, '{"item": "tea", "tags": ["a"]AAAA, "count": 2}', undefined],
    [listed, '{"item": "tea", "tags": ["a"], COMMENT "other": 2}', undefined],
    // Words that only begin like a value are still stray.
    [flags, '{"value_1": true, trueish "value_2": "data"}', { value_1: true, value_2: "data" }],
    [flags, '{"value_1": true, 3D "value_2": "data"}', { value_1: true, value_2: "data" }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseStrayWords, schema, input, expected));

  it("leaves the words to a family that keeps them", () => {
    // `5 apples` is text where text fits; `ok` ends a string whose quotes were not escaped.
    expect(validReadings('{"text": 5 apples, "count": 1}', note).map((reading) => reading.value)).toStrictEqual([{ text: "5 apples", count: 1 }]);
    expect(validReadings('{"item": "say "hi" ok", "count": 2}', order).map((reading) => reading.value)).toStrictEqual([{ item: 'say "hi" ok', count: 2 }]);
  });

  it("a run is one line of plain words, at most 80 characters", () => {
    expect(strayEnd("AAAA }", 0)).toBe(5);
    expect(strayEnd(" AAAA", 0)).toBeUndefined();
    expect(strayEnd('"x"', 0)).toBeUndefined();
    expect(strayEnd("a\nb", 0)).toBe(1);
    expect(strayEnd(`${"w".repeat(81)},`, 0)).toBeUndefined();
    expect(strayEnd("x // note", 0)).toBeUndefined();
  });
});
