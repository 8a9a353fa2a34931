import { describe, it } from "vitest";
import { parseUnquoted } from "../../../../src/repair/parsers/parse-unquoted.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const file = objectSchema(["path", "mode"], { required: ["path"] });
const weather = objectSchema(["city", "unit", "days"], { types: { days: { type: "integer" } }, required: ["city"] });
const note = objectSchema(["title", "body", "tags"], { types: { tags: { type: "array", items: { type: "string" } } } });
const search = objectSchema(["query", "limit", "exact"], { types: { limit: { type: "integer" }, exact: { type: "boolean" } }, closed: true });
const act = objectSchema(["user", "action"], { types: { action: { type: "string", enum: ["MUTE", "NONE", "IGNORE"] } }, required: ["action"] });
const nullable = objectSchema(["action"], { types: { action: { type: ["string", "null"], enum: ["MUTE", "NONE", null] } } });

describe("parse-unquoted", () => {
  it.each([
    // unquoted keys, quoted values
    [weather, '{city: "Paris", unit: "celsius"}', { city: "Paris", unit: "celsius" }],
    [search, "{query: 'x', limit: 5}", { query: "x", limit: 5 }],
    [weather, '{city:"Köln",days:3}', { city: "Köln", days: 3 }],
    // an enum's own choice spelt like a literal, where the literal does not fit: that choice
    [act, '{"user": "lina", "action": NONE}', { user: "lina", action: "NONE" }],
    // a parenthesis after a space is prose's, not a call's
    [note, "{title: John (the 'boss'), body: x}", { title: "John (the 'boss')", body: "x" }],
    // unquoted values with spaces, colons, commas, quotes, non-ASCII
    [weather, "{city: San Francisco, CA, unit: fahrenheit}", { city: "San Francisco, CA", unit: "fahrenheit" }],
    [weather, '{"city": São Paulo, "days": 2}', { city: "São Paulo", days: 2 }],
    [note, "{title: Re: lunch at 12:30, body: bring the good plates}", { title: "Re: lunch at 12:30", body: "bring the good plates" }],
    [note, "{title: 東京の天気, body: 晴れ}", { title: "東京の天気", body: "晴れ" }],
    // text opening with a colon: no colon typed twice before a lone `-`
    [note, '{"title": :-}', { title: ":-" }],
    [note, "{title: a, b and c, tags: [x, y z]}", { title: "a, b and c", tags: ["x", "y z"] }],
    // Windows paths keep every backslash, and the spaces inside
    [file, String.raw`{path: C:\Users\a b\x.txt}`, { path: String.raw`C:\Users\a b\x.txt` }],
    [file, String.raw`{path: C:\Program Files\App\new.ini, mode: r}`, { path: String.raw`C:\Program Files\App\new.ini`, mode: "r" }],
    [file, String.raw`{"path": D:\data\t1.csv, "mode": "w"}`, { path: String.raw`D:\data\t1.csv`, mode: "w" }],
    // values end at the next declared key, quoted or not, and at a newline before one
    [search, "{query: best pizza, near me, limit: 3, exact: false}", { query: "best pizza, near me", limit: 3, exact: false }],
    [search, '{query: cats, "limit": 2}', { query: "cats", limit: 2 }],
    [search, "{\n  query: how to: boil eggs\n  limit: 1\n}", { query: "how to: boil eggs", limit: 1 }],
    // nested objects
    [
      objectSchema(["target"], { types: { target: objectSchema(["host", "port"], { types: { port: { type: "integer" } } }) } }),
      "{target: {host: db.local, port: 5432}}",
      { target: { host: "db.local", port: 5432 } },
    ],
    // a declared key after a space ends the value when its comma was left out
    [weather, '{"city":Paris "unit":"c"}', { city: "Paris", unit: "c" }],
    [note, '{"title": Weekly sync. "body": agenda, notes, actions. "tags": []}', { title: "Weekly sync.", body: "agenda, notes, actions.", tags: [] }],
    // brackets that balance are text
    [note, "{title: f(x) = {y} [z], body: w}", { title: "f(x) = {y} [z]", body: "w" }],
    [note, "{body:words{in brackets}}", { body: "words{in brackets}" }],
    // a value that lost its opening quote ends at its closing one; a comma before the `}` is a trailing comma
    [note, '{"title": ipsum, sic, datum.",}', { title: "ipsum, sic, datum." }],
    [note, '{"title": ipsum, sic, datum."}', { title: "ipsum, sic, datum." }],
    [note, "{title: ipsum, sic, datum.,}", { title: "ipsum, sic, datum." }],
    [objectSchema(["a", "b", "c"]), '{ "a": abcdef", "b": 12 345", "c": Re: x, y" }', { a: "abcdef", b: "12 345", c: "Re: x, y" }],
    [note, '{title: a, b",\n body: c d"}', { title: "a, b", body: "c d" }],
    // a key that lost its opening quote ends at its closing one
    [objectSchema(["a", "b"]), '{a":"foo","b":"bar"}', { a: "foo", b: "bar" }],
    [note, '{"title": "x", body": "y z", tags\': []}', { title: "x", body: "y z", tags: [] }],
    // quoted words inside the root's last value, which runs to the final brace
    [note, '{"title": T, "body": he said "stop" twice}', { title: "T", body: 'he said "stop" twice' }],
    [note, '{\n  "title": "x",\n  "body": **Fragment**\n\nThen "this" or "that".\n}', { title: "x", body: '**Fragment**\n\nThen "this" or "that".' }],
    [note, '{"body": ends "quoted"}', { body: 'ends "quoted"' }],
    // digits that are not a JSON number stay text where a string fits
    [objectSchema(["zip", "id"]), "{zip: 02134, id: 57eeeeb1-450b}", { zip: "02134", id: "57eeeeb1-450b" }],
    // a number where only text fits is the digits as written, quoted key or not
    [objectSchema(["version", "price"]), "{version: 1.10, price: 2.50}", { version: "1.10", price: "2.50" }],
    // A hexadecimal word where only text fits is the text (parse-number-spellings reads it where only a number does).
    [objectSchema(["address"]), '{"address": 0x7ffe3c}', { address: "0x7ffe3c" }],
    [objectSchema(["id"]), '{"id": 1234567890123456789}', { id: "1234567890123456789" }],
    [objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }), '{"tags": [1.0, -2]}', { tags: ["1.0", "-2"] }],
    // quoted phrases joined by words (a search query's operators), unquoted as a whole: the text, quotes kept
    [search, '{"query": "climate change" AND "policy", "limit": 5}', { query: '"climate change" AND "policy"', limit: 5 }],
    [search, '{query: "python quicksort" OR "quick sort"\n, exact: true}', { query: '"python quicksort" OR "quick sort"', exact: true }],
    [search, '{"query": "a b" OR "c" NOT "d e"}', { query: '"a b" OR "c" NOT "d e"' }],
    // the quotes are the text's, not one string's with quotes inside (`Rock" band "Queen` holds unpaired ones)
    [objectSchema(["to", "text"]), '{"to": "Bob", "text": "Rock" band "Queen"}', { to: "Bob", text: '"Rock" band "Queen"' }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseUnquoted, schema, input, expected));

  it.each([
    // `units` is not declared: a key the schema does not know, or part of the city? Refused.
    [objectSchema(["city"]), "{city: Paris, units: metric}"],
    [objectSchema(["city"], { closed: true }), "{city: Paris, units: metric}"],
    // a value cut short is never closed
    [weather, "{city: Par"],
    // digits with more after them, or in exponent form, are not plainly the text
    [objectSchema(["version"]), "{version: 1.10 beta, x: 1}"],
    [objectSchema(["amount"]), '{"amount": 1e3}'],
    [weather, "{city: Paris, unit: cel"],
    // the same key twice: which one was meant?
    [search, "{query: a, limit: 1, limit: 2}"],
    // a missing value is not guessed
    [weather, "{city: , unit: celsius}"],
    // a bracket that does not balance, or opens the value, has no single reading
    [note, "{title: f(x = {y, body: z}"],
    [note, "{title: [a, b, body: z}"],
    // nor a double quote anywhere but last: a wrapper, a broken key, quoted words, an opening quote?
    [note, '{"title": ipsum, sic, "datum.",}'],
    [note, '{"title": hello ", "body": x}'],
    [note, '{"title": say "hi"", "body": x}'],
    [note, '{"title": a"b", "body": x}'],
    // quoted words anywhere but the root's last value, unpaired, glued to a bracket, before a colon, escaped
    [note, '{"title": he said "stop" twice, "body": x}'],
    [note, '{"title": x, "body": he said "stop twice}'],
    [note, '{"title": x, "body": a " b "c"}'],
    [note, '{"title": x, "body": call("stop") now}'],
    [note, '{"title": x, "body": note "tags": y}'],
    [objectSchema(["title", "body"]), '{"title": x, "body": y, "extra" z}'],
    // after another separator than a colon: `=>` is Ruby's, PHP's
    [objectSchema(["a"]), '{"a" => "x"}'],
    [objectSchema(["a", "b"]), '{"b": "y", "a" => "x y"}'],
    [objectSchema(["a"]), '{"a": => "x"}'],
    [note, '{"title": x, "body": he said \\"stop\\" twice}'],
    [note, '{"title": x, "body": he said "stop" twice} and more'],
    [objectSchema(["t"], { types: { t: objectSchema(["b"]) } }), '{"t": {"b": say "hi" now}}'],
    // a value of a key the schema does not declare, or after stray words were dropped: the quote may close a string misread before
    [objectSchema(["q", "m", "b"], { required: ["q"] }), '{"q": "say \\"hi\\" to Bob, "m":"a, b: c"}'],
    // in an array, `"",x"` may be one string holding quotes: no half-quoted item
    [note, '{"tags": ["", #"]}'],
    // a half-quoted value the text ends after: cut, or its brace dropped? Never closed here.
    [note, '{"title": ipsum, sic, datum."'],
    [objectSchema(["_id"]), '{"_id":Ref("123")}'],
    [note, '{title: say "hi", body: x}'],
    // a quote inside a bare key: a key split by a quote, not one that lost its opening quote
    [objectSchema(["a", "b", 'a"b']), '{a"b": 1}'],
    [objectSchema(["a", "b"]), '{a: 0, "b: 1}'],
    // a literal's spelling is never text, even where only text fits
    [objectSchema(["a"], { required: ["a"] }), "{a: undefined}"],
    [objectSchema(["a"], { required: ["a"] }), '{"a": None}'],
    // code where a value goes: its text, or what running it gives?
    [note, "{title: require('path')}"],
    [note, '{title: os.getenv("HOME"), body: x}'],
    // a choice spelt like a literal where the literal fits too (null is allowed), or no choice spelt so: two readings or none
    [nullable, '{"action": NONE}'],
    [act, '{"action": None}'],
    // words where no text fits: one item, several, or prose that is no value? A list written as prose is no list.
    [note, "{title: x, tags: python java}"],
    [note, '{"title": "x", "tags": list of tags}'],
    [weather, "{city: Paris, days: 3 or 4}"],
    // a declared key opens the value: the value before it is missing, it is not `days: 3`
    [weather, "{city: days: 3}"],
    [objectSchema(["q", "n"], { types: { n: { type: "integer" } }, required: ["q"] }), "{q:\n n: 3}"],
    // unquoted items over several lines, with spaces: one item, or one a line with the commas left out?
    [objectSchema(["tags"], { types: { tags: { type: "array", items: { type: "string" } } } }), '{"tags": [open the file\nthen save it]}'],
    // one phrase and words, two strings in a row, a phrase that is a key, or where no text fits: not phrases joined by words
    [search, '{"query": "a" "b"}'],
    [search, '{"query": "a" OR "b": 1}'],
    [search, '{"query": "a" OR "b\\" c"}'],
    [search, '{"limit": "a" OR "b"}'],
    // An empty phrase is a doubled quote: ` A ` in doubled quotes, or the text `"" A ""`? No phrase reading.
    [search, '{"query": "" A ""}'],
    [search, '{"query": "a" OR ""}'],
    [search, '{"query": "a" OR\n"b"}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseUnquoted, schema, input, undefined));
});
