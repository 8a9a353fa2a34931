import { describe, it } from "vitest";
import { parseLiteralSpellings } from "../../../../src/repair/parsers/parse-literal-spellings.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const flags = objectSchema(["verbose", "dry_run", "limit"], {
  types: { verbose: { type: "boolean" }, dry_run: { type: ["boolean", "null"] }, limit: { type: ["integer", "null"] } },
});

describe("parse-literal-spellings", () => {
  it.each([
    [flags, '{"verbose": True, "dry_run": False}', { verbose: true, dry_run: false }],
    [flags, '{"verbose": TRUE, "limit": None}', { verbose: true, limit: null }],
    [flags, '{"verbose": false, "dry_run": Null}', { verbose: false, dry_run: null }],
    [flags, '{"limit": null, "verbose": fAlSe}', { limit: null, verbose: false }],
    [flags, "{'verbose': True, 'limit': 3}", { verbose: true, limit: 3 }],
    [flags, '{"dry_run": NONE, "verbose": true}', { dry_run: null, verbose: true }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseLiteralSpellings, schema, input, expected));

  it.each([
    // `None` or `undefined` where only a string fits: no value is known, and the spelling is no text
    [objectSchema(["answer"], { required: ["answer"] }), '{"answer": None}'],
    [objectSchema(["answer"], { required: ["answer"] }), "{'answer': undefined}"],
    [objectSchema(["n"], { types: { n: { type: "number" } }, required: ["n"] }), '{"n": NaN}'],
    // `undefined`, `NaN`, `Infinity`: no value written, even where null or text fits or the property is optional
    [flags, '{"verbose": false, "dry_run": Null, "limit": undefined}'],
    [flags, '{"limit": NaN, "verbose": fAlSe}'],
    [flags, '{"limit": -Infinity, "verbose": true}'],
    [objectSchema(["answer", "note"], { required: ["answer"] }), '{"answer": "yes", "note": undefined}'],
  ])("%s → nothing", (schema, input) => assertReads(parseLiteralSpellings, schema, input, undefined));
});
