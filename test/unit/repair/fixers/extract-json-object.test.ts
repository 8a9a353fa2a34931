import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractJsonObject } from "../../../../src/repair/fixers/extract-json-object.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("extract-json-object", () => {
  it.each([
    ['Calling the function with: {"a": 1}', '{"a": 1}'],
    ['{"a": 1}\nThis should work.', '{"a": 1}'],
    ['{"a": 1} <junk>', '{"a": 1}'],
    ['{"city":"San Francisco"}Estimating the weather...', '{"city":"San Francisco"}'],
    [' - { "k": ["v"] }', '{ "k": ["v"] }'],
    ['Sure: {"a": "}{"}. Done', '{"a": "}{"}'],
    ['Sure: {"a": "b', '{"a": "b'],
    // A comma after it, then a sentence: the object was one item of an answer.
    ['The answer is\n{"a": 1},\n\nAnything else I can help with?', '{"a": 1}'],
    ['{"a": 1}, I hope this helps', '{"a": 1}'],
    ['{"a": 1},', undefined],
    // The object between double quotes, its own quotes unescaped: JSON put in a string without escaping it.
    ['"{"a": "x", "b": 1}"', '{"a": "x", "b": 1}'],
    ['"{"a": "say \\"hi\\""}"', '{"a": "say \\"hi\\""}'],
    ['  "{"a": 1}', '{"a": 1}'],
    ['"{"a": 1}```', '{"a": 1}'],
    ['"{"a": 1}"\n```', '{"a": 1}'],
    // More after it: another value, or text the quote began.
    ['"{"a": ""}""', undefined],
    ['"{"a": 1}" and then "{"b": 2}"', undefined],
    // A bare key alone before the object: a label, or the one member written without braces; the schema decides.
    ['query_tab: {"a": 1}', undefined],
    // Other `key: value` lines before or after it: members written one a line, the object one member's value.
    ['path: "a"\nopts: {"a": 1}', undefined],
    ['opts: {"a": 1}\ncount: 3', undefined],
    // A brace right after a bare key's colon and an opening quote: the start of that string's text, never an object.
    ['tab: "{"', undefined],
    ["tab: '{'", undefined],
    ['tab: "{', undefined],
    ['tab: "{\\"a\\": 1}"', undefined],
    ['path: "a"\nopts: "{x}"', undefined],
    ['tab: " {"', undefined],
    ["tab: 'see {x}'", undefined],
    // The quote closed on its line, or not right after the colon: the brace is outside it.
    ['tab: "a"\nHere: {"a": 1}', '{"a": 1}'],
    ["note: it's this: {\"a\": 1}", '{"a": 1}'],
    ['{"a": 1};', '{"a": 1}'],
    ['const args = {"a": 1};', '{"a": 1}'],
    // Stray quotes after it: empty strings, or the close of a quoting whose opening was lost.
    ['{}""', "{}"],
    ['{"a": "x"}"', '{"a": "x"}'],
    ["{\"a\": 1} ''", '{"a": 1}'],
    ['{"a": 1}"b"', undefined],
    // One JSON value of its own beside the object: two top-level values, which one is meant is a guess.
    ['{"city": "Rome"} "Milan"', undefined],
    ['{"a": 1}\n"more"', undefined],
    ['{"a": 1} "Hope this helps!"', undefined],
    ['{"a": 1} "it\\"s"', undefined],
    ['{"q": "x"} true', undefined],
    ['{"a": 1} false', undefined],
    ['{"a": 1} null\n', undefined],
    ['{"a": 1} True', undefined],
    ['{"a": 1} None', undefined],
    ['true {"a": 1}', undefined],
    ['null\n{"a": 1}', undefined],
    ['None {"a": 1}', undefined],
    // Words that are prose, or a literal inside a sentence: the object alone.
    ['{"a": 1} done', '{"a": 1}'],
    ['{"a": 1} OK', '{"a": 1}'],
    ['{"a": 1}\nTrue to form, here it is.', '{"a": 1}'],
    ['{"a": 1}\n"Quoted" remark after it.', '{"a": 1}'],
    ['Truly: {"a": 1}', '{"a": 1}'],
    ['true or not: {"a": 1}', '{"a": 1}'],
    // Stray quotes and closers after it: the quotes dropped, the closers kept for repair-json-syntax to judge.
    ['Here is the JSON:\n{"a": 1}"}', '{"a": 1}}'],
    ['{"a": "x"}"}', '{"a": "x"}}'],
    ['Sure:\n{"a": 1}\n}\n', '{"a": 1}}'],
    ["{\"a\": [1]}' ]", '{"a": [1]}]'],
    // A quote right before the object: it may be one JSON string; words after the closers: prose, not stray brackets.
    ['"{"a": 1}"}', undefined],
    ['Here: {"a": 1}"} and more', undefined],
    ['{"a": 1}"} ok', undefined],
    // An empty string right before the closer, quotes after it: doubled quotes around a value holding the closer
    // (`""}""` is `}`), or stray quotes; which, is a guess.
    ['{"a": ""}""}', undefined],
    ['{"a": ""}"', undefined],
    ['{"a": "" }""}}', undefined],
    ['{"a": 1}; {"b": 2}', undefined],
    ['{"a": 1}, b: 2}', undefined],
    // A bare key and its colon ending the text: a member cut off after the object, not prose.
    ['{"a": "v"} key:', undefined],
    ['{"a": 1}\nnext_key: ', undefined],
    ['Here: {"a": 1} b:', undefined],
    // A label with words after it is a sentence.
    ['{"a": 1}\nNote: this reads the file.', '{"a": 1}'],
    ["{\"a\": 1}, 'b' too", undefined],
    // A call around it (JSONP, a call expression): its one argument.
    ['cb( {a: 1,} );', "{a: 1,}"],
    ['callback_123({"a": 1})', '{"a": 1}'],
    ['json.dumps({"a": 1})', '{"a": 1}'],
    // A tool's name may hold a hyphen.
    ['repo_browser.open-file({"a": 1})', '{"a": 1}'],
    ['({"a": 1});', '{"a": 1}'],
    ['get_weather(\n  {"city": "Paris"}\n)', '{"city": "Paris"}'],
    // Not the one argument of one call: another argument, nested calls, a closer with no opener.
    ['f(1, {"a": 1})', undefined],
    ['f({"a": 1}, 2)', undefined],
    ['a(b({"a": 1}))', undefined],
    ['{"a": 1})', undefined],
    ['Use f( {"a": 1} )', undefined],
    // Code shown in the reasoning before it (brackets of its own) is looked past.
    ['<thinking>\nCheck `parts[1]`:\n```python\nreturn p[\'x\'] or q[0]\n```\n</thinking>\n\n{"a": 1}', '{"a": 1}'],
    ['Match `\\d{4}` first, then {"a": 1}', '{"a": 1}'],
    ['Some `code` {"a": "run `ls` now"} done', '{"a": "run `ls` now"}'],
    // Unless that code could be arguments, or is a block after the object (content meant for it?).
    ['Not `{"a": 2}` but {"a": 1}', undefined],
    ['Set `"b": 2` and [x] {"a": 1}', undefined],
    ['```python\nx[0]\n```\n{"a": 1}\n```python\ny[1]\n```', undefined],
    ['{"path": "a.py"}\n```python\nprint(x[0])\n```', undefined],
    // A sentence's end after it.
    ['To do this, I call read_file with {"a": 1}.', '{"a": 1}'],
    ['{"a": 1}...', undefined],
    // A closing fence alone after it is syntax (prose or a stray line before it inside the block, or the opening fence lost)…
    ['Here is a response\n\n{"a": 1}\n```', '{"a": 1}'],
    ['```json\n, here\n{"a": 1}\n```', '{"a": 1}'],
    ['here you go\n```json\nThe arguments:\n{"a": 1}\n```', '{"a": 1}'],
    ['{"a": 1}\n~~~', '{"a": 1}'],
    // …also after an object left open: the fence ended the answer, the brace was left out.
    ['{"a": "b", "c": "d"```', '{"a": "b", "c": "d"'],
    ['{"a": "b"\n```\n', '{"a": "b"'],
    ['{"a": 1~~~', '{"a": 1'],
    // Not when a fence is inside the object, or nothing is.
    ['{"a": "x ``` y", "b": 2```', undefined],
    ['{```', undefined],
    // …unless what comes before it is code (a language's fence, an assignment, a call) or JSON.
    ['```python\nx = 1\n{"a": 1}\n```', undefined],
    ['```sh\necho\n{"a": 1}\n```', undefined],
    ['```\nrun(x)\n{"a": 1}\n```', undefined],
    ['```json\n{"b": 2}\n{"a": 1}\n```', undefined],
    // The object as the inline code of a sentence: its backticks are syntax…
    ['The arguments are `{"a": 1}`.', '{"a": 1}'],
    ['Check `x[0]`, then call it with `{"a": 1}`.', '{"a": 1}'],
    // …not when another span holds an object, or a block follows.
    ['Not `{"a": 2}` but `{"a": 1}`.', undefined],
    ['Use `{"a": 1}`:\n```python\nprint(x)\n```', undefined],
    ['Use `{"a": 1} or {"a": 2}`.', undefined],
    // A Markdown link in the prose is no list.
    ['Per [the docs](https://x.io/a), call it with {"a": 1}', '{"a": 1}'],
    ['[the docs] {"a": 1}', undefined],
    ['{"a": 1} (or {"a": 2})', undefined],
    // Label tags in capitals around it (an agent prompt's [CONTENT]…[/CONTENT]) are markup.
    ['[CONTENT] {"a": 1} [/CONTENT]', '{"a": 1}'],
    ['[CONTENT] {"a": 1} [CONTENT]', '{"a": 1}'],
    ['[CONTENT] tag\n[CONTENT]\n{"a": 1}\nxxx', '{"a": 1}'],
    ['[JSON]\n{"a": 1}\n[/JSON]', '{"a": 1}'],
    // A log line's time stamp, a citation mark after a word: no list.
    ['[2024-01-01 12:00:00] {"level": "info"}', '{"level": "info"}'],
    ['[2024-01-01T12:00:00.123Z] INFO {"a": 1}', '{"a": 1}'],
    ['[12:00:01] {"a": 1}', '{"a": 1}'],
    ['see [1] for details {"a": 1}', '{"a": 1}'],
    ['As noted [2, 3], {"a": 1}', '{"a": 1}'],
    ['{"a": 1} as noted in [1].', '{"a": 1}'],
    // Digits in brackets with no word before them, or a date alone, may be a list.
    ['[1] {"a": 1}', undefined],
    ['[2024-01-01] {"a": 1}', undefined],
    ['see [1, "x"] {"a": 1}', undefined],
    ['see [1] {"a": 1} and [2] {"a": 2}', undefined],
    // …not a list, nor a tag holding another object.
    ['[x] {"a": 1}', undefined],
    ['[CONTENT] {"a": 2} [/CONTENT] [CONTENT] {"a": 1} [/CONTENT]', undefined],
    ['["A"] {"a": 1}', undefined],
    // Braces in the prose that no object can be: a template's slot, an aside before the object.
    ['I will read {path} now: {"a": 1}', '{"a": 1}'],
    ['{"a": 1}\n\nNote: the path is relative to {root}.', '{"a": 1}'],
    ["I'll pull out the fields now. {Note: keeping the original casing} Here is the result: {\"a\": 1}", '{"a": 1}'],
    ['Slots {city name} and {x} first, {"a": "{b}"} then', '{"a": "{b}"}'],
    // An aside whose label the object has as a key may be the arguments too; one with no object after it is the object.
    ['First {a: one two} then {"a": 1}', undefined],
    ['Use {query: find the docs} please', '{query: find the docs}'],
    // A slot is no object: nothing is left.
    ['Read {path} please', undefined],
    // Nothing but stray closers around it: a syntax problem, not prose.
    ['{"a": 1}}', undefined],
    // More JSON around it: not a single object in prose.
    ['{"a": 1}, "b": 2}', undefined],
    ['{"a": 1} and {"b": 2}', undefined],
    ['["x", {"a": 1}]', undefined],
    ['He said "x": {"a": 1}', undefined],
    ["no object here", undefined],
    ['{"a": 1}', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(extractJsonObject, input, expected));
});

