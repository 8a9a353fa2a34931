import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a call followed by the result the model wrote itself", () => {
  it.each([
    ["Hermes, then its tool response", '<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>\n<tool_response>\n{"time": "12:00"}\n</tool_response>\nIt is noon.'],
    ["an invoke, then an empty tool response and a conclusion", '<tool_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</tool_calls>\n<tool_response>\n</tool_response>\n\nNo output again.'],
    ["function calls, then function results", '<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</function_calls>\n<function_results>\nSunny\n</function_results>'],
    ["Qwen3-Coder XML, then a tool result element", "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>\n<tool_result>12:00</tool_result>"],
    ["a bare JSON call, then a tool response with attributes", '{"name": "get_time", "arguments": {"tz": "UTC"}}\n<tool_response name="get_time">12:00</tool_response>'],
    ["after prose", 'Let me check.\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>\n\n<tool_response>\n12:00\n</tool_response>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["prose between the call and a tool response", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nI will wait for the <tool_response> before answering.', [["get_time", { tz: "UTC" }]], "I will wait for the <tool_response> before answering."],
    ["a word that only starts like the element", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\n<tool_responder>x</tool_responder>', [["get_time", { tz: "UTC" }]], "<tool_responder>x</tool_responder>"],
    ["the call alone", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]], ""],
  ])("%s: the call is read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });
});
