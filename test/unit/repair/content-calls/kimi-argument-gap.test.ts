import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

const SECTION = ["<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"] as const;
const call = (gap: string, id = "functions.get_weather:0"): string => `<|tool_call_begin|>${id}${gap}<|tool_call_argument_begin|>{"city": "SF"}<|tool_call_end|>`;

describe("Kimi K2's call id and argument token with layout between them", () => {
  it.each<Row>([
    ["a line break", `${SECTION[0]}${call("\n")}${SECTION[1]}`, [["get_weather", { city: "SF" }]], ""],
    ["a Windows line break", `${SECTION[0]}${call("\r\n")}${SECTION[1]}`, [["get_weather", { city: "SF" }]], ""],
    ["a line break and an indent", `${SECTION[0]}\n${call("\n  ")}\n${SECTION[1]}`, [["get_weather", { city: "SF" }]], ""],
    ["spaces, as before", `${SECTION[0]}${call("  ")}${SECTION[1]}`, [["get_weather", { city: "SF" }]], ""],
    [
      "two calls, each laid out so",
      `${SECTION[0]}${call("\n")}${call("\n", "functions.get_time:1").replace('{"city": "SF"}', '{"tz": "UTC"}')}${SECTION[1]}`,
      [
        ["get_weather", { city: "SF" }],
        ["get_time", { tz: "UTC" }],
      ],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a blank line", `${SECTION[0]}${call("\n\n")}${SECTION[1]}`],
    ["words between", `${SECTION[0]}${call("\nthen\n")}${SECTION[1]}`],
    ["an undeclared name", `${SECTION[0]}${call("\n", "functions.get_news:0")}${SECTION[1]}`],
  ])("%s: no call", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
