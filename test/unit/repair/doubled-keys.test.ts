import { describe, expect, it } from "vitest";
import { keyWrittenTwice } from "../../../src/repair/doubled-keys.ts";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

const tool: ToolDefinition = {
  name: "read_file",
  parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "number" }, opts: { type: "object" }, tags: { type: "array" } }, required: ["path"] },
};

describe("a key written twice in one object", () => {
  it.each([
    ["two strings", '{"path": "a.txt", "path": "b.txt"}', "path"],
    ["two numbers, other members between", '{"limit": 1, "path": "a", "limit": 2}', "limit"],
    ["inside a nested object", '{"path": "a", "opts": {"x": true, "x": false}}', "x"],
    ["in an object inside a list", '{"path": "a", "tags": [{"k": "1", "k": "2"}]}', "k"],
    ["a key escaped one way and written plain the other", '{"path": "a", "p\\u0061th": "b"}', "path"],
    ["an object then a string", '{"path": "a", "opts": {"y": 1}, "opts": "none"}', "opts"],
  ])("%s: found", (_title, text, key) => {
    expect(keyWrittenTwice(text)).toBe(key);
    // The shortcut for texts writing no more keys than their value holds lets none of these through.
    expect(keyWrittenTwice(text, JSON.parse(text))).toBe(key);
  });

  it.each([
    ["no key twice", '{"path": "a", "limit": 2}'],
    ["the same value twice", '{"path": "a", "path": "a"}'],
    ["the same value, spaced another way", '{"opts": {"x": 1}, "opts":{"x": 1}}'],
    ["one key in two sibling objects", '{"path": "a", "tags": [{"k": 1}, {"k": 2}]}'],
    ["a key-like string inside a value", '{"path": "\\"path\\": b", "limit": 1}'],
  ])("%s: none", (_title, text) => {
    expect(keyWrittenTwice(text)).toBeUndefined();
    expect(keyWrittenTwice(text, JSON.parse(text))).toBeUndefined();
  });

  it("a structured call holding one is refused, not passed as valid", () => {
    const engine = createRepairEngine();
    const outcome = engine.repair({ name: "read_file", arguments: '{"path": "a.txt", "path": "b.txt"}' }, engine.prepareTools([tool]));
    expect(outcome.kind).toBe("failed");
  });

  it("a structured call with a number no double holds is refused", () => {
    const engine = createRepairEngine();
    expect(engine.repair({ name: "read_file", arguments: '{"path": "a.txt", "limit": 1e999}' }, engine.prepareTools([tool])).kind).toBe("failed");
    expect(engine.repair({ name: "read_file", arguments: '{"path": "a.txt", "limit": 1e308}' }, engine.prepareTools([tool])).kind).toBe("valid");
  });
});
