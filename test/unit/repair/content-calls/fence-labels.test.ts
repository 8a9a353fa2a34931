import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// Agent prompts ask for a call in a fence labelled after calls (```tool, ```tool_use, ```function_call): read as ```json is.
const fenced = (label: string, body: string): string => `\`\`\`${label}\n${body}\n\`\`\``;
const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describe("JSON calls in fences labelled for calls", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["```tool after prose", `reasoning first\n${fenced("tool", '{"name":"get_weather","input":{"city":"Paris"}}')}`, [["get_weather", { city: "Paris" }]], "reasoning first"],
    ["```tool_use", fenced("tool_use", '{"name": "get_time", "input": {"tz": "UTC"}}'), [["get_time", { tz: "UTC" }]], ""],
    ["```function_call with `function` and `parameters`", `Here you go.\n${fenced("function_call", '{\n  "function": "get_weather",\n  "parameters": {"city": "Paris", "days": 2}\n}')}`, [["get_weather", { city: "Paris", days: 2 }]], "Here you go."],
    ["```function_call with `args`", fenced("function_call", '{"name": "get_weather", "args": {"city": "Tokyo"}}'), [["get_weather", { city: "Tokyo" }]], ""],
    ["two ```tool blocks", `${fenced("tool", call)}\nthen\n${fenced("tool", '{"name": "get_time", "arguments": {}}')}`, [["get_weather", { city: "Paris" }], ["get_time", {}]], "then"],
    ["a list of calls in ```tool", fenced("tool", `[${call}, {"name": "get_time", "arguments": {"tz": "UTC"}}]`), [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["```tool with a second word", fenced("tool call", call), [["get_weather", { city: "Paris" }]], ""],
    ["```TOOL in capitals", fenced("TOOL", call), [["get_weather", { city: "Paris" }]], ""],
    ["a fence inside the call's string", fenced("tool", '{"name": "get_weather", "arguments": {"city": "```x```"}}'), [["get_weather", { city: "```x```" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["data in a ```tool block", fenced("tool", '{"name": "my-app", "version": "1.0.0"}')],
    ["a ```tool block naming no declared tool", fenced("tool", '{"name": "get_forecast", "arguments": {"city": "Paris"}}')],
    ["a ```tool block shown as an example", `For example:\n${fenced("tool", call)}`],
    ["a ```tool block with a placeholder", fenced("tool", '{"name": "get_weather", "arguments": {"city": "<city>"}}')],
    ["a ```function block (not a call label)", fenced("function", call)],
    ["a call in a ```tool block quoted in a blockquote", `> \`\`\`tool\n> ${call}\n> \`\`\``],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("a ```tool block whose fence never closes reads as a ```json one does", () => {
    expect(readBothWays(`\`\`\`tool\n${call}`).calls).toEqual(readBothWays(`\`\`\`json\n${call}`).calls);
  });
});

// Home Assistant's local models (home-llm) write their call in a ```homeassistant block, often after a sentence for the user.
describe("JSON calls in a ```homeassistant block", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["after a sentence", `turning on the lamp for you now\n${fenced("homeassistant", call)}`, [["get_weather", { city: "Paris" }]], "turning on the lamp for you now"],
    ["with `parameters`", fenced("homeassistant", '{"name": "get_weather", "parameters": {"city": "Oslo", "days": 2}}'), [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["in capitals", fenced("HomeAssistant", '{"name": "get_time", "arguments": {"tz": "UTC"}}'), [["get_time", { tz: "UTC" }]], ""],
  ])("reads one %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["the legacy service block (no tool named)", `closing the blinds\n${fenced("homeassistant", '{"service": "cover.close_cover", "target_device": "cover.kitchen"}')}`],
    ["a block naming a service, not a declared tool", fenced("homeassistant", '{"name": "light.turn_off", "parameters": {"target_device": "light.bedroom"}}')],
    ["a block shown as an example", `Answer like this:\n${fenced("homeassistant", call)}`],
    ["a block that never closes", `\`\`\`homeassistant\n${call}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
