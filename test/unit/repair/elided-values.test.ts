import { describe, expect, it } from "vitest";
import { elidedValue } from "../../../src/repair/elided-values.ts";
import { createRepairEngine } from "../../../src/repair/engine.ts";

describe("elidedValue", () => {
  it.each([
    ['{"path": ..., "n": 5}', "..."],
    ['{"path": "a", "n": …}', "…"],
    ['{"items": [1, 2, ...]}', "..."],
    ['{"items": [...]}', "..."],
    ['{"path": <path>, "n": 5}', "<path>"],
    ["{path: <your path here>}", "<your path here>"],
    ['{"token": [REDACTED]}', "[REDACTED]"],
    ['{"token": ***, "n": 1', "***"],
  ])("%s → %s", (text, mark) => expect(elidedValue(text)).toBe(mark));

  it.each([
    // Quoted: the model's own string.
    '{"path": "...", "n": 5',
    '{"text": "see <b> and [NOTE], ...", "n": 5',
    // Not alone where a value goes: part of a value, or no value at all.
    "{path: /tmp/..., n: 5}",
    "{expr: a < b, n: 5}",
    '{"path": , "n": 5}',
    '{"n": 5 ** 2}',
  ])("%s → nothing", (text) => expect(elidedValue(text)).toBeUndefined());
});

describe("a call whose value was left out", () => {
  const engine = createRepairEngine();
  const tool = { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] } };

  it("is refused with the mark named, not filled with it", () => {
    const outcome = engine.repair({ name: "read_file", arguments: '{"path": ..., "limit": "5"}' }, engine.prepareTools([tool]));
    expect(outcome.kind).toBe("failed");
    expect(outcome.kind === "failed" && outcome.error.message).toContain("`...` stands where a value should be");
  });

  it("leaves the same mark alone when it is quoted", () => {
    expect(engine.repair({ name: "read_file", arguments: '{"path": "..."}' }, engine.prepareTools([tool])).kind).toBe("valid");
  });
});
