import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// Gemma's quote token opens and closes every string: a block's closer or opener inside one is the string's text.
const Q = '<|"|>';
const E = "<escape>";

describe("Gemma: the block's own tokens inside a quoted string", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["Gemma 4's closer", `<|tool_call>call:get_weather{city:${Q}a <tool_call|> b${Q}}<tool_call|>`, [["get_weather", { city: "a <tool_call|> b" }]]],
    ["Gemma 4's opener", `<|tool_call>call:get_weather{city:${Q}a <|tool_call> b${Q}}<tool_call|>`, [["get_weather", { city: "a <|tool_call> b" }]]],
    ["the closer in a value with another after it", `<|tool_call>call:get_weather{city:${Q}<tool_call|>${Q},days:2}<tool_call|>`, [["get_weather", { city: "<tool_call|>", days: 2 }]]],
    ["FunctionGemma's closer", `<start_function_call>call:get_weather{city:${E}a <end_function_call> b${E}}<end_function_call>`, [["get_weather", { city: "a <end_function_call> b" }]]],
    ["FunctionGemma's opener", `<start_function_call>call:get_weather{city:${E}<start_function_call>${E}}<end_function_call>`, [["get_weather", { city: "<start_function_call>" }]]],
    [
      "the closer in the first of two blocks",
      `<|tool_call>call:get_weather{city:${Q}a <tool_call|> b${Q}}<tool_call|><|tool_call>call:get_time{tz:${Q}UTC${Q}}<tool_call|>`,
      [["get_weather", { city: "a <tool_call|> b" }], ["get_time", { tz: "UTC" }]],
    ],
    [
      "the opener in the second of two blocks",
      `<|tool_call>call:get_time{tz:${Q}UTC${Q}}<tool_call|><|tool_call>call:get_weather{city:${Q}a <|tool_call> b${Q}}<tool_call|>`,
      [["get_time", { tz: "UTC" }], ["get_weather", { city: "a <|tool_call> b" }]],
    ],
  ])("%s: read as the string's text", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it("a closer inside a string that never closes, the text ending there, stays text: the call was cut", () => {
    const content = `<|tool_call>call:get_weather{city:${Q}a <tool_call|>`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("the last value's closing quote token left out still reads as before (the closer after it is the block's)", () => {
    expect(readBothWays(`<|tool_call>call:get_weather{city:${Q}Paris}<tool_call|>`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});
