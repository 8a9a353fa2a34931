/**
 * `<tool_call>` and `<tool_use>` as models respell them from memory: a hyphen
 * for the underscore, capitals, camel case. The body is read as the tag's own.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const CALL = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describe("respelled call tags", () => {
  it.each(["tool-call", "TOOL_CALL", "TOOL-CALL", "toolCall", "ToolCall", "Tool_Call", "tool-use", "TOOL_USE", "ToolUse"])("reads <%s>", (tag) => {
    expect(readBothWays(`<${tag}>${CALL}</${tag}>`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    expect(readBothWays(`Checking.\n<${tag}>${CALL}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it.each([
    ["an undeclared tool", '<tool-call>{"name": "get_forecast", "arguments": {"city": "Paris"}}</tool-call>'],
    ["prose in the tag", "<ToolCall>get the weather in Paris</ToolCall>"],
    ["a tag of another name", `<tool-calls-example>${CALL}</tool-calls-example>`],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
