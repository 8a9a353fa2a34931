import { describe, it } from "vitest";
import { decodeDoubleEncoded } from "../../../../src/repair/fixers/decode-double-encoded.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: {
    path: { type: "string" },
    ids: { type: "array", items: { type: "integer" } },
    options: { type: "object" },
    note: { type: "string" },
    maybe: { anyOf: [{ type: "array" }, { type: "null" }] },
  },
  additionalProperties: false,
};

// Pydantic's shape: models under `$defs`, an optional one as `anyOf: [{"$ref": …}, {"type": "null"}]`.
const pydantic = {
  type: "object",
  properties: {
    period: { anyOf: [{ $ref: "#/$defs/PeriodSpec" }, { type: "null" }], default: null },
    tags: { anyOf: [{ $ref: "#/$defs/Tags", description: "labels" }, { type: "null" }] },
    note: { anyOf: [{ $ref: "#/$defs/Note" }, { type: "null" }] },
    guarded: { anyOf: [{ $ref: "#/$defs/PeriodSpec", minProperties: 1 }, { type: "null" }] },
  },
  $defs: {
    PeriodSpec: { type: "object", properties: { kind: { type: "string" }, days: { type: "integer" } }, required: ["kind"], additionalProperties: false },
    Tags: { $ref: "#/$defs/TagList" },
    TagList: { type: "array", items: { type: "string" } },
    Note: { type: "string" },
  },
};

const rows: FixerCase[] = [
  { title: "whole arguments encoded", schema, before: '{"path":"a.txt"}', after: { path: "a.txt" } },
  { title: "whole arguments encoded twice", schema, before: JSON.stringify(JSON.stringify({ path: "a.txt" })), after: { path: "a.txt" } },
  { title: "whole arguments without a root type", schema: { properties: { path: { type: "string" } }, required: ["path"] }, before: '{"path":"a"}', after: undefined },
  { title: "array field", schema, before: { ids: "[1, 2]" }, after: { ids: [1, 2] } },
  { title: "object field", schema, before: { options: ' {"deep": true} ' }, after: { options: { deep: true } } },
  { title: "array of objects", schema: { type: "object", properties: { s: { type: "array", items: { type: "object" } } } }, before: { s: '[{"a":1}]' }, after: { s: [{ a: 1 }] } },
  { title: "anyOf with a null branch", schema, before: { maybe: "[1]" }, after: { maybe: [1] } },
  { title: "__proto__ inside decoded text stays data", schema, before: { options: '{"__proto__":{"x":1}}' }, after: { options: JSON.parse('{"__proto__":{"x":1}}') } },

  // the XML call the model wrote the value in leaked its closing tags into the string
  { title: "array field followed by </parameter> and </invoke>", schema, before: { ids: "[1, 2]</parameter>\n</invoke>" }, after: { ids: [1, 2] } },
  { title: "object field followed by Qwen's closers", schema, before: { options: '{"deep": true}\n</parameter>\n</function>\n</tool_call>' }, after: { options: { deep: true } } },
  { title: "array field followed by a namespaced closer", schema, before: { ids: "[3]</minimax:tool_call>" }, after: { ids: [3] } },

  // a field encoded twice, or written as a Markdown code block
  { title: "array field encoded twice", schema, before: { ids: JSON.stringify(JSON.stringify([1, 2])) }, after: { ids: [1, 2] } },
  { title: "object field encoded twice", schema, before: { options: JSON.stringify(JSON.stringify({ deep: true })) }, after: { options: { deep: true } } },
  { title: "array field in a json code block", schema, before: { ids: "```json\n[1, 2]\n```" }, after: { ids: [1, 2] } },
  { title: "object field in a bare code block", schema, before: { options: '```\n{"deep": true}\n```' }, after: { options: { deep: true } } },
  { title: "object field in a tilde block with a Python literal", schema, before: { options: "~~~python\n{'deep': True}\n~~~" }, after: { options: { deep: true } } },
  { title: "a code block with prose after it is not one block", schema, before: { ids: "```json\n[1, 2]\n```\nThese are the ids." }, after: undefined },
  { title: "two code blocks are not one", schema, before: { ids: "```json\n[1]\n```\n```json\n[2]\n```" }, after: undefined },
  { title: "a code block never closed is not read", schema, before: { ids: "```json\n[1, 2]" }, after: undefined },
  { title: "a code block holding a cut list is not closed", schema, before: { ids: "```json\n[1, 2\n```" }, after: undefined },
  { title: "a string field holding a code block is left alone", schema, before: { note: "```json\n[1, 2]\n```", ids: 3 }, after: undefined },
  { title: "a code block holding the wrong container", schema, before: { options: "```json\n[1]\n```" }, after: undefined },

  // a branch that is a local $ref (followed, also through another $ref) is read as the schema it names
  { title: "an optional model under $defs, encoded", schema: pydantic, before: { period: '{"kind": "week"}' }, after: { period: { kind: "week" } } },
  { title: "a $ref to a $ref to a list, with a description beside it", schema: pydantic, before: { tags: '["a", "b"]' }, after: { tags: ["a", "b"] } },
  { title: "a $ref naming a string schema keeps the string", schema: pydantic, before: { note: '{"kind": "week"}', period: 3 }, after: undefined },
  { title: "a $ref with a constraint beside it is not read as the bare model", schema: pydantic, before: { guarded: '{"kind": "week"}' }, after: undefined },
  { title: "an encoded model the schema rejects inside is still decoded for the next stage", schema: pydantic, before: { period: '{"kind": "week", "days": "3"}' }, after: { period: { kind: "week", days: "3" } } },

  { title: "a closer of another markup is data", schema, before: { ids: "[1, 2]</div>" }, after: undefined },
  { title: "words between the value and the closers", schema, before: { ids: "[1, 2] done</parameter>" }, after: undefined },
  { title: "an opening tag, not a closer", schema, before: { ids: "[1, 2]<parameter>" }, after: undefined },
  { title: "a cut value before the closers is not closed", schema, before: { ids: "[1, 2</parameter>" }, after: undefined },
  { title: "closers alone", schema, before: { ids: "</parameter></invoke>" }, after: undefined },
  { title: "string field ending in closers is left alone", schema, before: { note: '{"a":1}</parameter>', ids: 3 }, after: undefined },
  { title: "string field holding JSON is left alone", schema, before: { note: '{"a":1}', ids: 3 }, after: undefined },
  { title: "not JSON", schema, before: { ids: "[1, 2" }, after: undefined },
  { title: "a Python literal in the field (quotes, True, a trailing comma)", schema, before: { options: "{'a': 1, 'b': True,}", ids: "[1, 2,]" }, after: { options: { a: 1, b: true }, ids: [1, 2] } },
  { title: "a cut Python literal is not closed", schema, before: { options: "{'a': 1, 'b'" }, after: undefined },
  { title: "a Python list of strings with an apostrophe read one way only", schema: { type: "object", properties: { t: { type: "array", items: { type: "string" } } } }, before: { t: "['it's', 'b']" }, after: undefined },
  { title: "wrong container", schema, before: { options: "[1]" }, after: undefined },
  { title: "root string that is an array", schema, before: "[1,2]", after: undefined },
  { title: "root string that is prose", schema, before: "hello", after: undefined },
  { title: "four layers is past the bound", schema, before: JSON.stringify(JSON.stringify(JSON.stringify(JSON.stringify({ path: "a" })))), after: undefined },
  { title: "valid", schema, before: { ids: [1] }, after: undefined },
];

describe("decode-double-encoded", () => {
  it.each(rows)("$title", (row) => checkFixerCase(decodeDoubleEncoded, row));
});
