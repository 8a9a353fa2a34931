import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

const getWeather: ToolDefinition = {
  name: "get_weather",
  parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"], additionalProperties: false },
};

function repair(text: string): { kind: string; arguments?: string } {
  const engine = createRepairEngine();
  const outcome = engine.repair({ name: "get_weather", arguments: text }, engine.prepareTools([getWeather]));
  return outcome.kind === "repaired" ? { kind: outcome.kind, arguments: outcome.arguments } : { kind: outcome.kind };
}

describe("arguments whose spaces are SentencePiece markers", () => {
  it.each([
    ['{"city":▁"Oslo"}', { city: "Oslo" }],
    ['{"city":▁"Oslo",▁"days":▁3}', { city: "Oslo", days: 3 }],
    ['▁{▁"city":▁"Oslo"▁}▁', { city: "Oslo" }],
  ])("%j is read with spaces", (text, expected) => {
    const outcome = repair(text);
    expect(outcome.kind).toBe("repaired");
    expect(JSON.parse(outcome.arguments!)).toEqual(expected);
  });

  it.each([
    // A space or the character itself: both readings validate.
    ['{"city":▁"New▁York"}', "failed"],
    ['{"city":▁"Oslo",▁"days":▁"3▁"}', "failed"],
    // Valid as sent: the marker is the value's own.
    ['{"city":"New▁York"}', "valid"],
  ])("%j is %s", (text, kind) => {
    expect(repair(text).kind).toBe(kind);
  });
});
