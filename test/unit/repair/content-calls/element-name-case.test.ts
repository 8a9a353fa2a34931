import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a declared tool's element with its name in another case", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["upper case, one child a line", "<GET_WEATHER>\n<city>Paris</city>\n<days>2</days>\n</GET_WEATHER>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["mixed case on one line", "<Get_Time><tz>UTC</tz></Get_Time>", [["get_time", { tz: "UTC" }]], ""],
    ["after a sentence on its own line, then a second call", "Checking both.\n<GET_TIME><tz>CET</tz></GET_TIME>\n<get_weather><city>Oslo</city></get_weather>", [["get_time", { tz: "CET" }], ["get_weather", { city: "Oslo" }]], "Checking both."],
    ["self-closing", "<GET_TIME/>", [["get_time", {}]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["closed in another case", "<GET_TIME><tz>UTC</tz></get_time>"],
    ["inside a sentence", "I would send <GET_TIME><tz>UTC</tz></GET_TIME> now and then see."],
    ["an undeclared name", "<READ_FILE><path>a.txt</path></READ_FILE>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
