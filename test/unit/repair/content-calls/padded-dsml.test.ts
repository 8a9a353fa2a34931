import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const ZW = "\u200b";
/** A DSML call under `prefix`, wrapped in its `tool_calls` element. */
const block = (prefix: string, close = prefix): string =>
  `<${prefix}tool_calls>\n<${prefix}invoke name="get_weather">\n<${prefix}parameter name="city" string="true">Paris</${close}parameter>\n<${prefix}parameter name="days" string="false">2</${close}parameter>\n</${close}invoke>\n</${close}tool_calls>`;

describe("DSML prefixes padded between their pieces", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["SentencePiece's `▁` between doubled bars and the word", block("｜▁｜▁DSML▁｜▁｜ "), [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["spaced ASCII bars", block(" | DSML | "), [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["a zero-width character inside the openings only", block(`｜${ZW}｜DSML${ZW}｜｜ `, "｜｜DSML｜｜ "), [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["after a sentence, one bar a side, `▁` inside", `Let me check.\n${block("｜▁DSML▁｜")}`, [["get_weather", { city: "Paris", days: 2 }]], "Let me check."],
    [
      "spaced ASCII bars on one line, the closers spaced too",
      '< | DSML | tool_calls>< | DSML | invoke name="get_weather">< | DSML | parameter name="city" string="true">Lyon</ | DSML | parameter>< | DSML | parameter name="days" string="false">4</ | DSML | parameter></ | DSML | invoke></ | DSML | tool_calls>',
      [["get_weather", { city: "Lyon", days: 4 }]],
      "",
    ],
    ["a spaced bar doubled after the word", block(" | DSML | | "), [["get_weather", { city: "Paris", days: 2 }]], ""],
    [
      "two invokes, the second without arguments",
      `<｜▁DSML▁｜invoke name="get_time">\n<｜▁DSML▁｜parameter name="tz" string="true">UTC</｜▁DSML▁｜parameter>\n</｜▁DSML▁｜invoke>\n<｜▁DSML▁｜invoke name="get_time"/>`,
      [["get_time", { tz: "UTC" }], ["get_time", {}]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a padded prefix naming an undeclared tool", `<｜▁DSML▁｜invoke name="read_file">\n<｜▁DSML▁｜parameter name="path" string="true">a.txt</｜▁DSML▁｜parameter>\n</｜▁DSML▁｜invoke>`],
    ["three padding characters in one gap", block("｜▁▁▁｜DSML｜｜ ")],
    ["words between the bars", block("｜ my DSML｜ ")],
    ["padding inside the word", block("｜D▁SML｜")],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
