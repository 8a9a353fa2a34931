import { describe, expect, it } from "vitest";
import { lostStrings } from "../../../src/repair/lost-strings.ts";

interface Row {
  readonly title: string;
  readonly raw: string;
  readonly result: unknown;
  readonly lost: readonly string[];
  readonly excused?: readonly string[];
}

const rows: Row[] = [
  // Form changes lose nothing.
  { title: "numbers kept as numbers, or as strings spelling them", raw: '{"a": 1.50, "b": 7, "c": 0}', result: { a: 1.5, b: "7", c: '"0"' }, lost: [] },
  { title: "prose with brackets after a fenced block", raw: 'Here:\n```json\n{"path": "a.txt"}\n```\nSee [1] or {docs}.', result: { path: "a.txt" }, lost: [] },
  { title: "fences and prose", raw: 'Sure:\n```json\n{"path": "a.txt"}\n```\nDone "quoted".', result: { path: "a.txt" }, lost: [] },
  { title: "chat-template tokens around and inside", raw: '<|python_tag|>{"q": "x<|eot_id|>"}<|eom_id|>', result: { q: "x" }, lost: [] },
  { title: "single quotes, Python literals, comments", raw: "{'a': 'b', # why\n 'c': True, 'd': None /* no */}", result: { a: "b", c: true, d: null }, lost: [] },
  { title: "unquoted keys and values with spaces", raw: "{city: New York, units: metric}", result: { city: "New York", units: "metric" }, lost: [] },
  { title: "a URL as a bare value is not a comment", raw: "{url: http://a.example/x}", result: { url: "http://a.example/x" }, lost: [] },
  { title: "string numbers and booleans", raw: '{"n": "42", "x": "4.0", "b": "true"}', result: { n: 42, x: 4, b: true }, lost: [] },
  { title: "double-encoded arguments", raw: '"{\\"path\\": \\"a.txt\\"}"', result: { path: "a.txt" }, lost: [] },
  { title: "a field encoded twice", raw: JSON.stringify({ ids: JSON.stringify(JSON.stringify(["a", "b"])) }), result: { ids: ["a", "b"] }, lost: [] },
  { title: "a field written as a code block", raw: JSON.stringify({ ids: '```json\n["a", "b"]\n```' }), result: { ids: ["a", "b"] }, lost: [] },
  { title: "fenced arguments encoded as a string", raw: '```json\n"{\\"path\\": \\"a.txt\\"}"\n```', result: { path: "a.txt" }, lost: [] },
  { title: "escaped JSON without its outer quotes", raw: '{\\"q\\": \\"say \\\\"hi\\\\"\\"}', result: { q: 'say "hi"' }, lost: [] },
  { title: "a key in another style", raw: '{"filePath": "a"}', result: { file_path: "a" }, lost: [] },
  { title: "an unescaped inner quote, joined back", raw: '{"t": "say "hi" to Bob"}', result: { t: 'say "hi" to Bob' }, lost: [] },
  { title: "a Markdown link kept whole", raw: '{"t": "see [x]("http://a.example") now"}', result: { t: 'see [x]("http://a.example") now' }, lost: [] },
  { title: "a key between two kinds of quote", raw: '{"a": "x",\'path": "b"}', result: { a: "x", path: "b" }, lost: [] },
  { title: "a sign parted from its number", raw: "{a: - 3, b: + 2.5, c: [- 1]}", result: { a: -3, b: 2.5, c: [-1] }, lost: [] },
  { title: "a sign parted from its number, kept as text", raw: "{label: - 5}", result: { label: "- 5" }, lost: [] },
  { title: "a value closed with the key's other quote", raw: '{"t":"say ‘hi’!\',\'entity":"me"}', result: { t: "say ‘hi’!", entity: "me" }, lost: [] },
  { title: "a value closed with the key's other quote, the value lost", raw: '{"t":"say hi\',\'entity":"me"}', result: { entity: "me" }, lost: ["say hi','entity"] },
  { title: "a Windows path in single quotes, kept", raw: "{'p': 'C:\\Users\\a b\\x.txt'}", result: { p: "C:\\Users\\a b\\x.txt" }, lost: [] },
  { title: "apostrophes inside single-quoted strings", raw: "{'a': 'it's fine', 'b': 'O'Reilly's book'}", result: { a: "it's fine", b: "O'Reilly's book" }, lost: [] },
  { title: "escapes read either way", raw: "{'p': 'a\\nb'}", result: { p: "a\\nb" }, lost: [] },
  { title: "layout escaped between tokens", raw: '{\\n  "n": 5\\n, "r": \\n[1]}\\n', result: { n: 5, r: [1] }, lost: [] },
  { title: "an escape glued to a word is the word's", raw: "{p: C:\\new}", result: { p: "C:" }, lost: ["\\new"] },
  { title: "a sign parted from its number, the sign dropped", raw: "{a: - 3}", result: { a: 3 }, lost: ["-3"] },
  { title: "a string that lost its closing quote before a comma", raw: '{"city": "New York, "unit": "c"}', result: { city: "New York", unit: "c" }, lost: [] },
  { title: "a string that lost its closing quote before the final brace", raw: '{"q": "say "hi" now }', result: { q: 'say "hi" now' }, lost: [] },
  { title: "Gemma's quote tokens delimit strings", raw: '{city:<|"|>Paris, France<|"|>, note:<escape>a "b"<escape>}', result: { city: "Paris, France", note: 'a "b"' }, lost: [] },
  { title: "a template token and its space at a value's end", raw: '{"unit": "c <|im_end|>"}', result: { unit: "c" }, lost: [] },
  { title: "a template's slot and an aside in the prose", raw: 'Read {path}. {Note: keeping the casing} Result: {"path": "a.txt"} relative to {root}.', result: { path: "a.txt" }, lost: [] },
  { title: "dotted keys nested in the object they name", raw: '{"id": "read", "args.path": "a.md", "filter.owner.login": "ana"}', result: { id: "read", args: { path: "a.md" }, filter: { owner: { login: "ana" } } }, lost: [] },
  { title: "excused envelope strings", raw: '{"name": "todo", "arguments": {"a": "b"}}', result: { a: "b" }, excused: ["name", "todo", "arguments"], lost: [] },

  // Loss is found and named.
  { title: "escaped JSON without its outer quotes, a string cut", raw: '{\\"q\\": \\"say hi\\"}', result: { q: "say" }, lost: ["say hi"] },
  { title: "label tags around the object are markup", raw: '[CONTENT] tag\n[CONTENT] {"a": "b"} [/CONTENT]', result: { a: "b" }, lost: [] },
  { title: "words in parentheses and a Markdown link around the object are prose", raw: 'Sure (as requested), per [the docs](https://x.io/a): {"a": "b"} (done)', result: { a: "b" }, lost: [] },
  { title: "a log line's time stamp and a citation mark are prose", raw: '[2024-01-01 12:00:00] see [1]: {"a": "b"}', result: { a: "b" }, lost: [] },
  { title: "a bracketed number with no word before it may be a list", raw: '[12] {"a": "b"}', result: { a: "b" }, lost: ["12"] },
  { title: "parentheses holding data or code are not prose", raw: '(\'x\', 1) {"a": "b"} f(y)', result: { a: "b" }, lost: ["x", "1", "y"] },
  { title: "a label tag inside the object is a value", raw: '{"a": [TODO], "b": 1}', result: { b: 1 }, lost: ["a", "TODO"] },
  { title: "a slot inside the object is no prose", raw: '{"a": {path}, "b": 1}', result: { b: 1 }, lost: ["a", "path"] },
  { title: "an aside with no object after it is the object", raw: 'Use {query: find docs}', result: {}, lost: ["query", "find", "docs"] },
  { title: "a value cut before its comma", raw: '{"city": "New York, NY"}', result: { city: "New York" }, lost: ["New York, NY"] },
  { title: "a Markdown link cut at its inner quote", raw: '{"t": "see [x]("http://a.example") now"}', result: { t: "see [x](" }, lost: ["http://a.example", ") now"] },
  { title: "a backslash dropped", raw: "{'p': 'C:\\Users\\x'}", result: { p: "C:Usersx" }, lost: ["C:\\Users\\x"] },
  { title: "a path written unescaped, its \\t read as a tab", raw: '{"p": "C:\\temp\\x.txt"}', result: { p: "C:\temp\\x.txt" }, lost: ["C:\\temp\\x.txt"] },
  { title: "a word after an apostrophe dropped", raw: "{'a': 'it's fine'}", result: { a: "it's" }, lost: ["fine"] },
  { title: "a key renamed to another name", raw: '{"username": "bob"}', result: { name: "bob" }, lost: ["username"] },
  { title: "a string closed by the final brace, cut short", raw: '{"q": "say "hi" now}', result: { q: 'say "hi"' }, lost: [" now}"] },
  { title: "a dotted key nested under another object", raw: '{"args.path": "a.md"}', result: { opts: { path: "a.md" } }, lost: ["args.path"] },
  { title: "a dotted key whose value is a key's name only", raw: '{"args.path": "a.md"}', result: { args: {}, path: "a.md" }, lost: ["args.path"] },
  { title: "a field encoded twice, an item dropped", raw: JSON.stringify({ ids: JSON.stringify(JSON.stringify(["a", "b"])) }), result: { ids: ["a"] }, lost: ["b"] },
  { title: "a field written as a code block, an item dropped", raw: JSON.stringify({ ids: '```json\n["a", "b"]\n```' }), result: { ids: ["b"] }, lost: ["a"] },
  { title: "a quoted string that is not JSON text", raw: JSON.stringify({ q: '"hi" she said' }), result: { q: "hi" }, lost: ['"hi" she said'] },
  { title: "a dropped member", raw: '{"a": "b", "why": "because"}', result: { a: "b" }, lost: ["why", "because"] },
  { title: "enum case changed", raw: '{"unit": "Celsius"}', result: { unit: "celsius" }, lost: ["Celsius"] },
  { title: "leading zeros are not the number", raw: '{"id": "007"}', result: { id: 7 }, lost: ["007"] },
  { title: "a number written as a string in another spelling", raw: '{"v": 1.50, "w": 1e3}', result: { v: "1.5", w: "1000" }, lost: ["1.50", "1e3"] },
  { title: "a number a double rounded", raw: '{"id": 1234567890123456789}', result: { id: "1234567890123456800" }, lost: ["1234567890123456789"] },
  { title: "loss inside double encoding", raw: '"{\\"a\\": \\"b\\", \\"c\\": \\"d\\"}"', result: { a: "b" }, lost: ["c", "d"] },
  { title: "a string between quote tokens cut", raw: "{city:<|\"|>Paris, France<|\"|>}", result: { city: "Paris" }, lost: ["Paris, France"] },
  { title: "a string lost inside a fenced block", raw: '```json\n{"path": "a.txt", "note": "later"}\n```\nDone [1].', result: { path: "a.txt" }, lost: ["note", "later"] },
  { title: "an unquoted value cut", raw: "{city: New York}", result: { city: "New" }, lost: ["York"] },
  { title: "digits after a space dropped from a number", raw: '{"n": 1 000}', result: { n: 1 }, lost: ["000"] },
  { title: "a number no double holds, read as Infinity", raw: "{n: 1e999}", result: { n: Number.POSITIVE_INFINITY }, lost: ["1e999"] },
  { title: "number words in another spelling, kept as the number they spell", raw: "{a: 1_000, b: .5, c: 000}", result: { a: 1000, b: 0.5, c: 0 }, lost: [] },
  { title: "hexadecimal words, kept as the number they spell", raw: "{a: 0x14, b: -0xff, c: 0XA}", result: { a: 20, b: -255, c: 10 }, lost: [] },
  { title: "a hexadecimal word read as another number is lost", raw: "{a: 0x14}", result: { a: 14 }, lost: ["0x14"] },
];

describe("lostStrings", () => {
  it.each(rows)("$title", ({ raw, result, lost, excused }) => {
    expect(lostStrings(raw, result, new Set(excused))).toEqual(lost);
  });

  it("reports a bounded list of bounded strings", () => {
    const long = "x".repeat(500);
    const raw = JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, `${long}${index}`])));
    const lost = lostStrings(raw, {});
    expect(lost.length).toBeLessThanOrEqual(16);
    for (const text of lost) expect(text.length).toBeLessThanOrEqual(201);
  });

  it("never throws on hostile text", () => {
    for (const raw of ['"', "'", "{'", "/*", "#", "{{{{", "\\", '"\\u12', "{a:'\\", "]]]}}}"]) {
      expect(() => lostStrings(raw, { a: 1 })).not.toThrow();
    }
  });

  it("takes stock of a result with 200 000 items in one array (a spread of them overflowed the stack)", () => {
    const items = Array.from({ length: 200_000 }, (_, index) => `s${index}`);
    expect(lostStrings(JSON.stringify(items.slice(0, 3)), { list: items })).toEqual([]);
  });
});
