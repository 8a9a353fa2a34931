import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const P = "｜DSML｜";
const invoke = (open: string, params: string, close = `</${P}invoke>`): string => `${open}\n${params}\n${close}`;

describe("DeepSeek DSML as V4 drifts from its template", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "spaces around `=`, `string` before `name`",
      `<${P}tool_calls>${invoke(`<${P}invoke name = "get_weather">`, `<${P}parameter string = "true" name = "city">Paris</${P}parameter>\n<${P}parameter name = "days">2</${P}parameter>`)}</${P}tool_calls>`,
      [["get_weather", { city: "Paris", days: 2 }]],
      "",
    ],
    [
      "single quotes, no space between two attributes, a space before the wrapper's `>`",
      `Checking.<|DSML|function_calls ><|DSML|invoke name='get_weather'><|DSML|parameter name='city' string='true'>Paris</|DSML|parameter><|DSML|parameter string='false'name='days'>2</|DSML|parameter></|DSML|invoke></|DSML|function_calls>`,
      [["get_weather", { city: "Paris", days: 2 }]],
      "Checking.",
    ],
    [
      "curly quotes, a space after the prefix, the wrapper misspelt `toolcalls`",
      `<${P}toolcalls> <${P} invoke name=“get_weather”> <${P} parameter name=“city” string=“true”>Paris</${P} parameter> </${P} invoke> </${P}tool_calls>`,
      [["get_weather", { city: "Paris" }]],
      "",
    ],
    [
      "the wrapper misspelt `tool`, closed as tool_calls",
      `Let me look.\n<${P}tool>${invoke(`<${P}invoke name="get_time">`, `<${P}parameter name="tz" string="true">UTC</${P}parameter>`)}</${P}tool_calls>`,
      [["get_time", { tz: "UTC" }]],
      "Let me look.",
    ],
    [
      "the last parameter's closer left out before the invoke's",
      `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="days" string="false">3</${P}parameter>\n<${P}parameter name="city" string="true">Paris`)}</${P}tool_calls>`,
      [["get_weather", { days: 3, city: "Paris" }]],
      "",
    ],
    [
      "an invoke without a wrapper, spaced `=` and single quotes",
      `<${P}invoke name = 'get_time'><${P}parameter name = 'tz'>UTC</${P}parameter></${P}invoke>`,
      [["get_time", { tz: "UTC" }]],
      "",
    ],
    [
      "MiniMax's unprefixed invoke with a space before `=`",
      `<invoke name ="get_weather"><parameter name ="city">Paris</parameter></invoke>`,
      [["get_weather", { city: "Paris" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an attribute the family does not write", `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="city" lang="en">Paris</${P}parameter>`)}</${P}tool_calls>`],
    ["a string flag neither true nor false", `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="city" string="tr maybe ue">Paris</${P}parameter>`)}</${P}tool_calls>`],
    ["a parameter named twice in its tag", `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="city" name="town">Paris</${P}parameter>`)}</${P}tool_calls>`],
    ["a curly quote never closed", `<${P}tool_calls>${invoke(`<${P}invoke name=“get_weather">`, `<${P}parameter name="city">Paris</${P}parameter>`)}</${P}tool_calls>`],
    ["a closer left out after a value ending in a space", `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="city" string="true">Paris `)}</${P}tool_calls>`],
    ["a closer left out and another parameter's closer after it", `<${P}tool_calls>${invoke(`<${P}invoke name="get_weather">`, `<${P}parameter name="city" string="true">Paris\n</${P}param>`)}</${P}tool_calls>`],
    ["a misspelt wrapper around an undeclared tool", `<${P}toolcalls>${invoke(`<${P}invoke name="get_forecast">`, `<${P}parameter name="city">Paris</${P}parameter>`)}</${P}tool_calls>`],
    ["prose naming a misspelt wrapper", `DeepSeek sometimes writes <${P}toolcalls > instead of its wrapper.`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
