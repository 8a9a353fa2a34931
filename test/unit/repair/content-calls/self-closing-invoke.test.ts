import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "submit", parameters: { type: "object", properties: {} } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

// DeepSeek's DSML template writes a call without arguments as one self-closing invoke.
describe("a self-closing invoke: a call without arguments", () => {
  it.each([
    ["in DeepSeek V4's DSML block", '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜tool_calls>', [["submit", {}]]],
    ["in DeepSeek V3.2's DSML block", '<｜DSML｜function_calls>\n<｜DSML｜invoke name="submit"/>\n</｜DSML｜function_calls>', [["submit", {}]]],
    ["in Claude's function_calls block", '<function_calls>\n<invoke name="submit"/>\n</function_calls>', [["submit", {}]]],
    [
      "beside an invoke with parameters",
      '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="submit"/>\n<｜DSML｜invoke name="get_time"><｜DSML｜parameter name="tz" string="true">UTC</｜DSML｜parameter></｜DSML｜invoke>\n</｜DSML｜tool_calls>',
      [["submit", {}], ["get_time", { tz: "UTC" }]],
    ],
  ])("reads it %s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["mentioned in a sentence", 'Use <invoke name="submit"/> when you are done.'],
    ["a slash with a space before the bracket closes nothing", '<function_calls>\n<invoke name="submit"/ >\n</function_calls>'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
