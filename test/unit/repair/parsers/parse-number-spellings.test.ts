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
    // Hexadecimal, as JSON5 and JavaScript write it.
    [sampling, '{"offset": 0x14, "temperature": 0xDEADbeef}', { offset: 20, temperature: 3735928559 }],
    [sampling, "{offset: -0xff}", { offset: -255 }],
    // Past 2^53 a double no longer holds every digit; `0x` alone spells nothing.
    [sampling, '{"offset": 0x20000000000001}', undefined],
    [sampling, '{"offset": 0x}', undefined],
    [sampling, '{"offset": 0xfg}', undefined],
    // Not numbers JSON or JavaScript spell so.
    [sampling, '{"temperature": ..7}', undefined],
    [sampling, '{"temperature": +-3}', undefined],
    [sampling, '{"temperature": +Infinity}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseNumberSpellings, schema, input, expected));
});
