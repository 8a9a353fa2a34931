import { describe, expect, it } from "vitest";
import { parserFamilies } from "../../../../src/repair/parsers/index.ts";
import { readArguments } from "../../../../src/repair/parsers/read-arguments.ts";
import { parseUnclosedStrings } from "../../../../src/repair/parsers/parse-unclosed-strings.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const person = objectSchema(["name", "age", "city", "gender"], { types: { age: { type: "integer" } }, closed: true });
const open = { type: "object" };

const tagged = objectSchema(["name", "tags", "opts"], {
  types: { tags: { type: "array", items: { type: "string" } }, opts: { type: "object", properties: { deep: { type: "boolean" } }, additionalProperties: false } },
  required: [],
  closed: true,
});

describe("parse-unclosed-strings", () => {
  it.each([
    [person, '{"name": "John", "age": 30, "city": "New York, "gender": "male"}', { name: "John", age: 30, city: "New York", gender: "male" }],
    [person, "{'name': 'John, 'city': 'Oslo'}", { name: "John", city: "Oslo" }],
    // Past apostrophes inside words of a single-quoted string (`O'Sullivan`): they are text, not its closing quote.
    [person, "{'name': 'Jack O'Sullivan, 'gender': 'male'}", { name: "Jack O'Sullivan", gender: "male" }],
    [person, "{'city': 'l'Aquila d'Abruzzo, 'name': 'Ann'}", { city: "l'Aquila d'Abruzzo", name: "Ann" }],
    // A quote beside a space is no apostrophe inside a word: `'a 'b' c, ` may be quoted words or a stray quote.
    [person, "{'name': 'a 'b' c, 'city': 'Oslo'}", undefined],
    [person, '{"city": "Rome,\n  "name": "Ann"}', { city: "Rome", name: "Ann" }],
    [person, '{"city": "a, b, "name": "Ann"}', { city: "a, b", name: "Ann" }],
    // The key must be one the object declares, and the quote must be the string's first inside it.
    [person, '{"city": "New York, "zip": "10001"}', undefined],
    [open, '{"city": "New York, "gender": "male"}', undefined],
    [person, '{"city": "say "hi", "name": "Ann"}', undefined],
    // Nothing before the comma: not a value cut short but a stray comma.
    [person, '{"city": ", "name": "Ann"}', undefined],
    [person, '{"city": "C:\\", "name": "Ann"}', undefined],
    // A declared key that lost its closing quote before its colon, a quoted value after it.
    [person, '{"name:"John"}', { name: "John" }],
    // The same before a list or an object: a key's text holds no bracket its items follow.
    [tagged, '{"tags: ["A", "C", "D"]}', { tags: ["A", "C", "D"] }],
    [tagged, '{"name": "x", "opts: {"deep": true}}', { name: "x", opts: { deep: true } }],
    [tagged, "{'tags: ['a']}", { tags: ["a"] }],
    [tagged, '{"nom: ["A"]}', undefined],
    [tagged, '{"tags: ["A", "C"', undefined],
    [person, '{"age": 30, "city: "New York", "name": "Ann"}', { age: 30, city: "New York", name: "Ann" }],
    [person, "{'name:'John'}", { name: "John" }],
    // Inner quotes do not read it otherwise: no string swallows the key.
    [person, '{"age": 30, "name: "say "hi" now"}', { age: 30, name: 'say "hi" now' }],
    // Not a declared key, no quote after the colon (a string cut there?), or a colon the key may hold.
    [person, '{"nom:"John"}', undefined],
    [person, '{"name:John}', undefined],
    [person, '{"name: 30}', undefined],
    [open, '{"name:"John"}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseUnclosedStrings, schema, input, expected));

  const answer = objectSchema(["selected", "count", "done", "opts", "note"], {
    types: { selected: { type: "array", items: { type: "string" } }, count: { type: "integer" }, done: { type: "boolean" }, opts: { type: "object" } },
    closed: true,
  });
  it.each([
    // A declared key that lost its closing quote before its colon, a list, object, number or literal after it
    // (a number or literal when the key's quote comes again later, so it did not run on to the text's end).
    [answer, '{"selected: ["A", "C", "D"]}', { selected: ["A", "C", "D"] }],
    [answer, '{"note": "x", "selected: ["A"]}', { note: "x", selected: ["A"] }],
    [answer, '{"opts: {"deep": true}, "note": "x"}', { opts: { deep: true }, note: "x" }],
    [answer, "{'selected: ['A', 'B']}", { selected: ["A", "B"] }],
    [answer, '{"count: 3, "note": "x"}', { count: 3, note: "x" }],
    [answer, '{"done: true, "note": "x"}', { done: true, note: "x" }],
    // A number with no quote after it: the key may be a string the text was cut in. A list opens its value all the same.
    [answer, '{"count: 3}', undefined],
    [answer, '{"selected: [1, 2]}', { selected: ["1", "2"] }],
    // Not a declared key, or unquoted text after the colon.
    [answer, '{"chosen: ["A", "C"]}', undefined],
    [answer, '{"note: x, "count": 3}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseUnclosedStrings, schema, input, expected));

  const note = objectSchema(["key", "n"], { types: { n: { type: "integer" } }, required: ["key"], closed: true });
  it.each([
    // The root's last value, its inner quotes paired, runs to the final `}`: its closing quote went missing there.
    [note, '{"key": "lorem ipsum ... "sic " tamet. ...}', { key: 'lorem ipsum ... "sic " tamet. ...' }],
    [note, '{"n": 2, "key": "say "hi" to "Bob" now }\n', { n: 2, key: 'say "hi" to "Bob" now' }],
    [note, "{'n': 2, 'key': 'it was 'fine' then}", { n: 2, key: "it was 'fine' then" }],
  ])("%j: %s → %j (closed by the final brace)", (schema, input, expected) => assertReads(parseUnclosedStrings, schema, input, expected));

  it.each([
    // no inner quote: a cut as likely as a lost closing quote
    [note, '{"key": "lorem ipsum}'],
    // a brace inside (code cut after one?), a member inside, or nested: never closed here
    [note, '{"key": "if "a" { x }'],
    [note, '{"key": "say "hi" now, "n": 1}'],
    [note, '{"key": "say "hi" now, n: 1}'],
    [objectSchema(["o"], { types: { o: note } }), '{"o": {"key": "say "hi" now}}'],
    // the last of several objects in a row is not the arguments' root
    [note, '{"key": "a"} {"key": "say "hi" now}'],
    // no final brace: cut
    [note, '{"key": "say "hi" now'],
    // the other quote right before the comma: the closing quote mistyped (`York`) or text (`York'`)
    [person, '{"name": "John", "city": "New York\', "gender": "male"}'],
    [person, '{"name": "the users\' , "city": "Oslo"}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseUnclosedStrings, schema, input, undefined));

  const ranges = objectSchema(["ranges", "o", "tags"], {
    types: {
      ranges: { type: "array", items: objectSchema(["start", "end"], { closed: true }) },
      o: objectSchema(["x"], { closed: true }),
      tags: { type: "array", items: { type: "string" } },
    },
    closed: true,
  });
  it.each([
    // A nested value, no quote, bracket or line break in it, runs into the two or more closers the text ends on.
    [ranges, '{\n  "ranges": [\n    {"start": "00:11", "end": "00:16"},\n    {"start": "00:17", "end": "00:23}\n  ]\n}', { ranges: [{ start: "00:11", end: "00:16" }, { start: "00:17", end: "00:23" }] }],
    [ranges, '{"tags": ["a", "b c]\n}', { tags: ["a", "b c"] }],
    [ranges, '{"tags": ["a"], "o": {"x": "hello world }\n}', { tags: ["a"], o: { x: "hello world" } }],
  ])("%j: %s → %j (closed by the closers the text ends on)", (schema, input, expected) => assertReads(parseUnclosedStrings, schema, input, expected));

  it.each([
    // One closer alone: the string's own, where a cut stopped? As at the root, no reading.
    [ranges, '{"o": {"x": "hello}'],
    // Closers glued together: `value]}` may be text cut there.
    [ranges, '{"tags": ["value]}'],
    [ranges, '{"o": {"x": "hello world }}'],
    // A bracket, a quote or a line break inside, closers that do not start with the value's own, nothing inside.
    [ranges, '{"o": {"x": "hel}lo}}'],
    [ranges, '{"o": {"x": "a [b]}}'],
    [ranges, '{"tags": ["a", "b\nc]}'],
    [ranges, '{"tags": ["a", "b}]}'],
    [ranges, '{"o": {"x": "}}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseUnclosedStrings, schema, input, undefined));

  it("never closes a nested string at the closers when the upstream cut the output", () => {
    expect(readArguments('{"tags": ["a", "b c]\n}', ranges, parserFamilies, "length").map((reading) => reading.value)).toStrictEqual([]);
  });

  it("never closes a string with an unpaired inner quote at the final brace", () => {
    // A stray quote, or the string's own closing one with words after it: not a lost closing quote.
    const values = readArguments('{"key": "say "hi now}', note, parserFamilies).map((reading) => reading.value);
    expect(values).not.toContainEqual({ key: 'say "hi now' });
  });

  it("never closes a string at the final brace when the upstream cut the output", () => {
    const text = '{"key": "lorem ipsum ... "sic " tamet. ...}';
    expect(readArguments(text, note, parserFamilies, "length").map((reading) => reading.value)).toStrictEqual([]);
    expect(readArguments(text, note, parserFamilies, "stop").map((reading) => reading.value)).toStrictEqual([{ key: 'lorem ipsum ... "sic " tamet. ...' }]);
  });
});
