/**
 * A property whose schema is a union (Pydantic's `Optional[...]`, zod's
 * `.nullable()`) or a `$ref` (a nested model, `list[Model]`): inside the
 * value, the fixers and the parse families read the branch its own JSON type
 * chose, as they read a property without the union. With two branches of
 * that type, which one is meant is a guess: nothing is repaired inside.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import type { JsonSchema, RepairOutcome } from "../../../src/repair/types.ts";

const engine = createRepairEngine();

function repair(parameters: JsonSchema, args: string): RepairOutcome {
  return engine.repair({ name: "tool", arguments: args }, engine.prepareTools([{ name: "tool", parameters }]));
}

function repairedTo(outcome: RepairOutcome): unknown {
  return outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind;
}

const fileEntry = {
  type: "object",
  properties: { file_path: { type: "string" }, line_count: { type: "integer" } },
  required: ["file_path"],
  additionalProperties: false,
  title: "FileEntry",
};

/** `files: Optional[list[FileEntry]] = None`, `owner: Optional[Owner] = None`, as Pydantic v2 writes them. */
const pydantic = {
  type: "object",
  $defs: { FileEntry: fileEntry, Owner: { type: "object", properties: { user_name: { type: "string" }, team: { type: "string" } }, required: ["user_name"], title: "Owner" } },
  properties: {
    files: { anyOf: [{ type: "array", items: { $ref: "#/$defs/FileEntry" } }, { type: "null" }], default: null, title: "Files" },
    owner: { anyOf: [{ $ref: "#/$defs/Owner" }, { type: "null" }], default: null, title: "Owner" },
    entries: { type: "array", items: { $ref: "#/$defs/FileEntry" }, title: "Entries" },
  },
  additionalProperties: false,
};

/** zod's `.nullable()` on an object and a list: `type` lists. */
const zod = {
  type: "object",
  properties: {
    files: { type: ["array", "null"], items: fileEntry },
    owner: { anyOf: [{ type: "object", properties: { user_name: { type: "string" } }, required: ["user_name"], additionalProperties: false }, { type: "null" }] },
  },
  additionalProperties: false,
};

/** Two object branches: the value's type does not say which. */
const twoObjects = {
  type: "object",
  properties: {
    target: {
      anyOf: [
        { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"], additionalProperties: false },
        { type: "object", properties: { url: { type: "string" }, line_count: { type: "integer" } }, required: ["url"], additionalProperties: false },
      ],
    },
  },
};

describe("inside a value whose type chose its branch", () => {
  it.each([
    ["a number as a string in an item of Optional[list[Model]]", pydantic, '{"files": [{"file_path": "a.py", "line_count": "12"}]}', { files: [{ file_path: "a.py", line_count: 12 }] }],
    ["a key in another style in Optional[Model]", pydantic, '{"owner": {"userName": "ann"}}', { owner: { user_name: "ann" } }],
    ["an extra key in a closed item of Optional[list[Model]]", pydantic, '{"files": [{"file_path": "a.py", "explanation": "why"}]}', { files: [{ file_path: "a.py" }] }],
    ["one model where list[Model] goes", pydantic, '{"entries": {"file_path": "a.py"}}', { entries: [{ file_path: "a.py" }] }],
    ["a number as a string in a nullable list (type list)", zod, '{"files": [{"file_path": "a.py", "line_count": "3"}]}', { files: [{ file_path: "a.py", line_count: 3 }] }],
    ["a key in another style in a nullable object", zod, '{"owner": {"UserName": "ann"}}', { owner: { user_name: "ann" } }],
    // The parse families read the item's keys through the `$ref` and the union.
    ["a missing colon in an item of Optional[list[Model]]", pydantic, '{"files": [{"file_path" "a.py"}]}', { files: [{ file_path: "a.py" }] }],
    ["unquoted text in Optional[Model]", pydantic, '{"owner": {"user_name": ann lee}}', { owner: { user_name: "ann lee" } }],
    ["a list of models written in doubled braces", pydantic, '{"entries": {{"file_path": "a.py"}}}', { entries: [{ file_path: "a.py" }] }],
  ])("is repaired: %s", (_label, schema, args, expected) => {
    expect(repairedTo(repair(schema, args))).toEqual(expected);
  });

  it.each([
    ["a number as a string where two object branches may hold it", twoObjects, '{"target": {"url": "https://a.example", "line_count": "12", "file_path": "a"}}'],
    ["a key in another style where two object branches may hold it", twoObjects, '{"target": {"filePath": "a.py"}}'],
    ["null sent for the list's item", pydantic, '{"files": [null]}'],
  ])("is not repaired: %s", (_label, schema, args) => {
    expect(repair(schema, args).kind).toBe("failed");
  });
});
