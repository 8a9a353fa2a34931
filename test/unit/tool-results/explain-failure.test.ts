import { describe, expect, it } from "vitest";
import { explainFailure, HINT_HEADER } from "../../../src/tool-results/explain-failure.ts";
import { fieldMentions } from "../../../src/tool-results/field-mentions.ts";

const schema = {
  type: "object",
  properties: {
    file_path: { type: "string" },
    mode: { type: "string", enum: ["read", "write", "append"] },
    limit: { type: "integer" },
  },
  required: ["file_path"],
  additionalProperties: false,
};

const hint = (args: unknown, errorText = "Error: invalid arguments", toolSchema: unknown = schema) =>
  explainFailure({ tool: "read_file", schema: toolSchema, arguments: typeof args === "string" ? args : JSON.stringify(args), errorText });

describe("explainFailure", () => {
  it("names the missing required field and the provided key nearest to it", () => {
    expect(hint({ filepath: "a.txt" })).toBe(
      `${HINT_HEADER} the call to \`read_file\` does not match its declared parameters.\n` +
        "- `file_path` (string) is required but was not sent; you sent `filepath`: did you mean `file_path`?",
    );
  });

  it("finds the nearest key by substring too", () => {
    expect(hint({ path: "a.txt" })).toContain("you sent `path`: did you mean `file_path`?");
  });

  it("says a field is missing without a guess when nothing sent is near", () => {
    const text = hint({ limit: 3 })!;
    expect(text).toContain("- `file_path` (string) is required but was not sent.");
    expect(text).not.toContain("did you mean");
  });

  it("suggests the nearest enum value", () => {
    expect(hint({ file_path: "a", mode: "wirte" })).toContain('`mode` must be one of "read", "write", "append"; got "wirte": did you mean "write"?');
    expect(hint({ file_path: "a", mode: "READ" })).toContain('did you mean "read"?');
  });

  it("gives the expected type", () => {
    expect(hint({ file_path: "a", limit: "ten" })).toContain('- `limit` must be integer; got "ten".');
    expect(hint({ file_path: "a", limit: 2.5 })).toContain("- `limit` must be integer; got 2.5.");
  });

  it("names an unexpected key and the declared parameter nearest to it", () => {
    expect(hint({ file_path: "a", limt: 3 })).toContain("- `limt` is not a parameter of `read_file`: did you mean `limit`?");
  });

  it("uses the field the error names when the schema does not require it", () => {
    const loose = { type: "object", properties: { file_path: { type: "string" }, encoding: { type: "string" } } };
    // python-jsonschema's wording for the tool's own, stricter schema.
    expect(hint({ filepath: "a" }, "'file_path' is a required property", loose)).toContain("you sent `filepath`: did you mean `file_path`?");
    // An undeclared name in the error with nothing near it in the call is not hinted (it may not be an argument at all).
    expect(hint({ file_path: "a" }, "Error: authentication is required", loose)).toBeUndefined();
  });

  it("says nothing when the call matches its schema and the error names nothing", () => {
    expect(hint({ file_path: "a.txt", mode: "read" })).toBeUndefined();
  });

  it("says nothing without a schema, without object arguments, or when a hint is already there", () => {
    expect(hint({ filepath: "a" }, "x", null)).toBeUndefined();
    expect(hint("not json")).toBeUndefined();
    expect(hint({ filepath: "a" }, `Error: x\n\n${HINT_HEADER} …`)).toBeUndefined();
  });

  it("lists at most five lines", () => {
    const many = { type: "object", properties: {}, required: ["a1", "b2", "c3", "d4", "e5", "f6", "g7"] };
    const text = hint({}, "x", many)!;
    expect(text.split("\n").filter((line) => line.startsWith("- "))).toHaveLength(6);
    expect(text).toContain("- and 2 more.");
  });
});

describe("fieldMentions", () => {
  it.each<[string, string, { missing?: string[]; unexpected?: string[] }]>([
    ["pydantic 2", "1 validation error for X\nfile_path\n  Field required [type=missing, input_value={}, input_type=dict]", { missing: ["file_path"] }],
    ["pydantic 2 extra", "1 validation error for X\npath\n  Extra inputs are not permitted [type=extra_forbidden]", { unexpected: ["path"] }],
    ["LangGraph", "Error invoking tool 'read_file' with kwargs {} with error:\n file_path: Field required\n Please fix the error and try again.", { missing: ["file_path"] }],
    ["jsonschema", "'file_path' is a required property", { missing: ["file_path"] }],
    ["jsonschema extras", "Additional properties are not allowed ('path', 'mode' were unexpected)", { unexpected: ["path", "mode"] }],
    ["ajv", "data must have required property 'file_path'", { missing: ["file_path"] }],
    ["serde", "missing field `file_path` at line 1 column 2", { missing: ["file_path"] }],
    ["CPython", "read_file() missing 2 required positional arguments: 'file_path' and 'mode'", { missing: ["file_path", "mode"] }],
    ["CPython keyword", "TypeError: read_file() got an unexpected keyword argument 'path'", { unexpected: ["path"] }],
    ["zod issues", '[{"code":"invalid_type","expected":"string","received":"undefined","path":["file_path"],"message":"Required"}]', { missing: ["file_path"] }],
    ["zod 4 prettified", "✖ Invalid input: expected string, received undefined\n  → at file_path", { missing: ["file_path"] }],
    ["plain", '{"error":"file_path is required"}', { missing: ["file_path"] }],
  ])("%s", (_name, text, expected) => {
    const mentions = fieldMentions(text);
    expect(mentions.missing).toEqual(expected.missing ?? []);
    expect(mentions.unexpected).toEqual(expected.unexpected ?? []);
  });
});
