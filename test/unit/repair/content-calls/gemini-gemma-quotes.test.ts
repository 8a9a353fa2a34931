import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Gemma 4 writes Gemini's call syntax; a server that strips its call tokens leaves its `<|"|>` quotes in a bare `call:` line.
// Agents name tools `server:tool`, so a name may hold a `:`.
const workspace: ToolDefinition[] = [{ name: "google-workspace:google-workspace", parameters: { type: "object", properties: { action: { type: "string" } }, required: ["action"] } }];

describe("bare call: lines with Gemma's quotes and colon names", () => {
  it.each<[string, string, (readonly [string, unknown])[], string, ToolDefinition[]?]>([
    ["Gemma's quotes", 'call:get_weather{city:<|"|>Paris<|"|>}', [["get_weather", { city: "Paris" }]], ""],
    ["Gemma's quotes and a number", 'call:get_weather{city:<|"|>Paris, France<|"|>,days:2}', [["get_weather", { city: "Paris, France", days: 2 }]], ""],
    ["a declared name holding a colon", 'call:google-workspace:google-workspace{action:<|"|>list_events<|"|>}', [["google-workspace:google-workspace", { action: "list_events" }]], "", workspace],
    ["a colon name with Gemini's quotes", "call:google-workspace:google-workspace{action:<ctrl46>list_events<ctrl46>}", [["google-workspace:google-workspace", { action: "list_events" }]], "", workspace],
    ["Gemma's quotes holding a brace", 'call:get_weather{city:<|"|>Paris {old}<|"|>}', [["get_weather", { city: "Paris {old}" }]], ""],
  ])("reads %s", (_title, content, calls, text, toolList) => {
    expect(readBothWays(content, toolList)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a colon name nobody declared", 'call:drive:get_weather{city:<|"|>Paris<|"|>}'],
    ["a quote never closed", 'call:get_weather{city:<|"|>Paris}'],
    ["a call prose goes on after", 'call:get_weather{city:<|"|>Paris<|"|>} gives the weather'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
