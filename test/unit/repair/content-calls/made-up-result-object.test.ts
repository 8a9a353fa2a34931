import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const hermes = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const bare = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

describe("a call followed by its result: a JSON object, a <result> element, a history label", () => {
  it.each([
    ["a result key, then a conclusion", `${bare}\n{"result": {"temp": 20}}\nIt is 20 degrees.`],
    ["a status", `${hermes}\n{"status": "ok", "temp": 20}`],
    ["an error", `${bare}\n{"error": "city not found"}\nSorry, I could not find it.`],
    ["an output after an end-of-turn token", `${hermes}<|im_end|>\n{"output": "sunny"}`],
    ["a data key, spaced", `${bare}\n\n{ "data" : [20] }`],
    ["an invoke, then a bare <result> element", '<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n<result>sunny</result>'],
    ["an agent's history label, then its result label", '[Tool Call: get_weather (ID: w_1)] Arguments: {"city": "Paris"}\n[Tool Result: get_weather (ID: w_1)] sunny'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a second call", `${bare}\n{"name": "get_time", "arguments": {"tz": "UTC"}}`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]]],
    ["prose naming a result", `${hermes}\nThe result will follow.`, [["get_weather", { city: "Paris" }]]],
    ["a call whose own arguments hold a status", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 2}}\n</tool_call>', [["get_weather", { city: "Paris", days: 2 }]]],
  ])("%s is still read", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });
});
