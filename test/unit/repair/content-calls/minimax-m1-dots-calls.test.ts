import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("MiniMax-M1's <tool_calls> with JSON calls one a line, dots.llm's <dots_function_call>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "M1, two calls one a line",
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_calls>',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "",
    ],
    ["M1 after reasoning", '<think>Let me check.</think>\n<tool_calls>\n{"name": "get_time", "arguments": {}}\n</tool_calls>', [["get_time", {}]], "<think>Let me check.</think>"],
    [
      "dots invokes, text before",
      'ok<dots_function_call><invoke name="get_weather"><parameter name="city">Shanghai</parameter><parameter name="days">3</parameter></invoke></dots_function_call>',
      [["get_weather", { city: "Shanghai", days: 3 }]],
      "ok",
    ],
    ["dots JSON", '<dots_function_call>{"name":"get_weather","arguments":{"city":"Oslo"}}</dots_function_call>', [["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["M1 holding prose", "<tool_calls>\nnothing to call\n</tool_calls>"],
    ["dots holding prose", "<dots_function_call>garbage</dots_function_call>"],
    ["dots naming an undeclared tool", '<dots_function_call><invoke name="ghost"><parameter name="q">x</parameter></invoke></dots_function_call>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
