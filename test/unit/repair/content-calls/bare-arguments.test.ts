/**
 * Words where a format's template writes the arguments as one JSON object (Kimi's argument section, DeepSeek's
 * ```json block, Harmony's message): no arguments object the model began, so the call is not read, as Mistral's
 * `[ARGS]` already is. JSON's own slips there (a quoted string, a number, a key without its braces, a cut object)
 * still go to the pipeline.
 */
import { describe, expect, it } from "vitest";
import { wordsForJsonArguments } from "../../../../src/repair/content-calls/bare-arguments.ts";
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
