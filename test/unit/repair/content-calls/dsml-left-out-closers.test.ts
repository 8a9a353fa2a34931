import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const P = "｜DSML｜";
const param = (name: string, value: string, string = "true", prefix = P): string => `<${prefix}parameter name="${name}" string="${string}">${value}</${prefix}parameter>`;
const open = (name: string, prefix = P): string => `<${prefix}invoke name="${name}">`;

describe("DeepSeek V4's DSML with a closer left out", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the invoke's closer left out before the wrapper's", `<${P}tool_calls>\n${open("get_weather")}\n${param("city", "Paris")}\n</${P}tool_calls>`, [["get_weather", { city: "Paris" }]], ""],
    ["the same, text after the block", `<${P}tool_calls>${open("get_weather")}\n${param("city", "Paris")}\n</${P}tool_calls>Done.`, [["get_weather", { city: "Paris" }]], "Done."],
    ["the same, the wrapper closed under its V3.2 name", `<${P}tool_calls>\n${open("get_time")}\n${param("tz", "UTC")}\n</${P}function_calls>`, [["get_time", { tz: "UTC" }]], ""],
    [
      "the first invoke's closer left out before the next invoke",
      `<${P}tool_calls>\n${open("get_weather")}\n${param("city", "Paris")}\n${open("get_time")}\n${param("tz", "UTC")}\n</${P}invoke>\n</${P}tool_calls>`,
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "",
    ],
    ["no wrapper opened, the invoke's closer left out before the wrapper's", `Checking.\n${open("get_weather")}\n${param("city", "Paris")}\n</${P}tool_calls>`, [["get_weather", { city: "Paris" }]], "Checking."],
    [
      "a parameter's closer left out before the next parameter",
      `<${P}tool_calls>\n${open("get_weather")}\n<${P}parameter name="city" string="true">Paris<${P}parameter name="days" string="false">2</${P}parameter>\n</${P}invoke>\n</${P}tool_calls>`,
      [["get_weather", { city: "Paris", days: 2 }]],
      "",
    ],
    [
      "the same with markup of the value's own before the next parameter",
      `<${P}tool_calls>${open("get_weather")}\n<${P}parameter name="city" string="true">a<b><${P}parameter name="days" string="false">2</${P}parameter></${P}invoke></${P}tool_calls>`,
      [["get_weather", { city: "a<b>", days: 2 }]],
      "",
    ],
    [
      "V4.1 Flash's doubled bars and space, the invoke's closer left out",
      `<｜｜DSML｜｜ calls>\n${open("get_weather", "｜｜DSML｜｜ ")}\n${param("city", "Paris", "true", "｜｜DSML｜｜ ")}\n</｜｜DSML｜｜ calls>`,
      [["get_weather", { city: "Paris" }]],
      "",
    ],
    [
      "GigaChat's GCML, the invoke's closer left out",
      `<｜GCML｜tool_calls>\n${open("get_time", "｜GCML｜")}\n${param("tz", "UTC", "true", "｜GCML｜")}\n</｜GCML｜tool_calls>`,
      [["get_time", { tz: "UTC" }]],
      "",
    ],
    [
      "a plain closer inside a value its own closer ends",
      `<${P}tool_calls>${open("get_weather")}${param("city", "a </parameter> b")}</${P}invoke></${P}tool_calls>`,
      [["get_weather", { city: "a </parameter> b" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["the invoke's closer and its last parameter's both left out", `<${P}tool_calls>\n${open("get_weather")}\n<${P}parameter name="city" string="true">Paris\n</${P}tool_calls>`],
    ["the invoke's closer left out with no parameter", `<${P}tool_calls>\n${open("get_time")}\n</${P}tool_calls>`],
    ["an invoke never closed, nothing after it", `${open("get_weather")}\n${param("city", "Paris")}`],
    ["a value running into the next parameter ends in a space", `<${P}tool_calls>${open("get_weather")}\n<${P}parameter name="city" string="true">Paris <${P}parameter name="days" string="false">2</${P}parameter></${P}invoke></${P}tool_calls>`],
    [
      "a closer spelt without its `>` before the next parameter",
      `<${P}tool_calls>${open("get_weather")}\n<${P}parameter name="city" string="true">Paris</${P}parameter\n<${P}parameter name="days" string="false">2</${P}parameter></${P}invoke></${P}tool_calls>`,
    ],
    ["MiniMax's unprefixed value running into the next parameter", `<minimax:tool_call><invoke name="get_weather"><parameter name="city">Paris<parameter name="days">2</parameter></invoke></minimax:tool_call>`],
    ["an unprefixed invoke's closer left out, nothing after it", `<minimax:tool_call><invoke name="get_weather"><parameter name="city">Paris</parameter>`],
    ["the invoke's closer left out for an undeclared tool", `<${P}tool_calls>\n${open("get_forecast")}\n${param("city", "Paris")}\n</${P}tool_calls>`],
    // The closer written without its prefix, or plain markup in a value whose own closer was left out: two readings.
    ["a value closed by the plain closer before the invoke's", `<${P}tool_calls>${open("get_weather")}<${P}parameter name="city" string="true">Paris</parameter></${P}invoke></${P}tool_calls>`],
    ["a value closed by the plain closer before the next parameter", `<${P}tool_calls>${open("get_weather")}<${P}parameter name="city" string="true">Paris</parameter>${param("days", "2", "false")}</${P}invoke></${P}tool_calls>`],
    ["GCML's value closed by the plain closer", `<｜GCML｜tool_calls>${open("get_time", "｜GCML｜")}<｜GCML｜parameter name="tz" string="true">UTC</parameter></｜GCML｜invoke></｜GCML｜tool_calls>`],
    ["a plain invoke's closer in a value whose closer was left out", `<${P}tool_calls>${open("get_weather")}<${P}parameter name="city" string="true">Paris</invoke></${P}invoke></${P}tool_calls>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
