/**
 * Words where a format's template writes the arguments as one JSON object (Kimi's argument section, DeepSeek's
 * ```json block, Harmony's message): no arguments object the model began, so the call is not read, as Mistral's
 * `[ARGS]` already is. JSON's own slips there (a quoted string, a number, a key without its braces, a cut object)
 * still go to the pipeline.
 */
import { describe, expect, it } from "vitest";
import { wordsForEnvelopeArguments, wordsForJsonArguments } from "../../../../src/repair/content-calls/bare-arguments.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const kimi = (args: string): string =>
  `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;
const deepseek = (args: string): string =>
  `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
const harmony = (args: string): string => `<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>${args}<|call|>`;
const mistral = (args: string): string => `[TOOL_CALLS]get_weather[ARGS]${args}`;
const formats = [kimi, deepseek, harmony, mistral];

describe("bare words in a JSON arguments slot", () => {
  it.each([["MALFORMED"], ["Paris"], ["invalid json here"], ["New York, NY"], ["TODO"]])("%j: the call stays text", (args) => {
    for (const format of formats) expect(readBothWays(format(args))).toEqual({ calls: [], text: format(args) });
  });

  it.each([['{"city": "Paris"}'], ['{"city": "Paris", "days": 2}']])("%j: read", (args) => {
    for (const format of formats) expect(readBothWays(format(args)).calls).toEqual([["get_weather", JSON.parse(args) as unknown]]);
  });

  it.each([['"Paris"'], ["city: Paris"]])("%j: a JSON slip, left to the pipeline", (args) => {
    for (const format of [kimi, deepseek, harmony]) expect(extractToolCallsFromContent(format(args), tools)?.calls.map((call) => call.name)).toEqual(["get_weather"]);
  });
});

describe("wordsForJsonArguments", () => {
  it.each([["MALFORMED"], ["two words"], ["Paris, France"], ["a-b_c"]])("%j is words", (text) => expect(wordsForJsonArguments(text)).toBe(true));
  it.each([[""], ["  "], ["42"], ["true"], ["null"], ['"Paris"'], ["{"], ['{"a": 1}'], ["[1, 2]"], ["city: Paris"], ["city=Paris"], ["<x>"], ["'Paris'"]])("%j is not", (text) =>
    expect(wordsForJsonArguments(text)).toBe(false),
  );
});

describe("bare words where a JSON call object's arguments go", () => {
  const envelopes: Record<string, (args: string) => string> = {
    Hermes: (args) => `<tool_call>\n{"name": "get_weather", "arguments": ${args}}\n</tool_call>`,
    "bare JSON": (args) => `{"name": "get_weather", "arguments": ${args}}`,
    "JSON fence": (args) => '```json\n{"name": "get_weather", "arguments": ' + args + "}\n```",
    "python tag": (args) => `<|python_tag|>{"name": "get_weather", "parameters": ${args}}`,
    "Mistral list": (args) => `[TOOL_CALLS][{"name": "get_weather", "arguments": ${args}}]`,
    "tools tag": (args) => `<tools>{"tool": "get_weather", "args": ${args}}</tools>`,
    "OpenAI wrapper": (args) => `{"type": "function", "function": {"name": "get_weather", "arguments": ${args}}}`,
    "unquoted keys": (args) => `<tool_call>{name: "get_weather", arguments: ${args}}</tool_call>`,
  };

  it.each([["Paris"], ["MALFORMED"], ["invalid json here"], ["TODO"], ["Paris_France"]])("%j: the call stays text", (args) => {
    for (const [name, envelope] of Object.entries(envelopes)) expect([name, readBothWays(envelope(args)).calls]).toEqual([name, []]);
  });

  it.each([
    ['{"city": "Paris"}', { city: "Paris" }],
    ['{"city": Paris}', { city: "Paris" }],
    ["{city: Paris, days: 2}", { city: "Paris", days: 2 }],
  ])("%j: read", (args, expected) => {
    for (const [name, envelope] of Object.entries(envelopes)) expect([name, readBothWays(envelope(args)).calls]).toEqual([name, [["get_weather", expected]]]);
  });

  it('a quoted string (`"Paris"`) is JSON\'s slip, left to the pipeline', () => {
    for (const [name, envelope] of Object.entries(envelopes)) expect([name, extractToolCallsFromContent(envelope('"Paris"'), tools)?.calls.map((call) => call.name)]).toEqual([name, ["get_weather"]]);
  });

  it("an argument named like an envelope key, holding a bare word, is the arguments' own slip", () => {
    const withInput = [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, input: { type: "string" } }, required: ["city"] } }];
    expect(readBothWays(`<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "input": metric}}</tool_call>`, withInput).calls).toEqual([
      ["get_weather", { city: "Paris", input: "metric" }],
    ]);
  });
});

describe("wordsForEnvelopeArguments", () => {
  it.each([
    ['{"name": "f", "arguments": Paris}', { name: "f", arguments: "Paris" }],
    ['[{"name": "f", "args": two words}]', [{ name: "f", args: "two words" }]],
  ])("%j holds words", (text, value) => expect(wordsForEnvelopeArguments(text, value)).toBe(true));
  it.each([
    ['{"name": "f", "arguments": "Paris"}', { name: "f", arguments: "Paris" }],
    ['{"name": "f", "arguments": 42}', { name: "f", arguments: 42 }],
    ['{"arguments": Paris}', { arguments: "Paris" }],
    ['{"name": "f", "arguments": {"input": Paris}}', { name: "f", arguments: { input: "Paris" } }],
  ])("%j does not", (text, value) => expect(wordsForEnvelopeArguments(text, value)).toBe(false));
});
