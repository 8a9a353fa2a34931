import { describe, it } from "vitest";
import { parseSingleQuotes } from "../../../../src/repair/parsers/parse-single-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const file = objectSchema(["path", "pattern", "text"]);

describe("parse-single-quotes", () => {
  it.each([
    [file, "{'path': 'a.txt'}", { path: "a.txt" }],
    [file, "{'text': 'say \"hi\"', 'path': 'b'}", { text: 'say "hi"', path: "b" }],
    [file, "{'text': 'it\\'s fine'}", { text: "it's fine" }],
    [file, "{'text': 'line1\\nline2\\ttab'}", { text: "line1\nline2\ttab" }],
    [file, "{'text': 'caf\\u00e9'}", { text: "café" }],
    [file, "{'path': 'C:\\\\Users\\\\me'}", { path: "C:\\Users\\me" }],
    [file, "{'text': '统一码', 'path': 'ü.txt'}", { text: "统一码", path: "ü.txt" }],
    // an apostrophe inside a single-quoted string (with parse-inner-quotes)
    [file, "{'text': 'it's Bob's', 'path': 'x'}", { text: "it's Bob's", path: "x" }],
    // an apostrophe after a word (a plural's possessive, feet), words after it: the sentence goes on
    [file, "{'text': 'the users' files', 'path': 'x'}", { text: "the users' files", path: "x" }],
    [file, "{'path': 'a 12' pole'}", { path: "a 12' pole" }],
    [file, "{'text': 'some stinrg'   with quotes' /* c */}", { text: "some stinrg'   with quotes" }],
    [file, "{'text': 'rock 'n' roll'}", { text: "rock 'n' roll" }],
    [objectSchema(["n"], { types: { n: { type: "integer" } } }), "{'n': 3}", { n: 3 }],
    // A backslash inside a line, or an escaped one before a line break, continues nothing.
    [file, "{'path': 'C:\\Users\\me\\\\\n'}", { path: "C:\\Users\\me\\\n" }],
    // A backslash ending a line glued to a word, the next line indented one space at most: a long text written
    // as JavaScript, JSON5 and Python write it, the continuation read as nothing.
    [file, "{'text': 'is a\\\n multi-line string'}", { text: "is a multi-line string" }],
    [file, "{'text': 'we shouldn\\'t\\\nforget', 'path': 'x'}", { text: "we shouldn'tforget", path: "x" }],
    [file, "{'text': 'one,\\\r\n two,\\\n three'}", { text: "one, two, three" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseSingleQuotes, schema, input, expected));

  it.each([
    [file, "{'path': 'a.txt"],
    [file, "{'path': 'it's"],
    // a quotation opened and never closed, a closing quote doubled, a quoted word then a key or another string
    [file, "{'text': 'say 'hi' to 'Bob'}"],
    [file, "{'text': ''value'}"],
    [file, "{'text': 'value''}"],
    [file, "{'text': 'a' 'b'}"],
    [file, "{'text': 'a' b: 'c'}"],
    // A quote written twice inside a word: SQL's and YAML's escape (`it's`), Python's two strings (`its`), or two quotes.
    [file, "{'text': 'it''s'}"],
    [file, "{'path': 'a', 'text': 'O''Brien''s car'}"],
    [file, "{\"text\": 'it''s fine'}"],
    // A stray string after the last member is not the value's text.
    [file, "{'text': 'a', 'path': 'b', 'c'}"],
    // A backslash ending a line: a line continuation to JavaScript and Python, a shell command's backslash kept.
    [file, "{'text': 'docker run \\\n  -v /a:/b img'}"],
    // A shell's continuation: after a space, or the next line indented.
    [file, "{'text': 'docker run \\\n-v /a:/b img'}"],
    [file, "{'text': 'docker run\\\n  -v /a:/b img'}"],
    // Backslashes that escape nothing (a Windows path) or another raw line break: the writer does not escape.
    [file, "{'path': 'C:\\dir\\\nD:\\x'}"],
    [file, "{'text': 'a\\\nb\nc'}"],
    [objectSchema(["items"], { types: { items: { type: "array", items: { type: "string" } } } }), "{'items': ['it''s', 'b']}"],
  ])("%s → nothing", (schema, input) =>
    assertReads(parseSingleQuotes, schema, input, undefined),
  );
});
