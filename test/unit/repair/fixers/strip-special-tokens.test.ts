import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
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
    // Also with no `}` after them (a brace dropped, a cut): a token inside the last strings is data; one after them ends the arguments.
    ['{"a":"<|im_end|>"', undefined],
    ['{"a": "x", "b": "</tool_call>"\n"c": "y"', undefined],
    ['{"a": "say \\"<|eot_id|>\\" twice", "b": 1', undefined],
    ['{"a":"x"<|eot_id|>', '{"a":"x"'],
    ['{"a": "say \\"hi\\"", "b": "x"<|im_end|>', '{"a": "say \\"hi\\"", "b": "x"'],
    ['{"a": "<|im_end|>", "b": 2<|eot_id|>', '{"a": "<|im_end|>", "b": 2'],
    // After the closing brace, or with no quote after it, a token ends the arguments whatever a lost quote did before.
    ['{"a":"x"\nb":"y"}<|im_end|>', '{"a":"x"\nb":"y"}'],
    ['{"a": x", "b": 2<|eot_id|>', '{"a": x", "b": 2'],
    // A token that opens a template's turn takes its role's word with it: the template's, never a value.
    ["<|im_start|>assistant", ""],
    ["<|im_start|>assistant\n", ""],
    ["<start_of_turn>model\n", ""],
    ["<|start|>assistant", ""],
    ['<|im_start|>assistant\n{"a":1}', '{"a":1}'],
    // Near-misses: a word after a token that opens no turn, a longer word after the turn's token.
    ["<|eot_id|>assistant", "assistant"],
    ["<|im_start|>assistant_notes", "assistant_notes"],
    ["Happy to help!", undefined],
    ['{"a":1} trailing prose', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(stripSpecialTokens, input, expected));

  it("refuses arguments that are only a template's turn head, rather than taking its role's word for a value", () => {
    const engine = createRepairEngine();
    const schema = { type: "object", properties: { pattern: { type: "string" } }, required: ["pattern"] };
    const tools = engine.prepareTools([{ name: "t", parameters: schema }]);
    for (const text of ["<|im_start|>assistant\n", "<|im_start|>assistant", "<start_of_turn>model\n"]) expect(engine.repair({ name: "t", arguments: text }, tools).kind).toBe("failed");
  });

  it("leaves a token inside a string to the engine's readers, with the object's brace dropped", () => {
    const engine = createRepairEngine();
    const schema = { type: "object", properties: { text: { type: "string" }, channel: { type: "string" } }, required: ["text", "channel"] };
    const outcome = engine.repair({ name: "t", arguments: '{"channel": "dev", "text": "<tool_call>"' }, engine.prepareTools([{ name: "t", parameters: schema }]));
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toStrictEqual({ channel: "dev", text: "<tool_call>" });
  });
});
