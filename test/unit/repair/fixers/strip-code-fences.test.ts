import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { stripCodeFences } from "../../../../src/repair/fixers/strip-code-fences.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("strip-code-fences", () => {
  it.each([
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n{"a":1}\n```', '{"a":1}'],
    ['```JSON\r\n{"a":1}\r\n```', '{"a":1}'],
    ['```json action\n{"a":1}\n```', '{"a":1}'],
    ['```json title="args.json"\n{"a":1}\n```', '{"a":1}'],
    ['```json {"a":1} ```', '{"a":1}'],
    ['Here is the call:\n```json\n{"a":1}\n```\nDone.', '{"a":1}'],
    ['\n    here is the json:\n    ```json\n    {\n      "a": 1\n    }\n    ```\n', '{\n      "a": 1\n    }'],
    ['```json\n{"a":1,', '{"a":1,'],
    ['json\n{"a":1}', '{"a":1}'],
    ['JSON \n {"a":1}', '{"a":1}'],
    // Comment lines before the fenced object; a fenced list of objects (unwrapped or split later).
    ['```json\n// the arguments\n{"a":1}\n```', '{"a":1}'],
    ['```python\n# call\n{"a": 1}\n```', '{"a": 1}'],
    ['```json\n[{"a":1}]\n```', '[{"a":1}]'],
    // A fenced JSON string holding the object (encoded, then fenced): the string, decoded later by decode-double-encoded.
    ['```json\n"{\\"a\\": 1}"\n```', '"{\\"a\\": 1}"'],
    ['```\n"  {\\"a\\": 1}"\n```', '"  {\\"a\\": 1}"'],
    ['```json\n"hello"\n```', undefined],
    ['```json\n"[1, 2]"\n```', undefined],
    ['```json\n"{\\"a\\": 1}" and more\n```', undefined],
    ['```json\n["a", {"a":1}]\n```', undefined],
    ['```json\n// note {"a":2}\n```', undefined],
    // More backticks, inline or on their own lines.
    ['````{ "key": "value" }```', '{ "key": "value" }'],
    ['````json\n{"a":1}\n````', '{"a":1}'],
    // A Markdown block holding the fenced object in a shorter fence: the object.
    ['````markdown\n```json\n{"a":1}\n```\n````', '{"a":1}'],
    ['````\n```\n{"a":1}\n```\n````', '{"a":1}'],
    ['````md\n```json\n{"a":1}\n```\n```json\n{"a":2}\n```\n````', undefined],
    ['```markdown\n```json\n{"a":1}\n```\n```', undefined],
    ['````python\n```json\n{"a":1}\n```\n````', undefined],
    // A closing fence written twice.
    ['```json\n{"a":1}\n```\n```', '{"a":1}'],
    ['~~~\n{"a":1}\n~~~\n\n~~~\n', '{"a":1}'],
    ['```json\n{"a": "x"\n```\n```', undefined],
    // Tildes, a closing fence cut short, inline code.
    ['~~~json\n{"a":1}\n~~~', '{"a":1}'],
    ['```json\n{"a":1}\n``', '{"a":1}'],
    ['```json\n{"a":1}\n`', '{"a":1}'],
    ['`{"a": "x"}`', '{"a": "x"}'],
    [' `{"a": {"b": 1}}` \n', '{"a": {"b": 1}}'],
    ['`{"a":1}` and `{"a":2}`', undefined],
    // The same object in every block (a stream sent twice): that object.
    ['```json\n{"a":1}\n```\n```json\n{"a":1}\n```', '{"a":1}'],
    ['```json\n{"a":"```"}\n```\n\n~~~\n{ "a": "```" }\n~~~\n', '{"a":"```"}'],
    ['```json\n{"a":1}\n```\nand\n```json\n{"a":1}\n```', undefined],
    ['```json\n{"a":1}\n```\n~~~\n{"b":2}\n~~~', undefined],
    ['```json\n{"a":1}\n```\n```python\nprint(1)\n```', undefined],
    // A fence inside a string value of the fenced object is data, whatever its length.
    ['```json\n{"body": "see\\n```js\\nx()\\n```"}\n```', '{"body": "see\\n```js\\nx()\\n```"}'],
    ['Here:\n```\n{\n  "md": "```\\n```",\n  "n": 1\n}\n```\nDone.', '{\n  "md": "```\\n```",\n  "n": 1\n}'],
    // Reasoning that shows code, then the object's block: the object.
    ["Split on `' - '`:\n```python\nparts = line.split(' - ')\nok = re.match(r'\\d{4}', parts[0])\n```\nSo:\n```json\n{\"a\": [\" - \"]}\n```\n", '{"a": [" - "]}'],
    ["~~~sh\nls -la\n~~~\n\n```\n{\"a\":1}\n```", '{"a":1}'],
    // Braces in the prose that no object can be (a template's slot, an aside before the block).
    ['Step 1: read {file}.\n```json\n{"a":1}\n```', '{"a":1}'],
    ['{Note: keeping the casing} then:\n```json\n{"a":1}\n```', '{"a":1}'],
    // …unless the aside's label is a key of the object: the aside may be the arguments too.
    ['{a: one two} then:\n```json\n{"a":1}\n```', undefined],
    // Code that could be arguments itself, code after the object, an object cut: not ours to pick.
    ['```python\nargs = {"a": 2}\n```\n```json\n{"a":1}\n```', undefined],
    ['Use `{"a": 2}`?\n```python\nx = 1\n```\n```json\n{"a":1}\n```', undefined],
    ['```python\nx = 1\n```\n```json\n{"a":1\n```', undefined],
    ['```python\nx = 1\n```\nThen {"b": 2}\n```json\n{"a":1}\n```', undefined],
    // Prose after the block: a stray brace or a template's slot is prose; an object or a quoted member may be the arguments too.
    ['```json\n{"a":1}\n```\nSome text with a } here', '{"a":1}'],
    ['```json\n{"a":1}\n```\nThe {path} slot is filled.', '{"a":1}'],
    ['```json\n{"a":1}\n```\nActually the real one: {"a":2}', undefined],
    ['```json\n{"a":1}\n```\nOr {a: 2}.', undefined],
    ['```json\n{"a":1}\n```\nSet "a": 2 instead.', undefined],
    // Two fenced blocks: which one is the call is not ours to pick.
    ['```json\n{"a":1}\n```\n```json\n{"a":2}\n```', undefined],
    // The line breaks at the fences written as escapes (the text escaped once too often around the block).
    ['```json\\n{"a": {"b": "x"}}\\n```', '{"a": {"b": "x"}}'],
    ['```\\r\\n{"a":1}\\r\\n```\n', '{"a":1}'],
    ['```json\\n{"a": "x\\n```"}\\n```', '{"a": "x\\n```"}'],
    // A fenced object inside a pair of brackets: the model opened the object, then the block.
    ['{```json\n{"a":"b"}\n```}', '{"a":"b"}'],
    ['[```\n{"a":"b"}\n```]', '{"a":"b"}'],
    // Not: a list or words in the block, brackets that do not pair, a second object, an escaped fence left open.
    ['```json\\n[1, 2]\\n```', undefined],
    ['{```json\n{"a":"b"}\n```]', undefined],
    ['{```json\n{"a":"b"} {"a":"c"}\n```}', undefined],
    ['{```\nprint(1)\n```}', undefined],
    ['```python\nprint(1)\n```', undefined],
    // A fence inside a string value of the object is data.
    ['{"code": "```js\\nx\\n```",}', undefined],
    ['{"a":1}', undefined],
    ["jsonify this", undefined],
  ])("%j → %j", (input, expected) => assertTextFix(stripCodeFences, input, expected));

  // Code after the object is left alone, unless the object already sets every declared property: no field is left for it.
  const ab = { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } } };
  it.each([
    ['JSON:\n```json\n{"a": 1, "b": "x"}\n```\nPython:\n```python\nprint("hi")\n```', '{"a": 1, "b": "x"}'],
    ['```js\nconst x = 1;\n```\n```json\n{"a": 1, "b": "x"}\n```\n```sh\nls -la\n```', '{"a": 1, "b": "x"}'],
    ['```\n{"a": 1, "b": "x"}\n```\n\n```json\n[1, 2]\n```', '{"a": 1, "b": "x"}'],
    // A property left unset: the code may be its value.
    ['```json\n{"a": 1}\n```\n```python\nprint("hi")\n```', undefined],
    // A block after it that holds a member, or another object: which one is meant is open.
    ['```json\n{"a": 1, "b": "x"}\n```\n```python\nargs = {"a": 2}\n```', undefined],
    ['```json\n{"a": 1, "b": "x"}\n```\n```json\n{"a": 2, "b": "y"}\n```', undefined],
    ['```json\n{"a": 1, "b": "x"}\n```\n```yaml\n"a": 2\n```', undefined],
    // Prose holding an object or a member between them.
    ['```json\n{"a": 1, "b": "x"}\n```\nOr {"a": 2}\n```python\nprint(1)\n```', undefined],
    // Code before the object that could be arguments.
    ['```python\nargs = {"a": 2}\n```\n```json\n{"a": 1, "b": "x"}\n```\n```sh\nls\n```', undefined],
  ])("with every property set: %j → %j", (input, expected) => assertTextFix(stripCodeFences, input, expected, { schema: ab }));
  it.each([
    ['JSON:\n```json\n{"a": 1, "b": "x"}\n```\nPython:\n```python\nprint("hi")\n```', { a: 1, b: "x" }],
    ['```js\nconst x = 1;\n```\n```json\n{"a": 1, "b": "x"}\n```\n```sh\nls -la\n```', { a: 1, b: "x" }],
    ['```json\n{"a": 1}\n```\n```python\nprint("hi")\n```', undefined],
    ['```json\n{"a": 1, "b": "x"}\n```\n```json\n{"a": 2, "b": "y"}\n```', undefined],
  ])("the engine, whose lossless check reads the code after it so too: %j → %j", (input, expected) => {
    const engine = createRepairEngine();
    const tool = { name: "t", parameters: ab };
    const outcome = engine.repair({ name: "t", arguments: input }, engine.prepareTools([tool]));
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : undefined).toStrictEqual(expected);
  });
  // The same for an object written outside any block, prose before or after it, then the code.
  it.each([
    ['{"a": 1, "b": "x"}\n```sh\ncp a.txt b.txt\n```', '{"a": 1, "b": "x"}'],
    ['{"a": 1, "b": "x"}\n\n```python\nshutil.copy("a", "b")\n```', '{"a": 1, "b": "x"}'],
    ['Here: {"a": 1, "b": "x"}\nThis runs:\n```bash\ncat r.md\n```', '{"a": 1, "b": "x"}'],
    ['{"a": 1, "b": "x"}\n```\n1 2 3\n```\n```sh\nls\n```', '{"a": 1, "b": "x"}'],
    // A property left unset, a block holding a member or an object, braces in the prose, or code before the object.
    ['{"a": 1}\n```sh\ncp a.txt b.txt\n```', undefined],
    ['{"a": 1, "b": "x"}\n```json\n{"a": 2}\n```', undefined],
    ['{"a": 1, "b": "x"}\n```python\nargs = {"a": 2}\n```', undefined],
    ['{"a": 1, "b": "x"} or {"a": 2}\n```sh\nls\n```', undefined],
    ['Use `ls` first. {"a": 1, "b": "x"}\n```sh\nls\n```', undefined],
    ['```sh\nls\n```\n{"a": 1, "b": "x"}', undefined],
  ])("a bare object with every property set, code after it: %j → %j", (input, expected) => assertTextFix(stripCodeFences, input, expected, { schema: ab }));
  it.each([
    ['{"a": 1, "b": "x"}\n```sh\ncp a.txt b.txt\n```', { a: 1, b: "x" }],
    ['Here: {"a": 1, "b": "x"}\nThis runs:\n```bash\ncat r.md\n```', { a: 1, b: "x" }],
    ['{"a": 1}\n```sh\ncp a.txt b.txt\n```', undefined],
  ])("the engine, a bare object then code: %j → %j", (input, expected) => {
    const engine = createRepairEngine();
    const tool = { name: "t", parameters: ab };
    const outcome = engine.repair({ name: "t", arguments: input }, engine.prepareTools([tool]));
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : undefined).toStrictEqual(expected);
  });
  it("without a schema, code after the object is left alone", () =>
    assertTextFix(stripCodeFences, 'JSON:\n```json\n{"a": 1, "b": "x"}\n```\nPython:\n```python\nprint(1)\n```', undefined));
});
