import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A call read from markup whose one parameter is an arguments envelope the tool does not declare.
const open = (name: string, key: string, value: string, isString = false): string =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${name}">\n<｜DSML｜parameter name="${key}" string="${String(isString)}">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const loose: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { location: { type: "string" }, days: { type: "integer" } } } }];
const declaresInput: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { input: { type: "object" }, location: { type: "string" } } } }];

describe("arguments wrapped in one parameter of a call read from markup", () => {
  it.each<[string, string, ToolDefinition[], (readonly [string, unknown])[]]>([
    ["`arguments` as JSON", open("get_weather", "arguments", '{"location": "Oslo", "days": 2}'), loose, [["get_weather", { location: "Oslo", days: 2 }]]],
    ["`input` as a string of JSON", open("get_weather", "input", '{"location": "Oslo"}', true), loose, [["get_weather", { location: "Oslo" }]]],
    ["`parameters` in a Qwen3-Coder call", `<tool_call>\n<function=get_weather>\n<parameter=parameters>\n{"location": "Oslo"}\n</parameter>\n</function>\n</tool_call>`, loose, [["get_weather", { location: "Oslo" }]]],
  ])("unwraps %s", (_title, content, tools, calls) => {
    expect(readBothWays(content, tools).calls).toEqual(calls);
  });

  it.each<[string, string, ToolDefinition[], (readonly [string, unknown])[]]>([
    ["a key the tool declares", open("get_weather", "input", '{"location": "Oslo"}'), declaresInput, [["get_weather", { input: { location: "Oslo" } }]]],
    ["an object with an undeclared key", open("get_weather", "arguments", '{"location": "Oslo", "mood": "sunny"}'), loose, [["get_weather", { arguments: { location: "Oslo", mood: "sunny" } }]]],
    ["an empty object", open("get_weather", "arguments", "{}"), loose, [["get_weather", { arguments: {} }]]],
    ["a key that is no envelope's", open("get_weather", "payload", '{"location": "Oslo"}'), loose, [["get_weather", { payload: { location: "Oslo" } }]]],
  ])("keeps %s as written", (_title, content, tools, calls) => {
    expect(readBothWays(content, tools).calls).toEqual(calls);
  });
});
