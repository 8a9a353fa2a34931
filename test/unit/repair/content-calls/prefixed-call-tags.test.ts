import { describe, expect, it } from "vitest";
import { prefixedCallTagAt } from "../../../../src/repair/content-calls/prefixed-call-tags.ts";
import { readBothWays } from "./read-both-ways.ts";

const glm = (tag: string, name: string, pairs: [string, string][]): string =>
  `<${tag}>${name}${pairs.map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`).join("")}</${tag}>`;

describe("a call tag under a model's own prefix", () => {
  it.each([
    ["IQuest Coder V2's GLM body", glm("iquestcoder_tool_call", "get_weather", [["city", "Dallas"]]), [["get_weather", { city: "Dallas" }]], ""],
    ["a colon prefix with a JSON body", '<acme:tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</acme:tool_call>', [["get_time", { tz: "UTC" }]], ""],
    ["a <function=…> body", '<nova_tool_call><function=get_weather>{"city": "Oslo", "days": 2}</function></nova_tool_call>', [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["after a lead-in", `Let me look that up.\n${glm("iquestcoder_tool_call", "get_weather", [["city", "Paris"]])}`, [["get_weather", { city: "Paris" }]], "Let me look that up."],
    [
      "two calls, two blocks",
      glm("zeta2_tool_call", "get_weather", [["city", "Dallas"]]) + glm("zeta2_tool_call", "get_time", [["tz", "CET"]]),
      [["get_weather", { city: "Dallas" }], ["get_time", { tz: "CET" }]],
      "",
    ],
  ] as const)("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", glm("iquestcoder_tool_call", "send_mail", [["to", "a@b.c"]])],
    ["a value never closed", '<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>Dallas</iquestcoder_tool_call>'],
    ["a tag whose name is a sentence", "<this is not a tool_call> get_weather"],
    ["prose that names the tag", "The model writes <acme_tool_call without closing it."],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("prefixedCallTagAt", () => {
  it.each([
    ["<iquestcoder_tool_call>", { open: "<iquestcoder_tool_call>", close: "</iquestcoder_tool_call>", after: 23 }],
    ["<acme:tool_call>{", { open: "<acme:tool_call>", close: "</acme:tool_call>", after: 16 }],
    ["<", "wait"],
    ["<iquest", "wait"],
    ["<iquest_tool_c", "wait"],
    ["<div>", "no"],
    ["<tool_call>", "no"],
    ["<_tool_call>", "no"],
    ["<9x_tool_call>", "no"],
    ["<x_tool_calls>", "no"],
    [`<${"a".repeat(25)}_tool_call>`, "no"],
  ] as const)("%s", (text, expected) => {
    expect(prefixedCallTagAt(text, 0)).toEqual(expected);
  });
});
