import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

/** MediaTek Breeze: one JSON call per `<｜tool_call_begin｜>` … `<｜tool_call_end｜>` block (fullwidth bars). */
describe("MediaTek Breeze's calls between <｜tool_call_begin｜> and <｜tool_call_end｜>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", '<｜tool_call_begin｜>{"name": "get_weather", "arguments": {"city": "Paris"}}<｜tool_call_end｜>', [["get_weather", { city: "Paris" }]], ""],
    ["two blocks back to back, the end of turn after them", '<｜tool_call_begin｜>{"name": "get_weather", "arguments": {"city": "Paris"}}<｜tool_call_end｜><｜tool_call_begin｜>{"name": "get_time", "arguments": {"tz": "UTC"}}<｜tool_call_end｜><｜im_end｜>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], "<｜im_end｜>"],
    ["the call's id beside its name, as the template writes a past call", '<｜tool_call_begin｜>{"call_id": "call_8jLW", "name": "get_time", "arguments": {"tz": "UTC"}}<｜tool_call_end｜>', [["get_time", { tz: "UTC" }]], ""],
    ["after a lead-in", 'Let me check.\n<｜tool_call_begin｜>{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}<｜tool_call_end｜>', [["get_weather", { city: "Oslo", days: 3 }]], "Let me check."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", '<｜tool_call_begin｜>{"name": "rm_rf", "arguments": {"path": "/"}}<｜tool_call_end｜>'],
    ["words in the block", "<｜tool_call_begin｜>I should check the weather first.<｜tool_call_end｜>"],
    ["a block cut inside its object", '<｜tool_call_begin｜>{"name": "get_weather", "arguments": {"city": "Par'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
