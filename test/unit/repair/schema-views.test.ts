import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { schemaViews } from "../../../src/repair/schema-views.ts";
import type { JsonSchema, RepairOutcome } from "../../../src/repair/types.ts";
import { readRawBothWays } from "./content-calls/read-both-ways.ts";

const engine = createRepairEngine();

function repair(parameters: JsonSchema, args: string): RepairOutcome {
  return engine.repair({ name: "tool", arguments: args }, engine.prepareTools([{ name: "tool", parameters }]));
}

function repairedTo(outcome: RepairOutcome): unknown {
  return outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind;
}

/** Pydantic v2: `Annotated[Union[Create, Delete], Field(discriminator="kind")]`. */
const pydanticUnion = {
  $defs: {
    CreateRequest: {
      properties: {
        kind: { const: "create", title: "Kind", type: "string" },
        file_path: { title: "File Path", type: "string" },
        overwrite: { default: false, title: "Overwrite", type: "boolean" },
      },
      required: ["kind", "file_path"],
      title: "CreateRequest",
      type: "object",
      additionalProperties: false,
    },
    DeleteRequest: {
      properties: { kind: { const: "delete", title: "Kind", type: "string" }, file_path: { title: "File Path", type: "string" }, force: { type: "boolean" } },
      required: ["kind", "file_path"],
      title: "DeleteRequest",
      type: "object",
      additionalProperties: false,
    },
  },
  oneOf: [{ $ref: "#/$defs/CreateRequest" }, { $ref: "#/$defs/DeleteRequest" }],
  discriminator: { propertyName: "kind", mapping: { create: "#/$defs/CreateRequest", delete: "#/$defs/DeleteRequest" } },
  type: "object",
};

/** zod-to-json-schema: `z.discriminatedUnion("action", [...])`, draft-07, one-member enums (older zod). */
const zodUnion = {
  $schema: "http://json-schema.org/draft-07/schema#",
  anyOf: [
    {
      type: "object",
      properties: { action: { type: "string", enum: ["search"] }, query: { type: "string" }, max_results: { type: "integer" } },
      required: ["action", "query"],
      additionalProperties: false,
    },
    {
      type: "object",
      properties: { action: { type: "string", enum: ["fetch"] }, url: { type: "string" }, max_results: { type: "integer" } },
      required: ["action", "url"],
      additionalProperties: false,
    },
  ],
};

/** A model built from mixins, closed by `unevaluatedProperties`. */
const mixin = {
  type: "object",
  $defs: { Paging: { type: "object", properties: { page_size: { type: "integer" }, cursor: { type: "string" } } } },
  allOf: [{ $ref: "#/$defs/Paging" }, { type: "object", properties: { query: { type: "string" } }, required: ["query"] }],
  unevaluatedProperties: false,
};

/** zod-to-json-schema with a name: the root only a `$ref` into `definitions`. */
const rootRef = {
  $ref: "#/definitions/Args",
  definitions: { Args: { type: "object", properties: { file_path: { type: "string" }, limit: { type: "integer" } }, required: ["file_path"], additionalProperties: false } },
  $schema: "http://json-schema.org/draft-07/schema#",
};

