/**
 * Schemas a client can declare to hurt the proxy: catastrophic patterns,
 * `$ref`/`anyOf` bombs, recursion that branches, depth. Each is either
 * checked in linear time or refused (the call is `unvalidated`), never
 * validated on a guess and never a hang.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../src/repair/engine.ts";
import type { JsonSchema, RepairOutcome } from "../../src/repair/types.ts";

function judge(schema: JsonSchema, args: string, engine = createRepairEngine()): RepairOutcome {
  return engine.repair({ name: "tool", arguments: args }, engine.prepareTools([{ name: "tool", parameters: schema }]));
}

const withPattern = (pattern: string) => ({ type: "object", properties: { s: { type: "string", pattern } }, required: ["s"] });

/** `a0 = anyOf[a1, a1]`, …: 2^levels steps for a value that fails at the bottom. */
function refBomb(levels: number): JsonSchema {
  const definitions: Record<string, unknown> = { [`a${levels}`]: { type: "string" } };
  for (let index = 0; index < levels; index++) {
    definitions[`a${index}`] = { anyOf: [{ $ref: `#/$defs/a${index + 1}` }, { $ref: `#/$defs/a${index + 1}` }] };
  }
  return { type: "object", $defs: definitions, properties: { x: { $ref: "#/$defs/a0" } } };
}

describe("patterns run in linear time", () => {
  it("answers a catastrophic pattern against a long input (a backtracking engine would not finish)", () => {
    for (const pattern of ["^(a+)+$", "^(a|a)*$", "^([a-z]+)*[0-9]$"]) {
      expect(judge(withPattern(pattern), JSON.stringify({ s: `${"a".repeat(64)}!` })).kind).toBe("failed");
      expect(judge(withPattern(pattern), JSON.stringify({ s: "aaaa" })).kind).toBe(pattern.endsWith("[0-9]$") ? "failed" : "valid");
    }
  });

  it("applies patternProperties and propertyNames with the same engine", () => {
    const schema = { type: "object", patternProperties: { "^(a+)+$": { type: "integer" } }, propertyNames: { pattern: "^(a|a)*b?$" } };
    expect(judge(schema, JSON.stringify({ [`${"a".repeat(40)}`]: 1 })).kind).toBe("valid");
    expect(judge(schema, JSON.stringify({ [`${"a".repeat(40)}!`]: 1 })).kind).toBe("failed");
  });

  it("leaves a pattern RE2 cannot run (lookaround, backreference) unvalidated, never valid", () => {
    for (const pattern of ["^(?=a)a$", "^(a)\\1$"]) {
      const outcome = judge(withPattern(pattern), JSON.stringify({ s: "a" }));
      expect(outcome.kind).toBe("unvalidated");
    }
  });

  it("keeps ECMAScript syntax: named groups, \\u escapes, Unicode classes", () => {
    expect(judge(withPattern("^(?<word>\\p{L}+)-\\u00e9$"), JSON.stringify({ s: "caf-é" })).kind).toBe("valid");
    expect(judge(withPattern("^(?<word>\\p{L}+)-\\u00e9$"), JSON.stringify({ s: "caf-e" })).kind).toBe("failed");
  });
});

