import { describe, expect, it } from "vitest";
import { digitlessNumber } from "../../../src/repair/digitless-numbers.ts";
import { engineReading } from "../../support/cut-outcome.ts";

describe("digitlessNumber", () => {
  it.each([
    ['{"offset": .}', "."],
    ['{"offset": -, "n": 1}', "-"],
    ['{"offset": +}', "+"],
    ['{"offset": -.}', "-."],
    ['{"ratio": 1e}', "1e"],
    ['{"ratio": 2.5E-, "n": 1}', "2.5E-"],
    ['{"ratio": .5e+ }', ".5e+"],
    ['{"items": [1, -, 3]}', "-"],
    ['{"items": [.]}', "."],
    ["{offset: -\n}", "-"],
  ])("%s → %s", (text, mark) => expect(digitlessNumber(text)).toBe(mark));

  it.each([
    // digits, before or after the point, or a whole exponent: a number
    '{"n": 2., "m": .5, "k": -1}',
    '{"n": 1e5, "m": -2.5E-3}',
    // quoted: the model's own string
    '{"label": "-", "dot": ".", "e": "1e"}',
    // part of a longer value, or no value at all
    "{expr: a - b, n: 5}",
    '{"n": - 5}',
    '{"path": , "n": 5}',
    "{range: 1-2}",
  ])("%s → nothing", (text) => expect(digitlessNumber(text)).toBeUndefined());
});

describe("a number with no digits where a value goes", () => {
  const tool = {
    name: "read_file",
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" }, offset: { type: "integer" }, scale: { type: "number" } }, required: ["path"] },
  };
  it.each([
    ['{"path": "/tmp/x y/z.txt", "offset": .}', true],
    ['{"path": "a.txt", "offset": -}', true],
    ['{"path": "a.txt", "scale": 1e}', true],
    ['<tool_call>\n{"name": "read_file", "arguments": {"path": "/tmp/x y/z.txt", "offset": .}}\n</tool_call>', false],
    ['[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "a.txt", "offset": -.}}]', false],
    ['```json\n{"name": "read_file", "arguments": {"path": "a.txt", "scale": 3e}}\n```', false],
  ])("%s is refused", (text, structured) => expect(engineReading(tool, text, structured, undefined)).toBeUndefined());

  it("a trailing point after digits is still the number", () => {
    expect(engineReading(tool, '{"path": "a.txt", "scale": 2.}', true, undefined)?.value).toEqual({ path: "a.txt", scale: 2 });
  });
});
