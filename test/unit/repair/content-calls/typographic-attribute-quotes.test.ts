import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const dsml = (body: string): string => `<｜｜DSML｜｜tool_calls>\n${body}\n</｜｜DSML｜｜tool_calls>`;

describe("invoke calls whose attribute values are in typographic quotes, name=“get_time”", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "DSML, every attribute so quoted, a string flag",
      dsml("<｜｜DSML｜｜invoke name=“get_weather”>\n<｜｜DSML｜｜parameter name=“city” string=“true”>Paris</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>"),
      [["get_weather", { city: "Paris" }]],
      "",
    ],
    [
      "DSML, a JSON value flagged string=“false”",
      dsml("<｜｜DSML｜｜invoke name=“get_weather”>\n<｜｜DSML｜｜parameter name=“city” string=“true”>Oslo</｜｜DSML｜｜parameter>\n<｜｜DSML｜｜parameter name=“days” string=“false”>2</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>"),
      [["get_weather", { city: "Oslo", days: 2 }]],
      "",
    ],
    [
      "MiniMax, after prose",
      "Let me check.\n<minimax:tool_call>\n<invoke name=“get_time”>\n<parameter name=“tz”>UTC</parameter>\n</invoke>\n</minimax:tool_call>",
      [["get_time", { tz: "UTC" }]],
      "Let me check.",
    ],
    [
      "only the call's name so quoted",
      '<function_calls><invoke name=“get_time”><parameter name="tz">UTC</parameter></invoke></function_calls>',
      [["get_time", { tz: "UTC" }]],
      "",
    ],
    [
      "typographic quotes in a value are the value's own",
      '<function_calls><invoke name="get_weather"><parameter name="city">“Paris”</parameter></invoke></function_calls>',
      [["get_weather", { city: "“Paris”" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["opened typographic, closed straight", '<function_calls><invoke name=“get_time"><parameter name="tz">UTC</parameter></invoke></function_calls>'],
    ["opened with the closing mark", '<function_calls><invoke name=”get_time”><parameter name="tz">UTC</parameter></invoke></function_calls>'],
    ["a quote mark inside the value", '<function_calls><invoke name=“get_“time”><parameter name="tz">UTC</parameter></invoke></function_calls>'],
    ["a parameter name never closed", "<minimax:tool_call>\n<invoke name=“get_time”>\n<parameter name=“tz>UTC</parameter>\n</invoke>\n</minimax:tool_call>"],
    ["an undeclared tool", "<minimax:tool_call>\n<invoke name=“run_shell”>\n<parameter name=“cmd”>ls</parameter>\n</invoke>\n</minimax:tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
