import { describe, it } from "vitest";
import { nestFlatArguments } from "../../../../src/repair/fixers/nest-flat-arguments.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const inner = { type: "object", properties: { action: { type: "string" }, file_path: { type: "string" } }, required: ["action"], additionalProperties: false };
const schema = { type: "object", properties: { request: inner }, required: ["request"], additionalProperties: false };
// FastMCP and pydantic write the model parameter as a reference into `$defs`.
const referenced = { type: "object", properties: { request: { $ref: "#/$defs/PdfRequest" } }, required: ["request"], $defs: { PdfRequest: inner } };
const allOfReferenced = { type: "object", properties: { request: { allOf: [{ $ref: "#/$defs/PdfRequest" }], description: "The request." } }, required: ["request"], $defs: { PdfRequest: inner } };
const withRootKey = { type: "object", properties: { params: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] }, verbose: { type: "boolean" } }, required: ["params"], additionalProperties: false };
const twoWrappers = {
  type: "object",
  properties: { request: inner, fallback: { type: "object", properties: { action: { type: "string" }, file_path: { type: "string" } } } },
  required: ["request"],
  additionalProperties: false,
};

const rows: FixerCase[] = [
  { title: "fields sent flat", schema, before: { action: "help", file_path: "/x.pdf" }, after: { request: { action: "help", file_path: "/x.pdf" } } },
  { title: "one field sent flat", schema, before: { action: "help" }, after: { request: { action: "help" } } },
  { title: "wrapper behind a $ref", schema: referenced, before: { action: "help", file_path: "/x.pdf" }, after: { request: { action: "help", file_path: "/x.pdf" } } },
  { title: "wrapper behind allOf and a $ref", schema: allOfReferenced, before: { action: "help" }, after: { request: { action: "help" } } },
  { title: "a field in another spelling style (renamed later)", schema, before: { action: "help", filePath: "/x.pdf" }, after: { request: { action: "help", filePath: "/x.pdf" } } },
  { title: "root keys stay at the root", schema: withRootKey, before: { verbose: true, query: "printer", limit: 10 }, after: { verbose: true, params: { query: "printer", limit: 10 } } },

  { title: "a key the wrapper does not declare", schema, before: { action: "help", reason: "why" }, after: undefined },
  { title: "two absent objects declare the fields", schema: twoWrappers, before: { action: "help", file_path: "/x.pdf" }, after: undefined },
  {
    title: "a field like another root property the call left out (`limit` for `min_limit`)",
    schema: { ...withRootKey, properties: { ...withRootKey.properties, min_limit: { type: "integer" } } },
    before: { query: "printer", limit: 10 },
    after: undefined,
  },
  { title: "a root property the call holds does not count", schema: { ...withRootKey, properties: { ...withRootKey.properties, min_limit: { type: "integer" } } }, before: { min_limit: 1, query: "printer", limit: 10 }, after: { min_limit: 1, params: { query: "printer", limit: 10 } } },
  { title: "the wrapper is there already", schema, before: { request: { action: "help" }, file_path: "/x.pdf" }, after: undefined },
  { title: "an optional wrapper", schema: { ...schema, required: [] }, before: { action: "help" }, after: undefined },
  { title: "a key that spells the wrapper itself in another style", schema: { type: "object", properties: { file: { type: "object", properties: { file: { type: "integer" } } } }, required: ["file"] }, before: { File: { file: 0 } }, after: undefined },
  { title: "nothing flat", schema, before: {}, after: undefined },
  { title: "not an object", schema, before: ["help"], after: undefined },
];

describe("nest-flat-arguments", () => {
  it.each(rows)("$title", (row) => checkFixerCase(nestFlatArguments, row));
});
