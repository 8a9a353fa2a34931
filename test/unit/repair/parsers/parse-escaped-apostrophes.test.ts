import { describe, expect, it } from "vitest";
import { parseEscapedApostrophes } from "../../../../src/repair/parsers/parse-escaped-apostrophes.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const note = objectSchema(["note", "topics"], { types: { topics: { type: "array", items: { type: "string" } } } });

describe("parse-escaped-apostrophes", () => {
  it.each([
    // Every apostrophe escaped as JavaScript, JSON5 and Python escape them: apostrophes.
    [note, String.raw`{"note": "it\'s fine, don\'t worry"}`, { note: "it's fine, don't worry" }],
    [note, String.raw`{"note": "l\'été", "topics": ["a\'b"]}`, { note: "l'été", topics: ["a'b"] }],
    [note, String.raw`{"note": "say \"hi\", it\'s me"}`, { note: 'say "hi", it\'s me' }],
    // Beside a bare apostrophe the backslash may be the code's own (`'it\''s'` in a shell, `'it\'s'` in Python): no reading.
    [note, String.raw`{"note": "echo 'it'\''s'"}`, undefined],
    [note, String.raw`{"note": "print('it\'s')"}`, undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseEscapedApostrophes, schema, input, expected));

  it("keeps the backslash of a string written with raw backslashes", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([{ name: "t", parameters: note }]);
    const outcome = engine.repair({ name: "t", arguments: String.raw`{"note": "C:\docs\it\'s.txt"}` }, tools);
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toStrictEqual({ note: String.raw`C:\docs\it\'s.txt` });
  });

  it("is not read by the syntax fixer where the backslash may be kept", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([{ name: "t", parameters: note }]);
    for (const text of [String.raw`{"note": "print('it\'s')", "topics": ["x"]}`, String.raw`{"note": "echo 'a'\''b'"}`]) {
      expect(engine.repair({ name: "t", arguments: text }, tools).kind, text).toBe("failed");
    }
    const outcome = engine.repair({ name: "t", arguments: String.raw`{"note": "it\'s", "topics": ["x"],}` }, tools);
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toStrictEqual({ note: "it's", topics: ["x"] });
  });
});
