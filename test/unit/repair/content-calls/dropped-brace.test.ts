import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a JSON call in a closed tag block with its last brace dropped", () => {
  it.each([
    ["before the closer on its own line", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call>', ["get_weather", { city: "Paris" }], ""],
    ["right before the closer", '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}</tool_call>', ["get_weather", { city: "Oslo", days: 2 }], ""],
    ["after prose", 'Let me check.\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}\n</tool_call>', ["get_time", { tz: "UTC" }], "Let me check."],
    ["with a brace inside a string value", '<tool_call>{"name": "get_time", "arguments": {"tz": "}{"}</tool_call>', ["get_time", { tz: "}{" }], ""],
  ])("reads it %s", (_title, content, call, text) => {
    expect(readBothWays(content)).toEqual({ calls: [call], text });
  });

  it.each([
    ["with two braces dropped", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"</tool_call>'],
    ["with prose after the object inside the block", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"} and then more</tool_call>'],
    ["ending with a string, not a closed object", '<tool_call>{"arguments": {"city": "Paris"}, "name": "get_weather"</tool_call>'],
    ["naming no declared tool", '<tool_call>{"name": "book_flight", "arguments": {"to": "Paris"}</tool_call>'],
    ["holding two calls", '<tool_call>{"name": "get_time", "arguments": {}}, {"name": "get_time", "arguments": {}</tool_call>'],
    ["as a list with its bracket and a brace dropped", '<tool_call>[{"name": "get_time", "arguments": {}</tool_call>'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
