import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const NYC = { city: "NYC" };
/** The id envelope under the tool's name, in each id and arguments key. */
const ID_ENVELOPES: readonly (readonly [string, string])[] = [
  ["id/args", '{"get_weather": {"id": "call-0001", "args": {"city": "NYC"}}}'],
  ["id/arguments", '{"get_weather": {"id": "call_1", "arguments": {"city": "NYC"}}}'],
  ["call_id/parameters", '{"get_weather": {"call_id": "call_1", "parameters": {"city": "NYC"}}}'],
  ["tool_call_id/input", '{"get_weather": {"tool_call_id": "toolu_01A", "input": {"city": "NYC"}}}'],
  ["arguments before the id", '{"get_weather": {"args": {"city": "NYC"}, "id": "call_1"}}'],
  ["a numeric id", '{"get_weather": {"id": 7, "args": {"city": "NYC"}}}'],
  ["arguments as JSON text", '{"get_weather": {"id": "call_1", "arguments": "{\\"city\\": \\"NYC\\"}"}}'],
];
/** The formats whose JSON calls may be name-keyed id envelopes. */
const FORMATS: readonly (readonly [string, (call: string) => string])[] = [
  ["Hunyuan/Jamba <tool_calls> list", (call) => `I'll check.<tool_calls>[${call}]</tool_calls>`],
  ["Apertus <|tools_prefix|> list", (call) => `<|tools_prefix|>[${call}]<|tools_suffix|>`],
  ["Hermes <tool_call>", (call) => `<tool_call>${call}</tool_call>`],
  ["Nemotron <TOOLCALL> list", (call) => `<TOOLCALL>[${call}]</TOOLCALL>`],
  ["a ```json fence", (call) => "```json\n" + call + "\n```"],
  ["bare, opening the text", (call) => call],
  ["bare, opening a line after prose", (call) => `Checking the forecast.\n${call}`],
  ["bare, ending a line after prose", (call) => `Checking the forecast: ${call}`],
  ["a bare JSON list", (call) => `[${call}]`],
  ["Mistral's [TOOL_CALLS] list", (call) => `[TOOL_CALLS][${call}]`],
  ["a JSON list in a ```json fence", (call) => "```json\n[" + call + "]\n```"],
];

