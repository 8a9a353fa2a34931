import { describe, expect, it } from "vitest";
import { spacePieceMarkers } from "../../../../src/repair/fixers/space-piece-markers.ts";
import { readPieceSpaces } from "../../../../src/repair/piece-spaces.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("space-piece-markers", () => {
  it.each([
    ['{"city":▁"Oslo"}', '{"city": "Oslo"}'],
    ['{"city":▁"Oslo",▁"days":▁2}', '{"city": "Oslo", "days": 2}'],
    ['▁{"a":▁[1,▁2],▁"b":▁true▁}', ' {"a": [1, 2], "b": true }'],
    ["{'a':▁'x'}", "{'a': 'x'}"],
    // A marker inside a string is data or a space: with one between tokens too, two readings.
    ['{"city":▁"New▁York"}', undefined],
    ["{'city':▁'New▁York'}", undefined],
    // Only inside strings: nothing between tokens to read.
    ['{"bar":"▁▁▁"}', undefined],
    ['{"a":"x"}', undefined],
    // Between two word characters it is part of a word (DeepSeek's `tool▁call`), not a space.
    ['{"a":▁1}<｜tool▁call▁end｜>', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(spacePieceMarkers, input, expected));

  it("says why it leaves a text alone", () => {
    expect(readPieceSpaces('{"a":"x▁y"}')).toBeUndefined();
    expect(readPieceSpaces('{"a":▁"x▁y"}')).toBe("ambiguous");
    expect(readPieceSpaces('{"a":▁"x\\"▁"}')).toBe("ambiguous");
    expect(readPieceSpaces('{"a":▁"x\\\\"}')).toEqual({ text: '{"a": "x\\\\"}' });
  });
});
