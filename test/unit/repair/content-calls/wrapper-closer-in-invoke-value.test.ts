import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// The wrapper's closer inside an invoke's parameter value closes nothing when the value goes on and closes:
// the block ends at the wrapper's closer after it.
const D = "｜DSML｜";
const invoke = (prefix: string, name: string, key: string, value: string, flag = ""): string =>
  `<${prefix}invoke name="${name}">\n<${prefix}parameter name="${key}"${flag}>${value}</${prefix}parameter>\n</${prefix}invoke>`;

describe("invokes: the wrapper's closer inside a parameter value", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["DSML", `<${D}function_calls>\n${invoke(D, "get_weather", "city", `a </${D}function_calls> b`, ' string="true"')}\n</${D}function_calls>`, [["get_weather", { city: `a </${D}function_calls> b` }]]],
    ["DSML, another of its wrapper's names", `<${D}tool_calls>\n${invoke(D, "get_weather", "city", `</${D}tool_calls>`, ' string="true"')}\n</${D}tool_calls>`, [["get_weather", { city: `</${D}tool_calls>` }]]],
    ["GCML", `<｜GCML｜tool_calls>${invoke("｜GCML｜", "get_weather", "city", "a </｜GCML｜tool_calls> b", ' string="true"')}</｜GCML｜tool_calls>`, [["get_weather", { city: "a </｜GCML｜tool_calls> b" }]]],
    ["MiniMax", `<minimax:tool_call>\n${invoke("", "get_weather", "city", "a </minimax:tool_call> b")}\n</minimax:tool_call>`, [["get_weather", { city: "a </minimax:tool_call> b" }]]],
    ["Claude's XML", `<function_calls>\n${invoke("", "get_weather", "city", "a </function_calls> b")}\n</function_calls>`, [["get_weather", { city: "a </function_calls> b" }]]],
    [
      "DSML, in the first of two invokes",
      `<${D}function_calls>\n${invoke(D, "get_weather", "city", `a </${D}function_calls> b`, ' string="true"')}\n${invoke(D, "get_time", "tz", "UTC", ' string="true"')}\n</${D}function_calls>`,
      [["get_weather", { city: `a </${D}function_calls> b` }], ["get_time", { tz: "UTC" }]],
    ],
  ])("%s: read as the value's text", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it("DeepSeek V4's invoke closer left out before the wrapper's closer still reads", () => {
    const content = `<${D}function_calls>\n<${D}invoke name="get_weather">\n<${D}parameter name="city" string="true">Paris</${D}parameter>\n</${D}function_calls>`;
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });

  it("a value never closed, the wrapper's closer after it, stays text: the value's end is a guess", () => {
    const content = `<${D}function_calls>\n<${D}invoke name="get_weather">\n<${D}parameter name="city" string="true">Paris</${D}function_calls>`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