describe("schemaViews", () => {
  it("reads a root union as one plain view per branch, the definitions carried", () => {
    const views = schemaViews(pydanticUnion);
    expect(views?.kind).toBe("union");
    expect(views?.views).toHaveLength(2);
    expect(views?.views[0]).toMatchObject({
      type: "object",
      properties: { kind: { const: "create" }, file_path: { type: "string" } },
      required: ["kind", "file_path"],
      additionalProperties: false,
      $defs: pydanticUnion.$defs,
    });
  });

  it("merges a root allOf and a root $ref into one view", () => {
    expect(schemaViews(mixin)).toEqual({
      kind: "merged",
      views: [
        {
          type: "object",
          properties: { page_size: { type: "integer" }, cursor: { type: "string" }, query: { type: "string" } },
          required: ["query"],
          additionalProperties: false,
          $defs: mixin.$defs,
        },
      ],
    });
    expect(schemaViews(rootRef)?.views[0]).toMatchObject({ type: "object", properties: rootRef.definitions.Args.properties, additionalProperties: false });
  });

  it("gives a key two members declare differently both schemas", () => {
    const views = schemaViews({ allOf: [{ properties: { n: { type: "integer" } } }, { properties: { n: { minimum: 1 } } }] });
    expect(views?.views[0]?.["properties"]).toEqual({ n: { allOf: [{ type: "integer" }, { minimum: 1 }] } });
  });

  it.each([
    ["a plain object", { type: "object", properties: { a: { type: "string" } } }],
    ["a union nested in a branch", { oneOf: [{ oneOf: [{ properties: { a: {} } }] }, { properties: { b: {} } }] }],
    ["a branch that is not an object", { anyOf: [{ type: "string" }, { type: "object" }] }],
    ["a `$ref` to the root (recursion)", { allOf: [{ properties: { child: { $ref: "#" } } }] }],
    ["a `$ref` into properties", { allOf: [{ properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } } }] }],
    ["a remote `$ref`", { $ref: "https://example.com/schema.json" }],
    ["a member with `not`", { allOf: [{ properties: { a: {} } }, { not: { required: ["a"] } }] }],
    ["a member closed by a schema", { allOf: [{ properties: { a: {} }, additionalProperties: { type: "string" } }] }],
    ["both oneOf and anyOf at the root", { oneOf: [{ properties: { a: {} } }], anyOf: [{ properties: { b: {} } }] }],
    ["nine branches", { anyOf: Array.from({ length: 9 }, (_, index) => ({ properties: { [`k${index}`]: {} }, required: [`k${index}`] })) }],
    ["a `$ref` cycle among definitions", { $ref: "#/$defs/A", $defs: { A: { $ref: "#/$defs/B" }, B: { $ref: "#/$defs/A" } } }],
    ["a member that is not a schema", { allOf: [42] }],
  ])("makes none for %s", (_label, schema) => {
    expect(schemaViews(schema)).toBeUndefined();
  });

  it("keeps the root's own keywords in every view", () => {
    const views = schemaViews({ properties: { path: {}, file_id: {} }, anyOf: [{ required: ["path"] }, { required: ["file_id"] }], not: { required: ["path", "file_id"] } });
    expect(views?.views.map((view) => [view["required"], view["not"]])).toEqual([
      [["path"], { required: ["path", "file_id"] }],
      [["file_id"], { required: ["path", "file_id"] }],
    ]);
  });
});

