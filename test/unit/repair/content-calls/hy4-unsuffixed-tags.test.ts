/**
 * Hunyuan Hy4 suffixes every tag (`<arg_value:opensource>`). A Hy4 value
 * holding one of the family's tags without the suffix is its text or its
 * markup: two readings, the call stays text. Other markup is the value's.
 */
import { describe, expect, it } from "vitest";
import { holdsUnsuffixedTag } from "../../../../src/repair/content-calls/hy4-unsuffixed-tags.ts";
import { readBothWays } from "./read-both-ways.ts";

const hy4 = (pairs: readonly [string, string][]): string =>
  `<tool_calls:opensource><tool_call:opensource>get_weather${pairs.map(([key, value]) => `<arg_key:opensource>${key}</arg_key:opensource><arg_value:opensource>${value}</arg_value:opensource>`).join("")}</tool_call:opensource></tool_calls:opensource>`;

describe("Hunyuan Hy4 values holding the family's unsuffixed tags", () => {
  it.each(["</arg_value>", "<tool_call>", "x </tool_call> y", "<arg_key>days", "a <tool_sep> b"])("%j stays text", (value) => {
    const content = hy4([["city", value]]);
    expect(readBothWays(content).calls).toEqual([]);
  });

  it.each(["a < b && c > d", "<br/>", "[/TOOL_CALL]", "<tool_calling>", "Paris"])("%j is the value", (value) => {
    expect(readBothWays(hy4([["city", value]])).calls).toEqual([["get_weather", { city: value }]]);
  });

  it("holdsUnsuffixedTag", () => {
    expect(holdsUnsuffixedTag("a </arg_value> b")).toBe(true);
    expect(holdsUnsuffixedTag("a </arg_value:opensource-x> b")).toBe(false);
    expect(holdsUnsuffixedTag("no markup")).toBe(false);
  });
});
