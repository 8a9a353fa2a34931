import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// TeleChat 3/4 write GLM's body with `<param_key>`/`<param_value>` tags: strings as text, other values as JSON.
const telechat = (name: string, ...pairs: [string, string][]): string =>
  `<tool_call>${name}${pairs.map(([key, value]) => `<param_key>${key}</param_key><param_value>${value}</param_value>`).join("")}</tool_call>`;

describe("TeleChat's <param_key>/<param_value> tags", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a call", telechat("get_weather", ["city", "Beijing"]), [["get_weather", { city: "Beijing" }]], ""],
    ["two calls back to back", telechat("get_weather", ["city", "Beijing"]) + telechat("get_weather", ["city", "Shanghai"]), [["get_weather", { city: "Beijing" }], ["get_weather", { city: "Shanghai" }]], ""],
    ["a typed value", telechat("get_weather", ["city", "Oslo"], ["days", "3"]), [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["a string of digits stays a string", telechat("get_weather", ["city", "22"]), [["get_weather", { city: "22" }]], ""],
    ["after prose, one pair a line", "Let me look.\n<tool_call>get_weather\n<param_key>city</param_key>\n<param_value>Paris</param_value>\n</tool_call>", [["get_weather", { city: "Paris" }]], "Let me look."],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a value cut before its closer", "<tool_call>get_weather<param_key>city</param_key><param_value>Bei"],
    ["a key without its value", "<tool_call>get_weather<param_key>city</param_key></tool_call>"],
    ["GLM's and TeleChat's tags mixed", "<tool_call>get_weather<param_key>city</param_key><arg_value>Paris</arg_value></tool_call>"],
    ["a tool nobody declared", telechat("get_forecast", ["city", "Paris"])],
    ["a string written as one JSON string", telechat("get_weather", ["city", '"Paris"'])],
    ["a call shown as an example", `For example:\n${telechat("get_weather", ["city", "Paris"])}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
