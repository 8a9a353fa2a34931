import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const call = (body: string): string => `<｜｜DSML｜｜ calls>\n${body}\n</｜｜DSML｜｜ calls>`;

describe("DeepSeek DSML with doubled bars and a space, <｜｜DSML｜｜ invoke …>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "after prose, a string flag on the value",
      `First, let me read it.\n\n${call('<｜｜DSML｜｜ invoke name="get_weather">\n<｜｜DSML｜｜ parameter name="city" string="true">Paris</｜｜DSML｜｜ parameter>\n</｜｜DSML｜｜ invoke>')}`,
      [["get_weather", { city: "Paris" }]],
      "First, let me read it.",
    ],
    [
      "no string flag, a number typed from the schema",
      call('<｜｜DSML｜｜ invoke name="get_weather">\n<｜｜DSML｜｜ parameter name="city">Paris</｜｜DSML｜｜ parameter>\n<｜｜DSML｜｜ parameter name="days" string="false">3</｜｜DSML｜｜ parameter>\n</｜｜DSML｜｜ invoke>'),
      [["get_weather", { city: "Paris", days: 3 }]],
      "",
    ],
    [
      "two invokes, one without parameters",
      call('<｜｜DSML｜｜ invoke name="get_time">\n</｜｜DSML｜｜ invoke>\n<｜｜DSML｜｜ invoke name="get_weather">\n<｜｜DSML｜｜ parameter name="city" string="true">Paris</｜｜DSML｜｜ parameter>\n</｜｜DSML｜｜ invoke>'),
      [["get_time", {}], ["get_weather", { city: "Paris" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose naming the wrapper", "DeepSeek writes <｜｜DSML｜｜ calls> around its calls."],
    ["an undeclared tool", call('<｜｜DSML｜｜ invoke name="get_forecast">\n<｜｜DSML｜｜ parameter name="city" string="true">Paris</｜｜DSML｜｜ parameter>\n</｜｜DSML｜｜ invoke>')],
    ["an invoke never closed, nor its wrapper", '<｜｜DSML｜｜ calls>\n<｜｜DSML｜｜ invoke name="get_weather">\n<｜｜DSML｜｜ parameter name="city" string="true">Paris</｜｜DSML｜｜ parameter>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
