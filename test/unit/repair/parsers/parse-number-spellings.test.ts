import { describe, it } from "vitest";
import { parseNumberSpellings } from "../../../../src/repair/parsers/parse-number-spellings.ts";
import { parseUnquoted } from "../../../../src/repair/parsers/parse-unquoted.ts";
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
    // Octal and binary with the prefix that names their radix (Python, JavaScript, Rust): one reading each.
    [sampling, '{"offset": 0o755, "temperature": 0b1010}', { offset: 493, temperature: 10 }],
    [sampling, "{offset: -0O17}", { offset: -15 }],
    [sampling, '{"offset": 0B11, "temperature": +0o10}', { offset: 3, temperature: 8 }],
    // A digit the radix lacks, no digits, or a prefix no language writes: no reading.
    [sampling, '{"offset": 0o8}', undefined],
    [sampling, '{"offset": 0b102}', undefined],
    [sampling, '{"offset": 0b}', undefined],
    [sampling, '{"offset": 0o}', undefined],
    [sampling, '{"offset": 0d10}', undefined],
    [sampling, '{"offset": 0b1010101010101010101010101010101010101010101010101010101}', undefined],
    // Digits grouped by `_`, as Python, JavaScript and Rust write them.
    [sampling, '{"offset": 1_000, "temperature": 1_000.5_5}', { offset: 1000, temperature: 1000.55 }],
    [sampling, "{offset: -2_500_000}", { offset: -2500000 }],
    [sampling, '{"offset": 1__000}', undefined],
    [sampling, '{"offset": _1000}', undefined],
    [sampling, '{"offset": 1000_}', undefined],
    [sampling, '{"offset": 9_007_199_254_740_993}', undefined],
    // Zero-padded integers: decimal, where an octal reading gives the same number or none.
    [sampling, '{"offset": 007, "temperature": 09}', { offset: 7, temperature: 9 }],
    [sampling, '{"offset": -08}', { offset: -8 }],
    [sampling, '{"offset": 00}', { offset: 0 }],
    [sampling, '{"offset": 0_7}', { offset: 7 }],
    [objectSchema(["month", "day"], { types: { month: { type: "integer" }, day: { type: "integer" } } }), '{"month": 09, "day": 05}', { month: 9, day: 5 }],
    // `0755` is 493 as octal (a file mode) and 755 as decimal; `010` is 8 or 10.
    [sampling, '{"offset": 0755}', undefined],
    [sampling, '{"offset": 010}', undefined],
    [sampling, '{"temperature": 05.5}', undefined],
    // JSON5's point with no digit after it, where something follows: the text did not end there.
    [sampling, '{"temperature": 5., "offset": 3.}', { temperature: 5, offset: 3 }],
    [sampling, '{"temperature": -2.e3, "label": "x"}', { temperature: -2000, label: "x" }],
    [objectSchema(["xs"], { types: { xs: { type: "array", items: { type: "number" } } } }), '{"xs": [1., 0x2, .5]}', { xs: [1, 2, 0.5] }],
    // Where the text ends on it, the decimals may have been cut off.
    [sampling, '{"label": "x", "temperature": 5.', undefined],
    [sampling, '{"temperature": 5..}', undefined],
    // Not numbers JSON or JavaScript spell so.
    [sampling, '{"temperature": ..7}', undefined],
    [sampling, '{"temperature": +-3}', undefined],
    [sampling, '{"temperature": +Infinity}', undefined],
    // A sign parted from its number by spaces, as JavaScript reads it (a unary minus): that number.
    [sampling, '{"temperature": - 3.5, "offset": -  4}', { temperature: -3.5, offset: -4 }],
    [sampling, "{offset: + 2, label: 'x'}", { offset: 2, label: "x" }],
    [sampling, "{'temperature': -\t.5}", { temperature: -0.5 }],
    [sampling, '{"offset": - 0x10}', { offset: -16 }],
    [objectSchema(["xs"], { types: { xs: { type: "array", items: { type: "number" } } } }), '{"xs": [- 1, 2, - 3.25]}', { xs: [-1, 2, -3.25] }],
    [objectSchema(["o"], { types: { o: { type: "object", properties: { dx: { type: "integer" } } } } }), '{"o": {"dx": - 10}}', { o: { dx: -10 } }],
    // A line break after the sign (a bullet, a dash), words after the number, no number after it, or a
    // property that takes text (`- 5` may be that text): not a number.
    [sampling, '{"offset": -\n3}', undefined],
    [sampling, '{"offset": - 5 apples}', undefined],
    [sampling, '{"offset": - x}', undefined],
    [sampling, '{"offset": - -3}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseNumberSpellings, schema, input, expected));
});

describe("a sign parted from its number where text fits", () => {
  it("is the text as written", () => assertReads(parseUnquoted, sampling, "{label: - 5}", { label: "- 5" }));
});
