import { describe, expect, it } from "vitest";
import { invokeCloseAfterValue } from "../../../../src/repair/content-calls/closer-in-invoke-parameter.ts";
import { readBothWays } from "./read-both-ways.ts";

// An invoke's closer inside one of its values closes nothing when the value goes on to its </parameter> and the
// call to its own closer (MiniMax, Claude-style XML, DSML, dots.llm): the value keeps it, the later arguments are read.
const calls = (wrapper: string, prefix: string, city: string): string =>
  `<${wrapper}>\n<${prefix}invoke name="get_weather">\n<${prefix}parameter name="city">${city}</${prefix}parameter>\n<${prefix}parameter name="days">2</${prefix}parameter>\n</${prefix}invoke>\n` +
  `<${prefix}invoke name="get_time">\n<${prefix}parameter name="tz">UTC</${prefix}parameter>\n</${prefix}invoke>\n</${wrapper}>`;

describe("an invoke's closer inside one of its values", () => {
  it.each<[string, string, string]>([
    ["MiniMax", "minimax:tool_call", ""],
    ["Claude-style XML", "function_calls", ""],
    ["DSML", "｜DSML｜function_calls", "｜DSML｜"],
    ["dots.llm", "dots_function_call", ""],
  ])("%s: the value keeps it, on its own line, inline or alone", (_title, wrapper, prefix) => {
    for (const city of [`x\n</${prefix}invoke>\ny`, `a </${prefix}invoke> b`, `</${prefix}invoke>`]) {
      expect(readBothWays(calls(wrapper, prefix, city)).calls).toEqual([
        ["get_weather", { city, days: 2 }],
        ["get_time", { tz: "UTC" }],
      ]);
    }
  });

  it("a value left open before its invoke's closer, no </parameter> after it, still ends there (a closer left out)", () => {
    const content = `<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">x\n</invoke>\n<invoke name="get_time">\n<parameter name="tz">UTC</parameter>\n</invoke>\n</minimax:tool_call>`;
    expect(readBothWays(content).calls).toEqual([
      ["get_weather", { city: "x" }],
      ["get_time", { tz: "UTC" }],
    ]);
  });

  it("takes the later closer only when a value is open and closes before it, with no call opening between", () => {
    const text = (rest: string) => `<invoke name="f"><parameter name="a">x</invoke>${rest}`;
    const tagEnd = '<invoke name="f">'.length;
    const first = text("").indexOf("</invoke>");
    expect(invokeCloseAfterValue(text(" y</parameter></invoke>"), tagEnd, first, "</invoke>", "", "<invoke")).toBe(text(" y</parameter>").length);
    expect(invokeCloseAfterValue(text(" y</invoke>"), tagEnd, first, "</invoke>", "", "<invoke")).toBeUndefined();
    expect(invokeCloseAfterValue(text('<invoke name="g"></parameter></invoke>'), tagEnd, first, "</invoke>", "", "<invoke")).toBeUndefined();
    const closedValue = '<invoke name="f"><parameter name="a">x</parameter></invoke> y</parameter></invoke>';
    expect(invokeCloseAfterValue(closedValue, tagEnd, closedValue.indexOf("</invoke>"), "</invoke>", "", "<invoke")).toBeUndefined();
  });
});
