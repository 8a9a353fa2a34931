import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// MiniCPM's `<function name=…><param name=…>`, also as its tokenizer leaves the tags when a server skips decoding.
const G = "\u0120";
const call = (gap: string, paramGap: string, ...params: [string, string][]): string =>
  `<function${gap}name="get_weather">${params.map(([key, value]) => `<param${paramGap}name="${key}">${value}</param>`).join("")}</function>`;

describe("MiniCPM calls written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["spaced tags", call(" ", " ", ["city", "上海"], ["days", "2"]), [["get_weather", { city: "上海", days: 2 }]], ""],
    ["the space a byte-level piece", call(G, G, ["city", "上海"]), [["get_weather", { city: "上海" }]], ""],
    ["the space lost", `Checking.\n${call("", "", ["city", "Oslo"], ["days", "3"])}\nDone.`, [["get_weather", { city: "Oslo", days: 3 }]], "Checking.\nDone."],
    ["the call's space a piece, the parameters' lost", call(G, "", ["city", "Oslo"]), [["get_weather", { city: "Oslo" }]], ""],
    ["indented parameters", `<function name="get_weather">\n  <param name="city">A & B</param>\n</function>`, [["get_weather", { city: "A & B" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a call never closed", `<functionname="get_weather"><paramname="city">Oslo</param>`],
    ["a parameter without a name", `<functionname="get_weather"><param>Oslo</param></function>`],
    ["a parameter written twice", call("", "", ["city", "Oslo"], ["city", "Rome"])],
    ["an undeclared tool", `<functionname="delete_all"><paramname="path">/</param></function>`],
    ["a lost space in a prefixed element", `<x:invokename="get_weather"><x:parametername="city">Oslo</x:parameter></x:invoke>`],
    ["a call shown as an example", `For example:\n${call("", "", ["city", "Oslo"])}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
