import { Ajv2019 } from "ajv/dist/2019.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createSchemaValidator } from "../../../src/repair/validate.ts";
import type { CompiledSchema } from "../../../src/repair/validate.ts";
import type { JsonSchema } from "../../../src/repair/types.ts";

function compiled(schema: JsonSchema, validator = createSchemaValidator()): CompiledSchema {
  const result = validator.compile(schema);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(schema)} to compile: ${result.reason}`);
  return result.compiled;
}

function refusal(schema: JsonSchema, validator = createSchemaValidator()): string {
  const result = validator.compile(schema);
  if (result.ok) throw new Error(`expected ${JSON.stringify(schema).slice(0, 80)} to be refused`);
  return result.reason;
}

const readFile = {
  type: "object",
  properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
  required: ["path"],
  additionalProperties: false,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("schemas as clients send them", () => {
  it("validates draft-07, 2019-09 and 2020-12 schemas", () => {
    const draft07 = compiled({ $schema: "http://json-schema.org/draft-07/schema#", ...readFile, definitions: { x: { type: "string" } } });
    expect(draft07.isValid({ path: "a" })).toBe(true);
    expect(draft07.isValid({ path: 1 })).toBe(false);
    const tuple07 = compiled({ type: "array", items: [{ type: "string" }, { type: "integer" }] });
    expect(tuple07.isValid(["a", 1])).toBe(true);
    expect(tuple07.isValid(["a", "b"])).toBe(false);
    const tuple2020 = compiled({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "array", prefixItems: [{ type: "string" }], items: false });
    expect(tuple2020.isValid(["a"])).toBe(true);
    expect(tuple2020.isValid(["a", "b"])).toBe(false);
    const dependent = compiled({ type: "object", dependentRequired: { a: ["b"] } });
    expect(dependent.isValid({ a: 1 })).toBe(false);
  });

  it("reads a tuple written with prefixItems and no $schema (Pydantic v2's tuple) as 2020-12", () => {
    const point = compiled({
      type: "object",
      properties: { point: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], minItems: 2, maxItems: 2 } },
    });
    expect(point.isValid({ point: [1.5, 2] })).toBe(true);
    expect(point.isValid({ point: ["a", 2] })).toBe(false);
    // Array-form items beside it: a draft-07 tuple, read as before.
    const mixed = compiled({ type: "array", items: [{ type: "string" }], properties: { x: { prefixItems: [{ type: "string" }] } } });
    expect(mixed.isValid(["a"])).toBe(true);
    expect(mixed.isValid([1])).toBe(false);
    // A draft named: its own vocabulary, prefixItems unknown there.
    const named = compiled({ $schema: "http://json-schema.org/draft-07/schema#", type: "array", prefixItems: [{ type: "string" }] });
    expect(named.isValid([1])).toBe(true);
  });

  it("tolerates unknown keywords and formats, and checks known formats", () => {
    const schema = compiled({
      type: "object",
      "x-internal": true,
      properties: { when: { type: "string", format: "date-time" }, odd: { type: "string", format: "made-up" } },
    });
    expect(schema.isValid({ when: "2024-01-01T00:00:00Z", odd: "anything" })).toBe(true);
    expect(schema.isValid({ when: "yesterday" })).toBe(false);
  });

  it("accepts an OpenAI strict schema", () => {
    const strict = compiled({
      type: "object",
      properties: { location: { type: "string" }, unit: { type: ["string", "null"], enum: ["c", "f", null] } },
      required: ["location", "unit"],
      additionalProperties: false,
    });
    expect(strict.isValid({ location: "Paris", unit: null })).toBe(true);
  });

  it("reports every error, verbose, on the repair path", () => {
    const errors = compiled(readFile).errorsOf({ limit: "ten", extra: 1 });
    expect(errors?.map((error) => error.keyword).sort()).toEqual(["additionalProperties", "required", "type"]);
    expect(errors?.find((error) => error.keyword === "type")?.data).toBe("ten");
    expect(compiled(readFile).errorsOf({ path: "a" })).toEqual([]);
  });
});

describe("the cache", () => {
  it("compiles a schema once, whichever object carries it", () => {
    const compile = vi.spyOn(Ajv2019.prototype, "compile");
    const validator = createSchemaValidator();
    compiled(structuredClone(readFile), validator);
    compiled(structuredClone(readFile), validator);
    compiled(readFile, validator);
    compiled(readFile, validator);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(validator.cachedSchemas).toBe(1);
  });

  it("compiles the all-errors validator only when a call fails", () => {
    const compile = vi.spyOn(Ajv2019.prototype, "compile");
    const schema = compiled(readFile);
    schema.isValid({ path: "a" });
    expect(compile).toHaveBeenCalledTimes(1);
    schema.errorsOf({});
    schema.errorsOf({ path: 1 });
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("removes an evicted schema from ajv, both validators", () => {
    const remove = vi.spyOn(Ajv2019.prototype, "removeSchema");
    const validator = createSchemaValidator({ maxCachedSchemas: 2 });
    const first = { type: "object", properties: { a: { type: "string" } } };
    compiled(first, validator).errorsOf({ a: 1 });
    compiled({ type: "object", properties: { b: { type: "string" } } }, validator);
    expect(remove).not.toHaveBeenCalled();
    compiled({ type: "object", properties: { c: { type: "string" } } }, validator);
    // ajv compiled a copy carrying a root $id (see withRootId); that copy is what it releases.
    const released = { ...first, $id: expect.any(String) };
    expect(remove.mock.calls.map(([schema]) => schema)).toEqual([released, released]);
    expect(validator.cachedSchemas).toBe(2);
  });

  it("is bounded by bytes as well as by count", () => {
    const validator = createSchemaValidator({ maxCachedSchemas: 100, maxCachedBytes: 200 });
    for (let index = 0; index < 20; index++) compiled({ type: "object", properties: { [`field_${index}`]: { type: "string" } } }, validator);
    expect(validator.cachedBytes).toBeLessThanOrEqual(200);
    expect(validator.cachedSchemas).toBeLessThan(20);
  });

  it("recompiles a schema object whose entry was evicted", () => {
    const compile = vi.spyOn(Ajv2019.prototype, "compile");
    const validator = createSchemaValidator({ maxCachedSchemas: 1 });
    const kept = { type: "object", properties: { a: { type: "integer" } } };
    compiled(kept, validator);
    compiled({ type: "string" }, validator);
    expect(compiled(kept, validator).isValid({ a: "x" })).toBe(false);
    expect(compile).toHaveBeenCalledTimes(3);
  });

  it("keeps no state between engines", () => {
    const one = createSchemaValidator();
    const two = createSchemaValidator();
    compiled(readFile, one);
    expect(two.cachedSchemas).toBe(0);
  });
});

describe("hostile schemas are refused, never a crash", () => {
  it("refuses a schema nested too deep without overflowing the stack", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let index = 0; index < 100_000; index++) deep = { type: "object", properties: { a: deep } };
    expect(refusal(deep)).toMatch(/nested deeper/);
  });

  it("refuses a schema that is too big", () => {
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 5000; index++) properties[`property_number_${index}`] = { type: "string", description: "x".repeat(50) };
    expect(refusal({ type: "object", properties })).toMatch(/larger than/);
    expect(refusal({ type: "object", properties }, createSchemaValidator({ maxSchemaNodes: 100 }))).toMatch(/nodes/);
  });

  it("refuses a $ref cycle with no data step", () => {
    expect(refusal({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } }, $ref: "#/$defs/a" })).toMatch(/compile|evaluated|never descends/);
  });

  it("accepts recursion through data, which ends with the data", () => {
    const tree = compiled({ type: "object", properties: { children: { type: "array", items: { $ref: "#" } } } });
    expect(tree.isValid({ children: [{ children: [] }] })).toBe(true);
  });

  it("never fetches a remote $ref", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    expect(refusal({ type: "object", properties: { a: { $ref: "https://example.com/schema.json" } } })).toMatch(/resolve reference|does not point inside/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("refuses invalid schemas, a cyclic object and non-schemas", () => {
    expect(refusal({ type: "strin" })).toMatch(/compile/);
    expect(refusal({ type: "object", required: "path" })).toMatch(/compile/);
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic["properties"] = { self: cyclic };
    expect(refusal(cyclic)).toMatch(/nested deeper|serialised/);
    expect(refusal(null as unknown as JsonSchema)).toMatch(/not an object/);
  });

  it("caches a refusal, so a hostile schema compiles once", () => {
    const compile = vi.spyOn(Ajv2019.prototype, "compile");
    const validator = createSchemaValidator();
    refusal({ type: "strin" }, validator);
    refusal({ type: "strin" }, validator);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("cannot unregister ajv's meta-schemas through $id", () => {
    const validator = createSchemaValidator({ maxCachedSchemas: 1 });
    const meta = "https://json-schema.org/draft/2019-09/schema";
    compiled({ $id: meta, type: "object" }, validator);
    compiled({ type: "string" }, validator); // evicts the first
    const metaRef = compiled({ type: "object", properties: { s: { $ref: meta } } }, validator);
    expect(metaRef.isValid({ s: { type: "string" } })).toBe(true);
  });

  it("accepts boolean schemas", () => {
    expect(compiled(true).isValid({ a: 1 })).toBe(true);
    expect(compiled(false).isValid({})).toBe(false);
  });
});