describe("schema bombs are refused before compile", () => {
  it("refuses a nested $ref/anyOf bomb (3 KB, 2^40 steps)", () => {
    const bomb = refBomb(40);
    expect(JSON.stringify(bomb).length).toBeLessThan(4096);
    const outcome = judge(bomb, '{"x": 5}');
    expect(outcome).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/expands to more than/) });
  });

  it("refuses recursion that reaches one place in the data by two routes", () => {
    const schema = { type: "object", anyOf: [{ properties: { c: { $ref: "#" } } }, { properties: { c: { $ref: "#" } }, required: ["z"] }] };
    expect(judge(schema, '{"c": {"c": {}}}')).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/two routes/) });
  });

  it("refuses mutual recursion that branches through another definition", () => {
    const schema = {
      $defs: { b: { anyOf: [{ $ref: "#" }, { type: "object", properties: { x: { $ref: "#/$defs/b" } } }] } },
      type: "object",
      properties: { x: { $ref: "#/$defs/b" } },
    };
    expect(judge(schema, '{"x": {}}').kind).toBe("unvalidated");
  });

  it("keeps recursion that stays linear: a tree's branches, a filter's and/or lists", () => {
    const tree = { type: "object", properties: { left: { $ref: "#" }, right: { $ref: "#" }, value: { type: "integer" } } };
    expect(judge(tree, '{"left": {"right": {"value": 1}}}').kind).toBe("valid");
    expect(judge(tree, '{"left": {"right": {"value": "x"}}}').kind).not.toBe("unvalidated");
    const filter = {
      anyOf: [
        { type: "object", properties: { field: { type: "string" } }, required: ["field"] },
        { type: "object", properties: { and: { type: "array", items: { $ref: "#" } }, or: { type: "array", items: { $ref: "#" } } } },
      ],
    };
    expect(judge(filter, '{"and": [{"field": "a"}, {"or": [{"field": "b"}]}]}').kind).toBe("valid");
  });

  it("refuses a combinator with too many branches, and a $ref cycle with no data step", () => {
    const wide = { type: "object", properties: { x: { anyOf: Array.from({ length: 200 }, (_, index) => ({ const: index })) } } };
    expect(judge(wide, '{"x": 1}')).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/branches/) });
    const loop = { $defs: { a: { $ref: "#/$defs/b" }, b: { anyOf: [{ type: "string" }, { $ref: "#/$defs/a" }] } }, $ref: "#/$defs/a" };
    expect(judge(loop, "{}").kind).toBe("unvalidated");
  });

  it("refuses a schema 300 levels deep and one that does not compile: unvalidated, never valid", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let index = 0; index < 300; index++) deep = { type: "object", properties: { a: deep } };
    expect(judge(deep, "{}").kind).toBe("unvalidated");
    expect(judge({ type: "object", properties: { a: { type: "strin" } } }, '{"a": 1}').kind).toBe("unvalidated");
  });

  it("charges each request's new compiles to a budget; cached schemas are free", () => {
    const engine = createRepairEngine({ maxExpandedNodes: 50 });
    const schema = (tag: string) => ({
      type: "object",
      properties: Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`${tag}${index}`, { type: "string" }])),
    });
    const tools = engine.prepareTools([
      { name: "one", parameters: schema("a") },
      { name: "two", parameters: schema("b") },
    ]);
    expect(engine.repair({ name: "one", arguments: "{}" }, tools).kind).toBe("valid");
    expect(engine.repair({ name: "two", arguments: "{}" }, tools)).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/budget/) });
    // Next request: "one" is cached (free), so "two" fits the new budget.
    const next = engine.prepareTools([
      { name: "one", parameters: schema("a") },
      { name: "two", parameters: schema("b") },
    ]);
    expect(engine.repair({ name: "one", arguments: "{}" }, next).kind).toBe("valid");
    expect(engine.repair({ name: "two", arguments: "{}" }, next).kind).toBe("valid");
  });
});

describe("hostile arguments are bounded before any parse", () => {
  it("leaves arguments nested 10 000 and 100 000 deep unvalidated, without overflowing the stack", () => {
    for (const depth of [10_000, 100_000]) {
      const text = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
      expect(judge({ type: "object" }, text)).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/deeper than 64/) });
      // Broken as well (one brace short): still not parsed, repaired or serialised.
      expect(judge({ type: "object" }, text.slice(0, -1)).kind).toBe("unvalidated");
    }
  });

  it("leaves arguments larger than the limit unrepaired", () => {
    const engine = createRepairEngine({ maxArgumentBytes: 1024 });
    const big = `{"text": "${"x".repeat(2000)}",}`;
    expect(judge({ type: "object" }, big, engine)).toMatchObject({ kind: "unvalidated", reason: expect.stringMatching(/larger than 1024/) });
    expect(judge({ type: "object" }, '{"text": "short",}', engine).kind).toBe("repaired");
  });

  it("bounds the depth of arguments sent as an object, not a string", () => {
    let deep: unknown = 1;
    for (let index = 0; index < 10_000; index++) deep = { a: deep };
    const engine = createRepairEngine();
    const outcome = engine.repair({ name: "tool", arguments: deep }, engine.prepareTools([{ name: "tool", parameters: { type: "object" } }]));
    expect(outcome.kind).toBe("unvalidated");
  });
});
