/**
 * Blocks of calls with prose between them, in the formats whose reader takes
 * every block of the text at once: every block is read (the first group, then
 * the text after it on its own), never the last block alone, leaving the
 * earlier call as text. All the calls, or none.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const paris = { name: "get_weather", arguments: { city: "Paris" } };
const utc = { name: "get_time", arguments: { tz: "UTC" } };
const blocks: Record<string, (call: typeof paris | typeof utc) => string> = {
  "Hunyuan's <tool_calls>": (call) => `<tool_calls>[${JSON.stringify(call)}]</tool_calls>`,
  "Apertus's <|tools_prefix|>": (call) => `<|tools_prefix|>[${JSON.stringify({ [call.name]: call.arguments })}]<|tools_suffix|>`,
  "openPangu's [unused11]": (call) => `[unused11][${JSON.stringify(call)}][unused12]`,
  "Llama 4's <|python_start|>": (call) => `<|python_start|>[${call.name}(${Object.entries(call.arguments).map(([key, value]) => `${key}="${value}"`).join(", ")})]<|python_end|>`,
  "OLMo 3's <function_calls>": (call) => `<function_calls>${call.name}(${Object.entries(call.arguments).map(([key, value]) => `${key}="${value}"`).join(", ")})</function_calls>`,
};

describe("calls in blocks with prose between them", () => {
  for (const [format, block] of Object.entries(blocks)) {
    it.each<[string, string]>([
      ["a lead-in to the second", `${block(paris)}\nThen I'll also do this:\n${block(utc)}`],
      ["a paragraph between", `${block(paris)}\n\nNext, the second one:\n\n${block(utc)}`],
      ["prose before, between and after", `Checking both.\n${block(paris)}\nAnd in parallel:\n${block(utc)}\nOne moment.`],
    ])(`${format}: reads every call with %s (not the last block alone)`, (_title, content) => {
      expect(readBothWays(content).calls).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_time", { tz: "UTC" }],
      ]);
    });

    it(`${format}: reads no call when the first block names an undeclared tool (not the last block alone)`, () => {
      const content = `${block({ name: "get_news", arguments: { city: "Paris" } } as unknown as typeof paris)}\nThen I'll also do this:\n${block(utc)}`;
      expect(readBothWays(content).calls).toEqual([]);
    });

    it(`${format}: still reads blocks back to back, and one block after prose`, () => {
      expect(readBothWays(`${block(paris)}\n${block(utc)}`).calls).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_time", { tz: "UTC" }],
      ]);
      expect(readBothWays(`Let me check.\n${block(utc)}`).calls).toEqual([["get_time", { tz: "UTC" }]]);
    });
  }

  it("still reads a call after one only weighed in closed reasoning", () => {
    const content = `<think>Maybe <tool_calls>[${JSON.stringify(paris)}]</tool_calls> first? No.</think>\nThen this:\n<tool_calls>[${JSON.stringify(utc)}]</tool_calls>`;
    expect(readBothWays(content).calls).toEqual([["get_time", { tz: "UTC" }]]);
  });
});
