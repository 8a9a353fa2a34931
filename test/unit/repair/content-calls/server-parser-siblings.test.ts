import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

// One shape written in each format servers leave unparsed (Hermes/Qwen, Qwen3-Coder, Kimi, DeepSeek, DSML,
// GLM, MiniMax, Gemma 4): what a server's parser tests pin for one format holds for its siblings.
const gemma = (name: string, args: string): string => `<|tool_call>call:${name}{${args}}<tool_call|>`;
const quoted = (value: string): string => `<|"|>${value}<|"|>`;
const kimi = (name: string, args: string): string =>
  `<|tool_calls_section_begin|><|tool_call_begin|>functions.${name}:0<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;
const dsml = (name: string, body: string): string => `<｜DSML｜tool_calls> <｜DSML｜invoke name="${name}"> ${body} </｜DSML｜invoke> </｜DSML｜tool_calls>`;
const minimax = (name: string, body: string): string => `<minimax:tool_call><invoke name="${name}">${body}</invoke></minimax:tool_call>`;
const coder = (name: string, body: string): string => `<tool_call>\n<function=${name}>\n${body}\n</function>\n</tool_call>`;

describe("a call the format's parser tests read, in each sibling format", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Hermes after the reasoning's closing tag", 'Let me check.</think><tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', [["get_weather", { city: "Paris" }]], "Let me check.</think>"],
    ["Qwen3-Coder after the reasoning's closing tag", `Let me check.</think>\n\n${coder("get_weather", "<parameter=city>Paris</parameter>")}`, [["get_weather", { city: "Paris" }]], "Let me check.</think>"],
    ["Gemma 4 after the reasoning's closing tag", `Let me check.</think>${gemma("get_weather", `city:${quoted("Paris")}`)}`, [["get_weather", { city: "Paris" }]], "Let me check.</think>"],
    ["MiniMax after a closed reasoning block", `<think>Let me check.</think>${minimax("get_weather", '<parameter name="city">Paris</parameter>')}`, [["get_weather", { city: "Paris" }]], "<think>Let me check.</think>"],
    ["MiniMax, a sentence after it", `${minimax("get_weather", '<parameter name="city">Paris</parameter>')} It is sunny.`, [["get_weather", { city: "Paris" }]], "It is sunny."],
    ["Gemma 4, a sentence after it", `${gemma("get_weather", `city:${quoted("Paris")}`)} It is sunny.`, [["get_weather", { city: "Paris" }]], "It is sunny."],
    ["Kimi, a sentence after it", `${kimi("get_weather", '{"city": "Paris"}')} Let me check.`, [["get_weather", { city: "Paris" }]], "Let me check."],
    ["DSML between sentences", `Checking.${dsml("get_weather", '<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>')} Done.`, [["get_weather", { city: "Paris" }]], "Checking.Done."],
    ["a DSML invoke whose body is a JSON object", dsml("get_weather", '{"city": "Paris", "days": 2}'), [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["a MiniMax invoke whose body is a JSON object", minimax("get_weather", '{"city": "Paris"}'), [["get_weather", { city: "Paris" }]], ""],
    ["an empty MiniMax value is an empty string", minimax("get_weather", '<parameter name="city"></parameter>'), [["get_weather", { city: "" }]], ""],
    ["an empty Qwen3-Coder value is an empty string", coder("get_weather", "<parameter=city></parameter>"), [["get_weather", { city: "" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a Gemma 4 call naming no declared tool", gemma("get_forecast", `city:${quoted("Paris")}`)],
    ["a MiniMax call naming no declared tool", minimax("get_forecast", '<parameter name="city">Paris</parameter>')],
    ["a Qwen3-Coder call naming no declared tool", coder("get_forecast", "<parameter=city>Paris</parameter>")],
    ["a DSML call naming no declared tool", dsml("get_forecast", '<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>')],
    ["a Kimi call naming no declared tool", kimi("get_forecast", '{"city": "Paris"}')],
    ["a Mistral list naming no declared tool", '[TOOL_CALLS][{"name": "get_forecast", "arguments": {"city": "Paris"}}]'],
    ["a MiniMax value cut by the text's end", '<minimax:tool_call><invoke name="get_weather"><parameter name="city">Par'],
    ["a Qwen3-Coder value cut by the text's end", "<tool_call>\n<function=get_weather>\n<parameter=city>Par"],
    ["a DSML value cut by the text's end", '<｜DSML｜tool_calls> <｜DSML｜invoke name="get_weather"> <｜DSML｜parameter name="city" string="true">Par'],
    ["a Gemma 4 value cut by the text's end", `<|tool_call>call:get_weather{city:<|"|>Par`],
    ["a GLM value cut by the text's end", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Par"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  // Read as a call, then judged by the engine: the call it makes, or a refusal.
  const engine = createRepairEngine();
  const prepared = engine.prepareTools(tools);
  const outcome = (content: string): unknown => {
    const call = extractToolCallsFromContent(content, tools)?.calls[0];
    if (call === undefined) return "text";
    const result = engine.repair(call, prepared);
    return result.kind === "failed" ? "refused" : JSON.parse(result.kind === "repaired" ? result.arguments : call.arguments);
  };

  it.each<[string, string, unknown]>([
    ["Gemma 4 digits for a string parameter become that string", gemma("get_weather", "city:12345,days:2"), { city: "12345", days: 2 }],
    ["a Hermes call with no arguments for a tool that requires one", '<tool_call>\n{"name": "get_weather", "arguments": {}}\n</tool_call>', "refused"],
    ["a GLM call with no arguments for a tool that requires one", "<tool_call>get_weather</tool_call>", "refused"],
    ["a MiniMax invoke with no parameters for a tool that requires one", minimax("get_weather", ""), "refused"],
    ["a Gemma 4 call with no arguments for a tool that requires one", gemma("get_weather", ""), "refused"],
  ])("%s", (_title, content, expected) => {
    expect(outcome(content)).toEqual(expected);
  });
});
