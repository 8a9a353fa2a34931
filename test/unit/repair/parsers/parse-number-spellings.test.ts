import { describe, it } from "vitest";
import { parseNumberSpellings } from "../../../../src/repair/parsers/parse-number-spellings.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const sampling = objectSchema(["temperature", "offset", "label"], { types: { temperature: { type: "number" }, offset: { type: "integer" } }, closed: true });

describe("parse-number-spellings", () => {
  it.each([
    [sampling, '{"temperature": .7, "offset": +3}', { temperature: 0.7, offset: 3 }],
    [sampling, '{"temperature": -.25, "label": "x"}', { temperature: -0.25, label: "x" }],
    [sampling, '{"temperature": +1.5e2}', { temperature: 150 }],
    [objectSchema(["xs"], { types: { xs: { type: "array", items: { type: "number" } } } }), '{"xs": [.5, +2]}', { xs: [0.5, 2] }],
    // Not numbers JSON or JavaScript spell so.
    [sampling, '{"temperature": ..7}', undefined],
    [sampling, '{"temperature": +-3}', undefined],
    [sampling, '{"temperature": +Infinity}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseNumberSpellings, schema, input, expected));
});
