import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const CALL = "<tool_call>\n<function=get_time>\n<parameter=tz>UTC</parameter>\n</function>\n</tool_call>\n";

describe("a call in a fence that holds another fence's line", () => {
  it.each([
    ["a four-backtick fence, a three-backtick line before the call", "Before\n````xml\n```\n" + CALL + "````\nafter"],
    ["a four-tilde fence, a three-tilde line before the call", "Before\n~~~~xml\n~~~\n" + CALL + "~~~~\nafter"],
    ["a tilde line inside a backtick fence after prose", "Like this:\n```xml\n~~~\n" + CALL + "```\n"],
    ["a fence line with an info string after the call, before the closer", "See:\n````\n" + CALL + "```json\n````"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a four-backtick fence holding only the call, after prose", "Checking:\n````\n" + CALL + "````", [["get_time", { tz: "UTC" }]], "Checking:\n````\n````"],
    [
      "fence lines inside the call's own value",
      "Writing it:\n````\n<tool_call>\n<function=get_weather>\n<parameter=city>\n```\nParis\n```\n</parameter>\n</function>\n</tool_call>\n````",
      [["get_weather", { city: "```\nParis\n```" }]],
      "Writing it:\n````\n````",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });
});
