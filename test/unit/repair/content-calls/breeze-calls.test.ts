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

/** Its later template: the same JSON calls between Kimi's ASCII-bar tokens, after the `<|use_tool|>` decision token. */
describe("MediaTek Breeze's calls between <|tool_call_begin|> and <|tool_call_end|>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call, its arguments a JSON string", '<|use_tool|><|tool_call_begin|>{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}<|tool_call_end|>', [["get_weather", { city: "Paris" }]], "<|use_tool|>"],
    ["two blocks with call ids, the end of turn after them", '<|use_tool|><|tool_call_begin|>{"call_id": "ID1", "name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\"}"}<|tool_call_end|><|tool_call_begin|>{"call_id": "ID2", "name": "get_time", "arguments": "{\\"tz\\": \\"UTC\\"}"}<|tool_call_end|><|im_end|>', [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], "<|use_tool|><|im_end|>"],
    ["the arguments as an object, no decision token", '<|tool_call_begin|>{"name": "get_time", "arguments": {"tz": "CET"}}<|tool_call_end|>', [["get_time", { tz: "CET" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", '<|tool_call_begin|>{"name": "rm_rf", "arguments": {"path": "/"}}<|tool_call_end|>'],
    ["a block with words after its object", '<|tool_call_begin|>{"name": "get_weather", "arguments": {"city": "Paris"}} and more<|tool_call_end|>'],
    ["a second block cut inside its object", '<|tool_call_begin|>{"name": "get_time", "arguments": {}}<|tool_call_end|><|tool_call_begin|>{"name": "get_weather", "arguments": {"city": "Pa'],
    ["words in a block", "<|tool_call_begin|>I should check the weather.<|tool_call_end|>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
