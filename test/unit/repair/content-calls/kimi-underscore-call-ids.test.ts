import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const call = (id: string, body: string): string => `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${body}<|tool_call_end|>`;
const section = (...calls: string[]): string => `<|tool_calls_section_begin|>${calls.join("")}<|tool_calls_section_end|>`;

describe("Kimi's call id with `_` for its dot and colon (functions_get_weather_2)", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["in its section", section(call("functions_get_weather_0", '{"city": "Paris"}')), [["get_weather", { city: "Paris" }]]],
    [
      "several calls, the section's opener outside the text (Kimi K2.7-Code)",
      `${call("functions_get_weather_2", '{"city": "Paris"}')}${call("functions_get_time_3", '{"tz": "CET"}')}<|tool_calls_section_end|>`,
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]],
    ],
    ["without its index", section(call("functions_get_time", '{"tz": "CET"}')), [["get_time", { tz: "CET" }]]],
    ["beside ids written as Kimi writes them", section(call("functions.get_weather:0", '{"city": "Oslo"}'), call("functions_get_time_1", '{"tz": "CET"}')), [["get_weather", { city: "Oslo" }], ["get_time", { tz: "CET" }]]],
  ])("reads it %s", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  it("reads a tool whose name ends in digits, its index after them", () => {
    const list: ToolDefinition[] = [{ name: "glob7", parameters: { type: "object", properties: { pattern: { type: "string" } } } }];
    expect(readBothWays(section(call("functions_glob7_4", '{"pattern": "*.ts"}')), list).calls).toEqual([["glob7", { pattern: "*.ts" }]]);
  });

  it.each<[string, string, readonly ToolDefinition[]]>([
    ["naming a tool the request does not declare", section(call("functions_book_flight_0", '{"to": "NYC"}')), tools],
    ["with another word before the name", section(call("myfunctions_get_time_0", '{"tz": "CET"}')), tools],
    ["with a double underscore after functions", section(call("functions__get_time_0", '{"tz": "CET"}')), tools],
    [
      "when the index read as part of the name names another declared tool",
      section(call("functions_glob_7", '{"pattern": "*.ts"}')),
      [
        { name: "glob", parameters: { type: "object", properties: { pattern: { type: "string" } } } },
        { name: "glob_7", parameters: { type: "object", properties: { pattern: { type: "string" } } } },
      ],
    ],
  ])("leaves it as text %s", (_title, content, list) => {
    expect(readBothWays(content, list).calls).toEqual([]);
  });
});
