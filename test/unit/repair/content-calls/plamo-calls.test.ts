import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const requests = (...calls: string[]): string => `<|plamo:begin_tool_requests:plamo|>${calls.join("")}<|plamo:end_tool_requests:plamo|><|plamo:tag|>`;
const request = (name: string, args: string): string =>
  `<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>${name}<|plamo:end_tool_name:plamo|>` +
  `<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>${args}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`;

describe("PLaMo 3's tool requests", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call after text", `Checking the weather.${requests(request("get_weather", '{"city": "Tokyo"}'))}`, [["get_weather", { city: "Tokyo" }]], "Checking the weather."],
    ["two calls", requests(request("get_time", '{"tz": "UTC"}'), request("get_weather", '{"city": "Oslo", "days": 2}')), [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["without the end-of-turn tag", requests(request("get_time", "{}")).replace("<|plamo:tag|>", ""), [["get_time", {}]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  const named = "<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_time<|plamo:end_tool_name:plamo|>";
  it.each([
    ["a section left open", `Before tools.<|plamo:begin_tool_requests:plamo|>${request("get_time", "{}")}`],
    ["a request cut after its name", `<|plamo:begin_tool_requests:plamo|>${named}<|plamo:end_tool_requests:plamo|>`],
    ["an undeclared tool", requests(request("rm", "{}"))],
    ["arguments that are not an object", requests(request("get_time", '"UTC"'))],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