describe("a brace that opens a bare key's quoted value", () => {
  const engine = createRepairEngine();
  const tools = engine.prepareTools([
    { name: "t", parameters: { type: "object", properties: { tab_bundle: { type: "string" }, tab_user: { type: "number" } } } },
  ]);
  it.each([
    // The string's text, read as the member written without the root's braces.
    ['tab_bundle: "{"', { tab_bundle: "{" }],
    ["tab_bundle: '{'", { tab_bundle: "{" }],
    ['tab_bundle: "{x}"', { tab_bundle: "{x}" }],
    ['tab_bundle: "{}"', { tab_bundle: "{}" }],
    ['tab_bundle: " {"', { tab_bundle: " {" }],
    ["tab_bundle: 'see {x}'", { tab_bundle: "see {x}" }],
    ['tab_bundle: "{a}", tab_user: 3', { tab_bundle: "{a}", tab_user: 3 }],
    // Near misses: a string the text ends inside is a cut value; an undeclared key's string drops nothing into a call.
    ['tab_bundle: "{', "failed"],
    ['note: "{"', "failed"],
    // Unchanged: an object after a label (no quote) is still the arguments.
    ['args: {"tab_user": 1}', { tab_user: 1 }],
  ])("%s → %j", (text, expected) => {
    const outcome = engine.repair({ name: "t", arguments: text }, tools);
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toStrictEqual(expected);
  });
});

describe("a bare key before the object", () => {
  const engine = createRepairEngine();
  const tools = engine.prepareTools([
    { name: "t", parameters: { type: "object", properties: { query_tab: { type: "object", properties: { n: { type: "integer" } } }, n: { type: "integer" } } } },
  ]);
  it.each([
    // Declared: the one member, written without the root's braces.
    ['query_tab: {"n": 1}', { query_tab: { n: 1 } }],
    // Not declared: a label before the arguments.
    ['args: {"n": 1}', { n: 1 }],
    ['args: {"n": 1,}\nThat is all.', { n: 1 }],
  ])("%s → %j", (text, expected) => {
    const outcome = engine.repair({ name: "t", arguments: text }, tools);
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toStrictEqual(expected);
  });
});

