import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// GLM writes a string argument as text, HyperCLOVAX (same tags) as JSON: `"Seoul"` is the word or the word in quotes.
const glm = (name: string, ...pairs: [string, string][]): string =>
  `<tool_call>${name}\n${pairs.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join("")}</tool_call>`;

describe("GLM-style values written as JSON strings", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a string as text", glm("get_weather", ["city", "Seoul"]), [["get_weather", { city: "Seoul" }]]],
    ["quotes inside a string", glm("get_weather", ["city", 'the "old" town']), [["get_weather", { city: 'the "old" town' }]]],
    ["a string that only opens with a quote", glm("get_weather", ["city", '"Seoul" or Busan']), [["get_weather", { city: '"Seoul" or Busan' }]]],
    ["a quoted number where an integer goes", glm("get_weather", ["city", "Seoul"], ["days", "3"]), [["get_weather", { city: "Seoul", days: 3 }]]],
  ])("reads %s", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  it.each<[string, string]>([
    ["one JSON string", glm("get_weather", ["city", '"Seoul"'])],
    ["JSON strings for every string", glm("get_time", ["tz", '"UTC"'])],
    ["a JSON string beside a plain one", `Checking.${glm("get_weather", ["city", '"Seoul"'], ["days", "2"])}`],
    ["a JSON string with spaces around it", glm("get_time", ["tz", ' "UTC"\n'])],
  ])("%s stays text: two readings", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
