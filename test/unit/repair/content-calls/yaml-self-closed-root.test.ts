import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a YAML body written inside a self-closing root (`<name` … `/>`)", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the call alone", "<get_weather\ncity: Oslo\ndays: 3\n/>", [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["after a sentence, Windows line ends", "Let me check.\r\n<get_time\r\ntz: Europe/Paris\r\n/>", [["get_time", { tz: "Europe/Paris" }]], "Let me check."],
    ["then a well-formed call", "<get_time\ntz: UTC\n/>\n<get_weather>\ncity: Lima\n</get_weather>", [["get_time", { tz: "UTC" }], ["get_weather", { city: "Lima" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["attributes on the lines, not a mapping", '<get_weather\ncity="Oslo"\n/>'],
    ["never closed", "<get_weather\ncity: Oslo\ndays: 3"],
    ["a key the tool does not declare", "<get_weather\ntown: Oslo\n/>"],
    ["an undeclared tool", "<read_file\npath: a.txt\n/>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
