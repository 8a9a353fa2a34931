import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const P = "｜DSML｜";

describe("a call naming an undeclared tool before the calls that read", () => {
  it.each([
    ["MiniMax: two invokes in one block, the first undeclared", `<minimax:tool_call><invoke name="img_gen"><parameter name="prompt">cat</parameter></invoke><invoke name="get_time"><parameter name="tz">UTC</parameter></invoke></minimax:tool_call>`],
    ["Hermes: one block each, the first undeclared", `<tool_call>{"name": "img_gen", "arguments": {"prompt": "cat"}}</tool_call>\n<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>`],
    ["Qwen3-Coder XML, prose between", `First:\n<tool_call>\n<function=img_gen>\n<parameter=prompt>cat</parameter>\n</function>\n</tool_call>\nThen:\n<tool_call>\n<function=get_time>\n<parameter=tz>UTC</parameter>\n</function>\n</tool_call>`],
    ["DSML: two wrappers, the first invoke undeclared", `<${P}tool_calls>\n<${P}invoke name="img_gen">\n<${P}parameter name="prompt" string="true">cat</${P}parameter>\n</${P}invoke>\n</${P}tool_calls>\n<${P}tool_calls>\n<${P}invoke name="get_time">\n<${P}parameter name="tz" string="true">UTC</${P}parameter>\n</${P}invoke>\n</${P}tool_calls>`],
    ["GLM: the first call undeclared", `<tool_call>img_gen<arg_key>prompt</arg_key><arg_value>cat</arg_value></tool_call><tool_call>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value></tool_call>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "the undeclared call inside reasoning the prompt opened, closed before the call",
      `Maybe <tool_call>{"name": "img_gen", "arguments": {"prompt": "cat"}}</tool_call> no.</think>\n<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>`,
      [["get_time", { tz: "UTC" }]],
      `Maybe <tool_call>{"name": "img_gen", "arguments": {"prompt": "cat"}}</tool_call> no.</think>`,
    ],
    [
      "the undeclared call inside a closed <think>",
      `<think>Try <tool_call>{"name": "img_gen", "arguments": {"prompt": "cat"}}</tool_call>? No.</think>\n<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>`,
      [["get_time", { tz: "UTC" }]],
      `<think>Try <tool_call>{"name": "img_gen", "arguments": {"prompt": "cat"}}</tool_call>? No.</think>`,
    ],
    [
      "prose naming an undeclared tool, not a call",
      "I cannot use img_gen here.\n<tool_call>{\"name\": \"get_time\", \"arguments\": {\"tz\": \"UTC\"}}</tool_call>",
      [["get_time", { tz: "UTC" }]],
      "I cannot use img_gen here.",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });
});