describe("a call id beside a name-keyed call's arguments", () => {
  for (const [format, wrap] of FORMATS) {
    it.each(ID_ENVELOPES)(`${format}: %s`, (_shape, call) => {
      expect(readBothWays(wrap(call)).calls).toEqual([["get_weather", NYC]]);
    });
  }

  it("two calls, each with its id", () => {
    const content = '<tool_calls>[{"get_weather": {"id": "call-1", "args": {"city": "NYC"}}}, {"get_time": {"id": "call-2", "args": {"tz": "UTC"}}}]</tool_calls>';
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", NYC], ["get_time", { tz: "UTC" }]], text: "" });
  });

  it.each([
    ["a third member beside id and args", '<tool_calls>[{"get_weather": {"id": "call_1", "args": {"city": "NYC"}, "note": "x"}}]</tool_calls>'],
    ["no id, only an arguments key (not clearly an envelope here)", '<tool_calls>[{"get_weather": {"args": {"city": "NYC"}}}]</tool_calls>'],
    ["an id that is an object", '<tool_calls>[{"get_weather": {"id": {"n": 1}, "args": {"city": "NYC"}}}]</tool_calls>'],
    ["an id with spaces (words, not an id)", '<tool_calls>[{"get_weather": {"id": "the first call", "args": {"city": "NYC"}}}]</tool_calls>'],
    ["arguments that are a list", '<tool_calls>[{"get_weather": {"id": "call_1", "args": ["NYC"]}}]</tool_calls>'],
    ["an undeclared tool", '<tool_calls>[{"rm": {"id": "call_1", "args": {"path": "/"}}}]</tool_calls>'],
    ["two ids", '<tool_calls>[{"get_weather": {"id": "call_1", "call_id": "call_1", "args": {"city": "NYC"}}}]</tool_calls>'],
  ])("%s: no call", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  // Outside any call markup the envelope is read only whole, where a JSON call is read: data under a tool's name stays text.
  it.each([
    ["bare: the tool's name over its arguments alone (data, or a call: a guess)", '{"get_weather": {"city": "NYC"}}'],
    ["bare: a third member beside id and args", '{"get_weather": {"id": "call_1", "args": {"city": "NYC"}, "note": "x"}}'],
    ["bare: an id with spaces", '{"get_weather": {"id": "call 1 of 2", "args": {"city": "NYC"}}}'],
    ["bare: a second key beside the tool's name", '{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}, "status": "ok"}'],
    ["bare: an undeclared tool's name", '{"rm": {"id": "call_1", "args": {"path": "/"}}}'],
    ["bare, inside a sentence", 'I would send {"get_weather": {"id": "call_1", "args": {"city": "NYC"}}} later, once you confirm.'],
    ["a bare list with an entry that is no call", '[{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}, {"city": "NYC"}]'],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  // A tool that declares the envelope's keys may have meant them as its arguments: which it is would be a guess.
  const declaresId: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { id: { type: "string" }, args: { type: "object" } } } }];
  const declaresArgs: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { args: { type: "object" }, city: { type: "string" } } } }];
  it.each([
    ["declares id and args", declaresId, '<tool_calls>[{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}]</tool_calls>'],
    ["declares args", declaresArgs, '<tool_calls>[{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}]</tool_calls>'],
    ["declares id and args, Apertus", declaresId, '<|tools_prefix|>[{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}]<|tools_suffix|>'],
    ["declares id and args, bare", declaresId, '{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}'],
    ["declares args, bare after prose", declaresArgs, 'Checking.\n{"get_weather": {"id": "call_1", "args": {"city": "NYC"}}}'],
  ])("a tool that %s: not read as an envelope", (_title, toolList, content) => {
    const reading = readBothWays(content, toolList);
    expect(reading.calls.filter(([, args]) => JSON.stringify(args) === JSON.stringify({ city: "NYC" }))).toEqual([]);
  });
});

describe("a call id in brackets between the function tag and its arguments", () => {
  it.each([
    ["in <tool_call>", '<tool_call><function=get_weather>[call_abc]{"city": "NYC"}</function></tool_call>', ""],
    ["bare <function=…>", '<function=get_weather>[call_abc]{"city": "NYC"}</function>', ""],
    ["a space after the id", '<function=get_weather>[call_abc] {"city": "NYC"}</function>', ""],
    ["a hyphenated id", '<function=get_weather>[call-0001]{"city": "NYC"}</function>', ""],
    ["an Anthropic-style id", '<function=get_weather>[toolu_01AbC]{"city": "NYC"}</function>', ""],
    ["parameters after the id", "<tool_call>\n<function=get_weather>[call_1]<parameter=city>\nNYC\n</parameter>\n</function>\n</tool_call>", ""],
    ["prose before", 'Checking.\n<function=get_weather>[call_abc]{"city": "NYC"}</function>', "Checking."],
  ])("%s", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", NYC]], text });
  });

  it("two calls, each with its id", () => {
    const content = '<tool_call><function=get_weather>[call_1]{"city": "NYC"}</function></tool_call><tool_call><function=get_time>[call_2]{"tz": "UTC"}</function></tool_call>';
    expect(readBothWays(content).calls).toEqual([["get_weather", NYC], ["get_time", { tz: "UTC" }]]);
  });

  it.each([
    ["a bracketed word that is no call id", '<function=get_weather>[NYC]{"city": "NYC"}</function>'],
    ["a bracketed list", '<function=get_weather>["NYC"]{"city": "NYC"}</function>'],
    ["an id with nothing after it", "<function=get_weather>[call_abc]</function>"],
    ["an id with words after it", "<function=get_weather>[call_abc] NYC</function>"],
  ])("%s: no call", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
