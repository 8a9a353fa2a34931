import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A Qwen3-Coder block's closing tag inside one of its values closes nothing when the block goes on to close the
// value, its </function> and then itself: the block ends at the closer after its </function>.
const fn = (parameters: string): string => `<function=get_weather>\n${parameters}</function>`;

describe("Qwen3-Coder: the block's closer inside a parameter value", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["in the last value", `<tool_call>\n${fn("<parameter=city>\nx </tool_call> y\n</parameter>\n")}\n</tool_call>`, [["get_weather", { city: "x </tool_call> y" }]], ""],
    ["in a value with another after it", `<tool_call>\n${fn("<parameter=city>\n</tool_call>\n</parameter>\n<parameter=days>\n2\n</parameter>\n")}\n</tool_call>`, [["get_weather", { city: "</tool_call>", days: 2 }]], ""],
    ["in Seed-OSS's block", `<seed:tool_call>\n${fn("<parameter=city>a</seed:tool_call>b</parameter>\n")}\n</seed:tool_call>`, [["get_weather", { city: "a</seed:tool_call>b" }]], ""],
    ["with prose after the block", `<tool_call>\n${fn("<parameter=city>\nx </tool_call> y\n</parameter>\n")}\n</tool_call>\nDone.`, [["get_weather", { city: "x </tool_call> y" }]], "Done."],
    ["then another block", `<tool_call>\n${fn("<parameter=city>\n</tool_call>\n</parameter>\n")}\n</tool_call>\n<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>`, [["get_weather", { city: "</tool_call>" }], ["get_time", { tz: "UTC" }]], ""],
  ])("reads the call with the closer %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("a block closed with its value and call left open reads as before: the value runs to the closer", () => {
    expect(readBothWays("<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</tool_call>")).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });
});

describe("Qwen3-Coder: an empty value, then its closer again", () => {
  it.each<[string, string]>([
    ["in a <tool_call> block", `<tool_call>\n${fn("<parameter=city>\n</parameter>\n</parameter>\n")}\n</tool_call>`],
    ["in Seed-OSS's block", `<seed:tool_call>\n${fn("<parameter=city></parameter></parameter>\n")}\n</seed:tool_call>`],
  ])("%s stays text: the closer written twice, or a value that is the closer's text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("a closer written twice after a value with text is the closer typed twice", () => {
    expect(readBothWays(`<tool_call>\n${fn("<parameter=city>\nParis\n</parameter>\n</parameter>\n")}\n</tool_call>`)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });
});
