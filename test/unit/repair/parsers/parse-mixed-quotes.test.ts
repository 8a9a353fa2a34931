import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { parseMixedQuotes } from "../../../../src/repair/parsers/parse-mixed-quotes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const entity = objectSchema(["text", "entity", "type"], { types: { type: { type: "integer" } } });
const file = objectSchema(["path", "content"], { required: ["path"] });

describe("parse-mixed-quotes", () => {
  it.each([
    // A declared key opened with one quote and closed with the other.
    [file, '{"content": "x",\'path": "a.txt"}', { content: "x", path: "a.txt" }],
    [file, "{\"path': \"a.txt\", \"content\": \"x\"}", { path: "a.txt", content: "x" }],
    // A value closed with `'` right before such a key: its other quotes, typographic or not, are text.
    [entity, '{"text":"他说‘好的’！\',\'entity":"周","type":5}', { text: "他说‘好的’！", entity: "周", type: 5 }],
    [entity, '{"text": "it\'s done\', \'entity": "me", "type": 1}', { text: "it's done", entity: "me", type: 1 }],
    [entity, '{\n"text":"a \'quoted\' word\',\n\'entity":"x","type":2}', { text: "a 'quoted' word", entity: "x", type: 2 }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseMixedQuotes, schema, input, expected));

  it.each([
    // A key the object does not declare: where the member ends is not told by a declared key.
    [file, '{"content": "x",\'mode": "a"}'],
    // `'` then a comma and text inside a value, no declared key after it: text.
    [entity, '{"text": "a\', \'b", "entity": "x", "type": 1}'],
    // The mixed key without its colon.
    [file, '{"content": "x",\'path" "a.txt"}'],
  ])("%j: %s → nothing", (schema, input) => assertReads(parseMixedQuotes, schema, input, undefined));

  it("keeps every character: the repair is lossless", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([{ name: "record", parameters: entity }]);
    const outcome = engine.repair({ name: "record", arguments: '{"text":"如果‘哗啦啦’的动静较大！\',\'entity":"弗兰奇先生","type":5}' }, tools);
    expect(outcome.kind).toBe("repaired");
    if (outcome.kind !== "repaired") return;
    expect(JSON.parse(outcome.arguments)).toEqual({ text: "如果‘哗啦啦’的动静较大！", entity: "弗兰奇先生", type: 5 });
    expect(outcome.lossy).toBe(false);
    expect(outcome.fixers).toContain("parse-mixed-quotes");
  });
});
