import { describe, it } from "vitest";
import { parseDoubledBraces } from "../../../../src/repair/parsers/parse-doubled-braces.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const point = { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } };
const steps = objectSchema(["steps", "n"], { types: { steps: { type: "array", items: { type: "object", properties: { text: { type: "string" } } } } } });
const nested = objectSchema(["at", "label"], { types: { at: point } });
const anyValue = objectSchema(["v"], { types: { v: {} } });

describe("parse-doubled-braces", () => {
  it.each([
    // A value or a list item inside a second pair of braces holding nothing else: the brace typed twice.
    [nested, '{"at": {{"x": 1, "y": 2}}, "label": "p"}', { at: { x: 1, y: 2 }, label: "p" }],
    [nested, '{"label": "p", "at": {{"x": 1}}}', { label: "p", at: { x: 1 } }],
    [steps, '{"steps": [{{"text": "a"}}]}', { steps: [{ text: "a" }] }],
    [steps, '{"steps": [{\n  {\n    "text": "hello"\n  }\n}]}', { steps: [{ text: "hello" }] }],
    [steps, '{"steps": [{"text": "a"}, {{"text": "b"}}], "n": "2"}', { steps: [{ text: "a" }, { text: "b" }], n: "2" }],
    // Tripled: each extra pair holds only the next.
    [nested, '{"at": {{{"x": 1}}}}', { at: { x: 1 } }],
    // Braces inside strings are text.
    [steps, '{"steps": [{{"text": "{{name}}"}}]}', { steps: [{ text: "{{name}}" }] }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseDoubledBraces, schema, input, expected));

  it.each([
    // The outer pair holds more than one object: members whose keys were lost, not a doubled brace.
    [steps, '{"steps": [{{"text": "a"}, {"text": "b"}}]}'],
    [anyValue, '{"v": {{"a": 1} {"b": 2}}}'],
    // Something else beside the inner object.
    [nested, '{"at": {{"x": 1} "y": 2}}'],
    [nested, '{"at": { "pos" {"x": 1}}}'],
    // A template's slot, no object: `{{ user.name }}`.
    [anyValue, '{"v": {{ user.name }}}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseDoubledBraces, schema, input, undefined));
});
