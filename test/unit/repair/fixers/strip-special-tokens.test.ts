import { describe, it } from "vitest";
import { stripSpecialTokens } from "../../../../src/repair/fixers/strip-special-tokens.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("strip-special-tokens", () => {
  it.each([
    ['{"a":1}<|eot_id|>', '{"a":1}'],
    ['{"a":1}<|im_end|>', '{"a":1}'],
    ['{"a":1}<|call|>', '{"a":1}'],
    ['{"a":1}<|endoftext|>', '{"a":1}'],
    ['{"a":1}</tool_call>', '{"a":1}'],
    ['{"a":1} </function>', '{"a":1}'],
    ['<|python_tag|>{"a":1}<|eom_id|>', '{"a":1}'],
    ['<|constrain|>json<|message|>{"a":1}', '{"a":1}'],
    ['<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a":1}<|call|>', '{"a":1}'],
    ['[TOOL_CALLS]{"a":1}', '{"a":1}'],
    ['[ARGS]{"a":1}', '{"a":1}'],
    ['{"a":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', '{"a":1}'],
    ['<function=get_weather>{"a":1}</function>', '{"a":1}'],
    ['<tool_call>\n{"a":1}\n</tool_call>', '{"a":1}'],
    ['{"a":"x", "b": 2<|eot_id|>', '{"a":"x", "b": 2'],
    // Tokens inside the object may be inside a string value: data, left alone.
    ['{"a":"<|im_end|>",}', undefined],
    ['{"a":"x"}', undefined],
    ["Happy to help!", undefined],
    ['{"a":1} trailing prose', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(stripSpecialTokens, input, expected));
});
