import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// Seed-OSS's template writes each value against its tags, `<parameter=k>value</parameter>`: a line break at a
// value's edge is the value's own. Qwen3-Coder's template breaks the line either side: one break each side is layout.
const seed = (body: string): string => `<seed:tool_call>\n<function=get_weather>\n${body}</function>\n</seed:tool_call>`;
const qwen = (body: string): string => `<tool_call>\n<function=get_weather>\n${body}</function>\n</tool_call>`;

describe("line breaks at a <parameter=…> value's edges, by the template's layout", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["Seed-OSS: a value ending with a line break keeps it", seed("<parameter=city>Paris\n</parameter>\n"), { city: "Paris\n" }],
    ["Seed-OSS: a value opening with a line break keeps it", seed("<parameter=city>\n  Paris</parameter>\n"), { city: "\n  Paris" }],
    ["Seed-OSS: a CRLF at the end is the value's", seed("<parameter=city>Paris\r\n</parameter>\n"), { city: "Paris\r\n" }],
    ["Seed-OSS: the other values inline, one with a break", seed("<parameter=city>Oslo\n</parameter>\n<parameter=days>3</parameter>\n"), { city: "Oslo\n", days: 3 }],
    ["Seed-OSS: values laid out the Qwen3-Coder way (a break either side of each) lose those breaks", seed("<parameter=city>\nOslo\n</parameter>\n<parameter=days>\n3\n</parameter>\n"), { city: "Oslo", days: 3 }],
    ["Seed-OSS: laid out the Qwen3-Coder way, a value's own last break stays", seed("<parameter=city>\nOslo\n\n</parameter>\n"), { city: "Oslo\n" }],
    ["Seed-OSS: a value with no break", seed("<parameter=city>Paris</parameter>\n"), { city: "Paris" }],
    ["Seed-OSS: a line break inside the value", seed("<parameter=city>a\nb</parameter>\n"), { city: "a\nb" }],
    ["Qwen3-Coder: one break either side is layout", qwen("<parameter=city>\nParis\n</parameter>\n"), { city: "Paris" }],
    ["Qwen3-Coder: a value's own last break, after the layout's", qwen("<parameter=city>\nParis\n\n</parameter>\n"), { city: "Paris\n" }],
  ])("%s", (_title, content, args) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text: "" });
  });
});

describe("a line break at one edge of a Qwen3-Coder value", () => {
  it("reads two ways (half of the template's layout, or the value's own break): the call stays text", () => {
    const content = qwen("<parameter=city>Paris\n</parameter>\n");
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("is typed all the same for a property that takes no string", () => {
    expect(readBothWays(qwen("<parameter=city>Paris</parameter>\n<parameter=days>3\n</parameter>\n")).calls).toEqual([["get_weather", { city: "Paris", days: 3 }]]);
  });
});

describe("a Seed-OSS call whose values disagree on the layout", () => {
  // One value broken at both edges (the Qwen3-Coder way), another not: the call has no one layout, so each edge
  // break in it is layout or the value's own, and a string holding one reads two ways.
  it.each<[string, string]>([
    ["a break either side of one value, the other against its tags", seed("<parameter=city>\nOslo\n</parameter>\n<parameter=days>3</parameter>\n")],
    ["the broken value second, the first with a trailing break", seed("<parameter=days>3\n</parameter>\n<parameter=city>\nOslo\n</parameter>\n")],
    ["a string with a trailing blank line beside a value broken either side", seed("<parameter=days>\n3\n</parameter>\n<parameter=city>Oslo\n\n</parameter>\n")],
    ["a string with a leading break beside a value broken either side", seed("<parameter=days>\n3\n</parameter>\n<parameter=city>\nOslo</parameter>\n")],
  ])("%s: the call stays text", (_title, content) => expect(readBothWays(content).calls).toEqual([]));

  it.each<[string, string, Record<string, unknown>]>([
    // near misses: every value with an edge break takes no string (typed all the same), or the string has none
    ["the value broken either side a number, the string against its tags", seed("<parameter=days>\n3\n</parameter>\n<parameter=city>Oslo</parameter>\n"), { days: 3, city: "Oslo" }],
  ])("%s", (_title, content, args) => expect(readBothWays(content).calls).toEqual([["get_weather", args]]));
});
