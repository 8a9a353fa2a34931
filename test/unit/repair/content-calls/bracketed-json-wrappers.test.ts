import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describe("JSON calls between bracketed tags whose name says call", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["[FUNC] … [/FUNC]", `[FUNC]${call}[/FUNC]`, [["get_weather", { city: "Paris" }]], ""],
    ["[TOOL] … [/TOOL] over lines", `[TOOL]\n${call}\n[/TOOL]`, [["get_weather", { city: "Paris" }]], ""],
    ["lower case", `[function]${call}[/function]`, [["get_weather", { city: "Paris" }]], ""],
    ["prose before and after", `Let me check.\n[FUNCTION_CALL]\n${call}\n[/FUNCTION_CALL]\nOne moment.`, [["get_weather", { city: "Paris" }]], "Let me check.\nOne moment."],
    ["two calls in a list", `[CALLS][${call}, {"name": "get_time", "arguments": {"tz": "UTC"}}][/CALLS]`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["spaces inside the tags", `[TOOLS] ${call} [/TOOLS]`, [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a name that does not say call", `[EXAMPLE]${call}[/EXAMPLE]`],
    ["words in the tag, no JSON", "[FUNC]get the weather in Paris[/FUNC]"],
    ["words after the call inside the tag", `[FUNC]${call} and then the time[/FUNC]`],
    ["an undeclared tool", '[FUNC]{"name": "delete_all", "arguments": {}}[/FUNC]'],
    ["shown as an example", `For example:\n[FUNC]${call}[/FUNC]`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