describe("a call under a composed schema", () => {
  it.each([
    // Fixers read the branch the discriminator names.
    ["a key in another style in a union branch", pydanticUnion, '{"kind": "create", "filePath": "a.txt"}', { kind: "create", file_path: "a.txt" }],
    ["a number as a string in a union branch", zodUnion, '{"action": "fetch", "url": "https://a.example", "max_results": "5"}', { action: "fetch", url: "https://a.example", max_results: 5 }],
    ["an extra key dropped from a closed branch", pydanticUnion, '{"kind": "delete", "file_path": "a.txt", "explanation": "done"}', { kind: "delete", file_path: "a.txt" }],
    ["the discriminator in the wrong case", zodUnion, '{"action": "SEARCH", "query": "cats"}', { action: "search", query: "cats" }],
    // The parse families read the branch's keys.
    ["unquoted keys and values in a union branch", zodUnion, "{action: search, query: cats and dogs}", { action: "search", query: "cats and dogs" }],
    ["a missing colon in a union branch", pydanticUnion, '{"kind": "create", "file_path" "a.txt"}', { kind: "create", file_path: "a.txt" }],
    ["a key in another style under a mixin", mixin, '{"query": "x", "pageSize": 10}', { query: "x", page_size: 10 }],
    ["a missing colon under a root $ref", rootRef, '{"file_path" "a.txt", "limit": 3}', { file_path: "a.txt", limit: 3 }],
    ["a key in another style under a root $ref", rootRef, '{"filePath": "a.txt"}', { file_path: "a.txt" }],
  ])("is repaired: %s", (_label, schema, args, expected) => {
    expect(repairedTo(repair(schema, args))).toEqual(expected);
  });

  it.each([
    // Two branches read the broken value two ways: neither is picked.
    ["a key two branches would rename differently", {
      anyOf: [
        { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"], additionalProperties: false },
        { type: "object", properties: { file_name: { type: "string" } }, required: ["file_name"], additionalProperties: false },
      ],
    }, '{"file": "a.txt"}'],
    ["the discriminator left out where both branches fit", {
      oneOf: [
        { type: "object", properties: { kind: { const: "a" }, path: { type: "string" } }, required: ["kind", "path"], additionalProperties: false },
        { type: "object", properties: { kind: { const: "b" }, path: { type: "string" } }, required: ["kind", "path"], additionalProperties: false },
      ],
    }, '{"path": "x"}'],
    ["a discriminator value no branch takes", pydanticUnion, '{"kind": "rename", "file_path": "a.txt"}'],
    // A key like a mixin's property is not an extra to drop.
    ["a key like a mixin's property, under a closed mixin", mixin, '{"query": "x", "page_szie": 10}'],
    // One of two keys that exclude each other: which one the model meant is a guess.
    ["both of two keys that exclude each other", {
      type: "object",
      properties: { path: { type: "string" }, file_id: { type: "string" } },
      anyOf: [{ required: ["path"] }, { required: ["file_id"] }],
      not: { required: ["path", "file_id"] },
    }, '{"path": "/a.md", "file_id": "/a.md",}'],
  ])("is refused: %s", (_label, schema, args) => {
    expect(repair(schema, args).kind).toBe("failed");
  });

  it("fills a branch's const only when the branch is the one that fits", () => {
    expect(repairedTo(repair(zodUnion, '{"url": "https://a.example"}'))).toEqual({ action: "fetch", url: "https://a.example" });
    expect(repair(zodUnion, '{"max_results": 3}').kind).toBe("failed");
  });

  it("leaves a call valid as sent alone, and renames a key in another style only when every branch it fits declares it", () => {
    const open = {
      anyOf: [
        { type: "object", properties: { kind: { const: "a" }, max_results: { type: "integer" } }, required: ["kind"] },
        { type: "object", properties: { kind: { const: "b" } }, required: ["kind"] },
      ],
    };
    expect(repair(open, '{"kind": "a", "max_results": 3}').kind).toBe("valid");
    expect(repairedTo(repair(open, '{"kind": "a", "maxResults": 3}'))).toEqual({ kind: "a", max_results: 3 });
    expect(repair(open, '{"kind": "b", "maxResults": 3}').kind).toBe("valid");
  });

  it("does not fill a const beside a key that may be its property under another spelling", () => {
    const open = { type: "object", properties: { kind: { const: "a" }, n: { type: "integer" } }, required: ["kind"] };
    expect(repairedTo(repair(open, '{"Kind": "a", "n": 1}'))).toEqual({ kind: "a", n: 1 });
    expect(repair(open, '{"knid": "a", "n": 1}').kind).not.toBe("repaired");
  });
});

describe("a call written as text under a composed schema, read whole and streamed", () => {
  const tools = [
    { name: "files", parameters: pydanticUnion },
    { name: "web", parameters: zodUnion },
    { name: "find", parameters: mixin },
  ];
  const prepared = engine.prepareTools(tools);

  /** The text's calls, each through the repair pipeline as the proxy sends it on. */
  function callsOf(content: string): unknown[] {
    const { calls } = readRawBothWays(content, tools);
    return calls.map(([name, args]) => repairedOrValid(engine.repair({ name, arguments: args }, prepared), args));
  }

  function repairedOrValid(outcome: RepairOutcome, args: string): unknown {
    if (outcome.kind === "valid") return JSON.parse(args);
    return repairedTo(outcome);
  }

  it.each([
    ["Hermes JSON, a key in another style in a union branch", '<tool_call>\n{"name": "files", "arguments": {"kind": "delete", "filePath": "a.txt"}}\n</tool_call>', [{ kind: "delete", file_path: "a.txt" }]],
    ["Hermes JSON, a number as a string in a zod branch", 'Sure.\n<tool_call>\n{"name": "web", "arguments": {"action": "search", "query": "cats", "max_results": "3"}}\n</tool_call>', [{ action: "search", query: "cats", max_results: 3 }]],
    ["Qwen3-Coder XML under a mixin", "<tool_call>\n<function=find>\n<parameter=query>\nx\n</parameter>\n<parameter=page_size>\n10\n</parameter>\n</function>\n</tool_call>", [{ query: "x", page_size: 10 }]],
    ["Hermes JSON, a key two branches would read two ways", '<tool_call>\n{"name": "web", "arguments": {"action": "SEARCH", "url": "https://a.example"}}\n</tool_call>', ["failed"]],
  ])("%s", (_label, content, expected) => {
    expect(callsOf(content)).toEqual(expected);
  });
});
