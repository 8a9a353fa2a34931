/**
 * A call object read from text with a member's value left out (`"unit": }`): jsonrepair would fill `null`, and
 * the call would run without the member or with a value the model never wrote. In every JSON call format the
 * call is not read, as a structured call with the same arguments is not repaired.
 */
import { describe, expect, it } from "vitest";
import { leavesValueOut } from "../../../../src/repair/content-calls/missing-values.ts";
import { readBothWays, tools } from "./read-both-ways.ts";
import { callOutcomes } from "../call-outcomes.ts";

const call = (args: string): string => `{"name": "get_weather", "arguments": ${args}}`;
const formats: Record<string, (args: string) => string> = {
  Hermes: (args) => `<tool_call>\n${call(args)}\n</tool_call>`,
  "bare JSON": (args) => call(args),
  "JSON fence": (args) => "```json\n" + call(args) + "\n```",
  "python tag": (args) => `<|python_tag|>{"name": "get_weather", "parameters": ${args}}`,
  "tools tag": (args) => `<tools>${call(args)}</tools>`,
  Mistral: (args) => `[TOOL_CALLS][${call(args)}]`,
  "after a lead-in": (args) => `Let me check.\n<tool_call>${call(args)}</tool_call>`,
};

describe("a member without its value in a JSON call read from text", () => {
  const left = [
    ['{"city": "Paris", "days": }'],
    ['{"city": "Paris", "days": , "unit": "c"}'],
    ['{"days": , "city": "Paris"}'],
    ['{"city": }'],
    ['{"city": "Paris", "opts": {"x": }}'],
    ["{city: Paris, days: }"],
  ];
  it.each(left)("%j: the call stays text in every format", (args) => {
    for (const [name, format] of Object.entries(formats)) expect([name, readBothWays(format(args)).calls]).toEqual([name, []]);
  });

  it.each([
    ['{"city": "Paris", "days": null}', { city: "Paris", days: null }],
    ['{"city": "Paris", "days": 2}', { city: "Paris", days: 2 }],
    ['{"city": "a: , b", "days": 2}', { city: "a: , b", days: 2 }],
    ["{city: Paris, days: 2}", { city: "Paris", days: 2 }],
  ])("%j: written, read", (args, expected) => {
    for (const [name, format] of Object.entries(formats)) expect([name, readBothWays(format(args)).calls]).toEqual([name, [["get_weather", expected]]]);
  });

  it("the same arguments as a structured call are not repaired either", () => {
    const { repairOf, textOutcome } = callOutcomes(tools);
    expect(repairOf("get_weather", '{"city": "Paris", "days": }')).toBe("refused");
    expect(textOutcome(formats["Hermes"]!('{"city": "Paris", "days": }'))).toBe("text");
  });
});

describe("leavesValueOut", () => {
  it.each([['{"a": }'], ['{"a": ,"b": 1}'], ['{"a": 1, "b":}'], ['{"a": [1, {"b": }]}'], ['{"a":'], ["{a: }"], ["{'a': }"]])("%j leaves a value out", (text) =>
    expect(leavesValueOut(text)).toBe(true),
  );
  it.each([['{"a": 1}'], ['{"a": "x: }"}'], ['{"a": "b", "c": "d: ,"}'], ['{"url": http://x.org/a}'], ['{"a": null}'], ['{"a": ""}'], ["[1, 2]"]])("%j does not", (text) =>
    expect(leavesValueOut(text)).toBe(false),
  );
});
