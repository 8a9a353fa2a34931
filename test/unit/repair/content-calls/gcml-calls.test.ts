import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// GigaChat 3.5's GCML: DSML's elements under their own name, each parameter saying whether it is a string.
const parameter = (name: string, value: string, isString: boolean): string =>
  `<｜GCML｜parameter name="${name}" string="${String(isString)}">${value}</｜GCML｜parameter>`;
const invoke = (name: string, ...parameters: string[]): string => `<｜GCML｜invoke name="${name}">${parameters.join("")}</｜GCML｜invoke>`;
const block = (...calls: string[]): string => `<｜GCML｜tool_calls>${calls.join("")}</｜GCML｜tool_calls>`;

const typed: ToolDefinition[] = [
  {
    name: "save",
    parameters: {
      type: "object",
      properties: { title: { type: "string" }, note: { type: ["string", "null"] }, count: { type: "integer" }, tags: { type: "array" }, meta: { type: "object" } },
    },
  },
];

describe("GigaChat 3.5 GCML calls written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", block(invoke("get_weather", parameter("city", "Tokyo", true))), [["get_weather", { city: "Tokyo" }]], ""],
    ["prose before, two calls", `I will check.${block(invoke("get_weather", parameter("city", "Oslo", true), parameter("days", "2", false)), invoke("get_time", parameter("tz", "UTC", true)))}`, [["get_weather", { city: "Oslo", days: 2 }], ["get_time", { tz: "UTC" }]], "I will check."],
    ["no parameters", block(invoke("get_time")), [["get_time", {}]], ""],
    ["the ASCII bars", `<|GCML|tool_calls><|GCML|invoke name="get_time"><|GCML|parameter name="tz" string="true">CET</|GCML|parameter></|GCML|invoke></|GCML|tool_calls>`, [["get_time", { tz: "CET" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("reads a value marked string=\"false\" as JSON, the string's too", () => {
    const content = block(
      invoke("save", parameter("title", '"hello"', false), parameter("note", "null", false), parameter("count", "7", false), parameter("tags", "[1, 2]", false), parameter("meta", '{"a": true}', false)),
    );
    expect(readBothWays(content, typed).calls).toEqual([["save", { title: "hello", note: null, count: 7, tags: [1, 2], meta: { a: true } }]]);
  });

  it("keeps a value marked string=\"true\" as written", () => {
    const content = block(invoke("save", parameter("title", '"hello"', true)));
    expect(readBothWays(content, typed).calls).toEqual([["save", { title: '"hello"' }]]);
  });

  it.each<[string, string]>([
    ["an invoke left open", `<｜GCML｜tool_calls><｜GCML｜invoke name="get_time">`],
    ["a parameter outside an invoke", `<｜GCML｜tool_calls>${parameter("tz", "UTC", true)}</｜GCML｜tool_calls>`],
    ["an undeclared tool", block(invoke("delete_all", parameter("path", "/", true)))],
    ["a call shown as an example", `For example:\n${block(invoke("get_time", parameter("tz", "UTC", true)))}`],
    ["an invoke closed with DSML's closer", `<｜GCML｜tool_calls><｜GCML｜invoke name="get_time">${parameter("tz", "UTC", true)}</｜DSML｜invoke></｜GCML｜tool_calls>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
