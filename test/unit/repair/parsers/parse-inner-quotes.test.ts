import { describe, it } from "vitest";
import { parseInnerQuotes } from "../../../../src/repair/parsers/parse-inner-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const message = objectSchema(["to", "text"], { required: ["to", "text"] });
const page = objectSchema(["html", "title"]);
const list = objectSchema(["items"], { types: { items: { type: "array", items: { type: "string" } } } });
const file = objectSchema(["filePath", "content"], { required: ["filePath", "content"] });

describe("parse-inner-quotes", () => {
  it.each([
    [message, '{"to": "Bob", "text": "say "hi" to Bob"}', { to: "Bob", text: 'say "hi" to Bob' }],
    [message, '{"text": "He said "yes", then left", "to": "Ann"}', { text: 'He said "yes", then left', to: "Ann" }],
    [message, '{"text":"the "Q3" numbers: "up", "flat"","to":"cfo"}', { text: 'the "Q3" numbers: "up", "flat"', to: "cfo" }],
    [message, '{"to": "Zoë", "text": "\u201cok\u201d and "ok""}', { to: "Zoë", text: "\u201cok\u201d and \"ok\"" }],
    // Markdown links with a quoted title
    [page, '{"html": "see [docs](https://x.io/a "Docs") now"}', { html: 'see [docs](https://x.io/a "Docs") now' }],
    [page, '{"title": "t", "html": "[a](http://x "t") and [b](http://y "u")"}', { title: "t", html: '[a](http://x "t") and [b](http://y "u")' }],
    // HTML attributes
    [page, '{\n"html": "<h3 id="aaa">Experts - "Passie voor techniek"?</h3>"}', { html: '<h3 id="aaa">Experts - "Passie voor techniek"?</h3>' }],
    [page, '{"html": "<a href="/x?a=1&b=2">go</a>", "title": "Links"}', { html: '<a href="/x?a=1&b=2">go</a>', title: "Links" }],
    // a quoted phrase at the end of the string, nested objects
    [page, '{"title": "the "best" of "2024"", "html": "<b>x</b>"}', { title: 'the "best" of "2024"', html: "<b>x</b>" }],
    [
      objectSchema(["name", "child"], { types: { child: objectSchema(["name"]) } }),
      '{\n  "name": "a "b"",\n  "child": {\n    "name": "c "d" e"\n  }\n}',
      { name: 'a "b"', child: { name: 'c "d" e' } },
    ],
    // inside arrays, and in a key
    [list, '{"items": ["a "b" c", "d"]}', { items: ['a "b" c', "d"] }],
    [objectSchema(['k"e"y']), '{"k"e"y": "value"}', { 'k"e"y': "value" }],
    // one quote between two letters or digits is a character, not half a quotation
    [message, '{"text": "v"alue", "to": "value2"}', { text: 'v"alue', to: "value2" }],
    [message, '{"to": "Bob", "text": "don"t go, it"s 4"5 late"}', { to: "Bob", text: 'don"t go, it"s 4"5 late' }],
    [message, '{"to": "Bob", "text": "say "hi" to O"Neil"}', { to: "Bob", text: 'say "hi" to O"Neil' }],
    // an inch mark: the one quote of the text, right after a digit and before a word, a hyphen or the sentence's end
    [page, '{"title": "a 12" pizza"}', { title: 'a 12" pizza' }],
    [message, '{"text": "The 1/2" Impact Wrench was, launched.", "to": "Ann"}', { text: 'The 1/2" Impact Wrench was, launched.', to: "Ann" }],
    [message, '{"to": "Ann", "text": "a 27" monitor and a "quiet" fan"}', { to: "Ann", text: 'a 27" monitor and a "quiet" fan' }],
    [message, '{"to": "Ann", "text": "cut it 12"-long"}', { to: "Ann", text: 'cut it 12"-long' }],
    [message, '{"to": "Ann", "text": "It is 3.5". Done"}', { to: "Ann", text: 'It is 3.5". Done' }],
    [list, '{"items": ["samsung 32" display", "b"]}', { items: ['samsung 32" display', "b"] }],
    // a list item with inner quotes and no comma is one item; outside a list a comma beside them is the string's
    [list, '{"items": ["the "red" one", "blue, green"]}', { items: ['the "red" one', "blue, green"] }],
    [message, '{"text": "he said "no, never" loudly", "to": "Ann"}', { text: 'he said "no, never" loudly', to: "Ann" }],
    // a whole JSON document written into the string (a .json file's content): its structure is the value's own
    [file, '{"filePath":"/home/proj/about.json", "content":"{"title":"about project"}"}', { filePath: "/home/proj/about.json", content: '{"title":"about project"}' }],
    [file, '{"content": "{"a": 1, "b": [1, "x"], "c": {"d": null}}", "filePath": "a.json"}', { content: '{"a": 1, "b": [1, "x"], "c": {"d": null}}', filePath: "a.json" }],
    [file, '{"filePath": "l.json", "content": "["a", "b"]"}', { filePath: "l.json", content: '["a", "b"]' }],
    // …also inside a Markdown fence that is the whole string: the fence is the text's own
    [file, '{"filePath": "a.md", "content": "```json {"a": [{"b": 1},{"c": 2}]}```"}', { filePath: "a.md", content: '```json {"a": [{"b": 1},{"c": 2}]}```' }],
    [file, '{"content": "```json\n{"title": "x"}\n```", "filePath": "a.md"}', { content: '```json\n{"title": "x"}\n```', filePath: "a.md" }],
    [file, '{"filePath": "l.md", "content": "```["a", "b"]```"}', { filePath: "l.md", content: '```["a", "b"]```' }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseInnerQuotes, schema, input, expected));

  it.each([
    // a string the text ends inside is cut, not closed
    [message, '{"to": "Bob", "text": "say "hi'],
    // strings side by side: one joined string to Python and C (`a, b: c`), or one with its inner quotes kept
    [message, '{"to": "Bob", "text": "a, " "b: c"}'],
    [message, '{"text": "x " \n "y, z", "to": "Ann"}'],
    [message, '{"to": "Bob", "text": "say "hi" to'],
    // inner quotes that delimit structure: the text is broken elsewhere, and no string swallows it
    [message, '{"to": "Bob"} and {"text": "hi"}'],
    [message, '{"to": "Bob", "text": "a" b "c": "d"}'],
    [page, '{"html": "x"] "title": "y"}'],
    // `\"` that could end the string: an escaped quote, or a backslash at its end?
    [list, '{"items": ["\\","a b"]}'],
    [message, '{"to": "C:\\", "text": "a "b" c"}'],
    // `", "` between quotes in an array separates items
    [list, '{"items": ["a "b", "c" d"]}'],
    // …and any comma beside inner quotes in a list item: the item may be several whose quotes were lost (first, middle,
    // last item, nested, after single quotes)
    [list, '{"items": ["he said "no, never"", "fine"]}'],
    [list, '{"items": ["a "b, c" d"]}'],
    [list, '{"items": ["first", "use "x, y" here"]}'],
    [list, '{"items": ["a", "b "c, d" e", "f"]}'],
    [list, '{"items": ["Hello, "world"", "x"]}'],
    [list, "{'items': [\"say \"hi\", then leave\", 'ok']}"],
    [objectSchema(["data"], { types: { data: list } }), '{"data": {"items": ["the "red, blue" one"]}}'],
    // a quote doubled on one side only: a quote in the text (`12""` inches, a quoted phrase that lost its
    // closing quote), or a typo?
    [page, '{"title": ""value"}'],
    [page, '{"title": "value""}'],
    // a lone quote beside a space may open or close a quotation whose other half is lost
    [page, '{"title": "say "hi" to "Bob"}'],
    [page, '{"title": "say "top 10 now"}'],
    // two marks after digits and a third quote: which one is the inch mark, which a quotation's half?
    [page, '{"title": "the "top 10" and 12" pizza"}'],
    // after a digit and before a comma or the end, the quote may close the string or a quotation
    [page, '{"title": "size 12", "html": "x" y"}'],
    [page, '{"title": "size 12""}'],
    // a quote written twice inside a word: an escape (CSV's `""`), or two quotes kept?
    [page, '{"title": "it""s"}'],
    [message, '{"to": "Bob", "text": "say ""hi""there"}'],
    // the first inner quote closes a word: the string ended there, and what follows is broken (a stray string, two strings)
    [message, '{"to": "Bob", "text": "b", "c"}'],
    [message, '{"to": "Bob", "text": "first" "second"}'],
    // an empty string, then another: `second`, or an empty text and a stray word?
    [message, '{"to": "Bob", "text": "" "second"}'],
    [message, '{"to": "Bob", "text": "", "second"}'],
    [message, '{"to": "Bob", "text": "say "hi!", "end"}'],
    // the stray item holds escaped quotes of its own: it still opens at its last unescaped quote
    [message, '{"to": "Bob", "text": "log(\\"a\\");", "log(\\"a\\");"}'],
    // a JSON document with a backslash: its own escape or the string's?
    [file, '{"filePath": "a.json", "content": "{"a": "say \\"hi\\""}"}'],
    // not a whole document: members of a text broken elsewhere
    [file, '{"filePath": "a.json", "content": "{"a": 1", "b": 2}"}'],
    [file, '{"content": "[x", "filePath": "y]"}'],
    // a fence around what is no whole document, or two blocks: members of a text broken elsewhere
    [file, '{"filePath": "a.md", "content": "```json {"a": 1", "b": 2}```"}'],
    [file, '{"filePath": "a.md", "content": "```{"a": "x"}``` and ```{"b": "y"}```"}'],
    [file, '{"filePath": "a.md", "content": "```python {"a": "x"}```"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseInnerQuotes, schema, input, undefined));
});
