import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";

const weather: ToolDefinition = {
  name: "get_weather",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] }, days: { type: "integer" } },
    required: ["city"],
  },
};
const tools = [weather, { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } }];

describe("Gemma's call written as a Python call with keyword arguments", () => {
  it.each([
    ["no closing token", '<|tool_call>call:get_weather(city="Tokyo", unit="celsius")', [["get_weather", { city: "Tokyo", unit: "celsius" }]], ""],
    ["its closing token", '<|tool_call>call:get_weather(city="Tokyo")<tool_call|>', [["get_weather", { city: "Tokyo" }]], ""],
    ["the quote token around the value", '<|tool_call>call:get_weather(city=<|"|>Oslo<|"|>, days=3)<tool_call|>', [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["spaces around the =", '<|tool_call>call:get_weather(city = "Paris", days = 2)<tool_call|>', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["after prose", 'Let me check.\n<|tool_call>call:bash(command="ls -la")<tool_call|>', [["bash", { command: "ls -la" }]], "Let me check."],
    ["FunctionGemma's tokens", "<start_function_call>call:get_weather(city=<escape>Rome<escape>)<end_function_call>", [["get_weather", { city: "Rome" }]], ""],
    ["an = inside a string value is the value's", '<|tool_call>call:bash(command="x=1 make")<tool_call|>', [["bash", { command: "x=1 make" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a comparison, not an argument", '<|tool_call>call:get_weather(city == "Tokyo")<tool_call|>'],
    ["a positional argument", '<|tool_call>call:get_weather("Tokyo")<tool_call|>'],
    ["a call the text cut before its )", '<|tool_call>call:get_weather(city="Tokyo", unit="cel'],
    ["an undeclared tool", '<|tool_call>call:rm(path="/")<tool_call|>'],
    ["a value left out after =", '<|tool_call>call:get_weather(city=)<tool_call|>'],
  ])("%s: no call is made of it", (_title, content) => {
    // Either nothing is read as a call, or what is read fails repair: the answer is refused, never guessed.
    const engine = createRepairEngine();
    const prepared = engine.prepareTools(tools);
    for (const call of extractToolCallsFromContent(content, tools)?.calls ?? []) {
      expect(engine.repair({ name: call.name, arguments: call.arguments }, prepared).kind).toBe("failed");
    }
  });
});
