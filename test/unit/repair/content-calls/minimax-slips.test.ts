import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const wrap = (body: string): string => `<minimax:tool_call>\n<invoke name="get_weather">\n${body}\n</invoke>\n</minimax:tool_call>`;
const typed: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" }, exact: { type: "boolean" } } } }];

describe("MiniMax-M2 invokes: a left-out parameter closer, padded values", () => {
  it("under a namespace prefix a padded value is kept as written", () => {
    expect(readBothWays(`<x:function_calls><x:invoke name="get_weather"><x:parameter name="city">  Paris  </x:parameter></x:invoke></x:function_calls>`)).toEqual({ calls: [["get_weather", { city: "  Paris  " }]], text: "" });
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["the last parameter's closer left out before the invoke's", wrap(`<parameter name="city">Paris</invoke>`).replace("\n</invoke>", ""), [["get_weather", { city: "Paris" }]]],
    ["the same after a closed parameter, a line break before the invoke's closer", wrap(`<parameter name="days">2</parameter>\n<parameter name="city">Paris`), [["get_weather", { city: "Paris", days: 2 }]]],
    ["a value indented on one side only", wrap(`<parameter name="city">  Paris</parameter>`), [["get_weather", { city: "  Paris" }]]],
    ["a value of several lines keeps its breaks", wrap(`<parameter name="city">\nParis\nFrance\n</parameter>`), [["get_weather", { city: "\nParis\nFrance\n" }]]],
    ["the last closer left out in Claude-style XML's block", `<function_calls><invoke name="get_weather"><parameter name="city">Paris</invoke></function_calls>`, [["get_weather", { city: "Paris" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it("a padded number or boolean is typed all the same", () => {
    expect(readBothWays(wrap(`<parameter name="days"> 3 </parameter>\n<parameter name="exact">\ntrue\n</parameter>`), typed)).toEqual({ calls: [["get_weather", { days: 3, exact: true }]], text: "" });
  });

  it.each([
    ["a string padded with spaces on both sides", wrap(`<parameter name="city">  Paris  </parameter>`)],
    ["a string on a line of its own", wrap(`<parameter name="city">\nParis\n</parameter>`)],
    ["a string on a line of its own, no wrapper", `<invoke name="get_weather"><parameter name="city">\nOslo\n</parameter></invoke>`],
    ["the last closer left out, the value ending in a space", wrap(`<parameter name="city">Paris `)],
    ["the last closer left out, markup in the value", wrap(`<parameter name="city">Paris <b>`)],
    ["a Claude-style namespaced invoke with its last closer left out", `<x:function_calls><x:invoke name="get_weather"><x:parameter name="city">Paris</x:invoke></x:function_calls>`],
    ["an invoke in no block with its last closer left out", `<invoke name="get_weather"><parameter name="city">Paris</invoke>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
