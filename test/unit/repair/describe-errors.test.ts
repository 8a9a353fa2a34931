import { describe, expect, it } from "vitest";
import {
  describeSchemaErrors,
  formatIssue,
  invalidArgumentsError,
  nearestName,
  schemaMismatchError,
  showValue,
  unknownToolError,
} from "../../../src/repair/describe-errors.ts";
import { createSchemaValidator } from "../../../src/repair/validate.ts";
import type { JsonSchema, SchemaError } from "../../../src/repair/types.ts";

function errorsFor(schema: JsonSchema, value: unknown): readonly SchemaError[] {
  const compiled = createSchemaValidator().compile(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.compiled.errorsOf(value)!;
}

const readFile = {
  type: "object",
  properties: {
    file_path: { type: "string" },
    limit: { type: "integer" },
    unit: { enum: ["celsius", "fahrenheit"] },
    mode: { const: "read" },
    when: { type: "string", format: "date" },
  },
  required: ["file_path"],
  additionalProperties: false,
};

describe("describeSchemaErrors", () => {
  it("says where, what was expected and what came", () => {
    const messages = describeSchemaErrors(errorsFor(readFile, { file_path: "a", limit: "ten", mode: "write", when: "soon" })).map(formatIssue);
    expect(messages).toContain('`/limit`: expected integer, got "ten"');
    expect(messages).toContain('`/mode`: expected "read", got "write"');
    expect(messages).toContain('`/when`: expected a string in format "date", got "soon"');
  });

  it("suggests the provided key a missing required one resembles", () => {
    const issues = describeSchemaErrors(errorsFor(readFile, { filePath: "a.txt" }));
    const missing = issues.find((issue) => issue.keyword === "required")!;
    expect(missing.pointer).toBe("/file_path");
    expect(missing.suggestion).toBe("you sent `filePath`; did you mean `file_path`?");
    const extra = issues.find((issue) => issue.keyword === "additionalProperties")!;
    expect(extra.pointer).toBe("/filePath");
    expect(extra.suggestion).toBe("did you mean `file_path`?");
    expect(formatIssue(missing)).toBe("`/file_path`: required property is missing (you sent `filePath`; did you mean `file_path`?)");
  });

  it("suggests the absent property an unknown key may name when no name is nearest", () => {
    // Two edits in a five-letter name: too far for nearestName, close enough that the key was not dropped.
    const extra = describeSchemaErrors(errorsFor(readFile, { file_path: "a", liimt: 5 })).find((issue) => issue.keyword === "additionalProperties")!;
    expect(extra.suggestion).toBe("did you mean `limit`?");
  });

  it("suggests by substring and by edit distance, and only when unambiguous", () => {
    expect(describeSchemaErrors(errorsFor(readFile, { path: "a" }))[0]!.suggestion).toBe("you sent `path`; did you mean `file_path`?");
    expect(nearestName("file_path", ["path", "file"])).toBeUndefined(); // two substrings, equally near
    expect(nearestName("file_path", ["fil_path"])).toBe("fil_path");
    expect(nearestName("query", ["querx", "quera"])).toBeUndefined(); // a tie
    expect(nearestName("query", ["querry", "qeury"])).toBe("querry"); // the nearer one
    expect(nearestName("query", ["color"])).toBeUndefined();
    expect(nearestName("id", ["idx"])).toBeUndefined(); // too short to mean anything
  });

  it("suggests the enum member a value spells in another case", () => {
    const issue = describeSchemaErrors(errorsFor(readFile, { file_path: "a", unit: "Celsius" }))[0]!;
    expect(formatIssue(issue)).toBe('`/unit`: expected one of "celsius", "fahrenheit", got "Celsius" (did you mean "celsius"?)');
  });

  it("removes the duplicates anyOf branches produce", () => {
    const schema = { type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "string", minLength: 2 }] } } };
    const issues = describeSchemaErrors(errorsFor(schema, { a: 1 }));
    expect(issues.filter((issue) => issue.keyword === "type")).toHaveLength(1);
    expect(issues.map((issue) => issue.keyword)).toContain("anyOf");
  });

  it("shortens long values", () => {
    expect(showValue("x".repeat(500)).length).toBeLessThanOrEqual(60);
    expect(showValue(undefined)).toBe("nothing");
    const messages = describeSchemaErrors(errorsFor(readFile, { file_path: ["y".repeat(300)] })).map(formatIssue);
    expect(messages[0]!.length).toBeLessThan(100);
  });
});

describe("error values", () => {
  it("schema_mismatch lists the issues for the model", () => {
    const error = schemaMismatchError("read_file", errorsFor(readFile, { filePath: "a", limit: 1.5 }));
    expect(error.kind).toBe("schema_mismatch");
    expect(error.severity).toBe("MEDIUM");
    expect(error.message).toMatch(/^The arguments for `read_file` do not match its parameters schema:\n- /);
    expect(error.message).toContain("did you mean `file_path`?");
    expect(error.message).toContain("`/limit`: expected integer, got 1.5");
  });

  it("unknown_tool lists the declared names and suggests the nearest", () => {
    const error = unknownToolError("readFle", ["read_file", "write_file"]);
    expect(error).toMatchObject({ kind: "unknown_tool", tool: "readFle", severity: "MEDIUM", candidates: ["read_file"] });
    expect(error.message).toBe("There is no tool named `readFle`. Available tools: `read_file`, `write_file`. Did you mean `read_file`?");
    expect(unknownToolError("x", []).message).toBe("There is no tool named `x`. No tools are available.");
  });

  it("invalid_args is HIGH when the arguments were cut off", () => {
    expect(invalidArgumentsError("f", "Unexpected end of JSON input", true)).toMatchObject({ severity: "HIGH", truncated: true });
    const plain = invalidArgumentsError("f", "Unexpected token", false);
    expect(plain).toMatchObject({ kind: "invalid_args", severity: "MEDIUM", truncated: false, detail: "Unexpected token" });
    expect(plain.message).toContain("not valid JSON");
  });
});
