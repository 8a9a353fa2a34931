import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const resultTools: ToolDefinition[] = [
  ...tools,
  { name: "fetch_data", parameters: { type: "object", properties: { endpoint: { type: "string" } }, required: ["endpoint"] } },
  { name: "check_status", parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
];

describe("a call followed by a terse line reporting its result as had", () => {
  it.each([
    ["Hermes, then `Data fetched.`", 'I\'ll fetch that data.\n<tool_call>{"name": "fetch_data", "arguments": {"endpoint": "/api/users"}}</tool_call>\nData fetched.'],
    ["Hermes, then `Status retrieved.`", 'Checking that now.\n<tool_call>{"name": "check_status", "arguments": {"id": 123}}</tool_call>\nStatus retrieved.'],
    ["Qwen3-Coder XML, then `Results found!`", "<tool_call>\n<function=fetch_data>\n<parameter=endpoint>/api/orders</parameter>\n</function>\n</tool_call>\nResults found!"],
    ["a bare JSON call, then a bulleted line", '{"name": "get_weather", "arguments": {"city": "Oslo"}}\n- Weather data retrieved.'],
    ["two calls, then `Both records loaded.`", '<tool_call>{"name": "check_status", "arguments": {"id": 1}}</tool_call>\n<tool_call>{"name": "check_status", "arguments": {"id": 2}}</tool_call>\nBoth records loaded.'],
    ["after the reasoning, the line after a sentence", '<think>Need the data.</think>\n<tool_call>{"name": "fetch_data", "arguments": {"endpoint": "/v1/items"}}</tool_call> Done. The items downloaded.'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, resultTools)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a participle inside a longer sentence", '<tool_call>{"name": "fetch_data", "arguments": {"endpoint": "/a"}}</tool_call>\nOnce the data is fetched, I\'ll sort it.', [["fetch_data", { endpoint: "/a" }]], "Once the data is fetched, I'll sort it."],
    ["what is still to come", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nThe time will be retrieved next.', [["get_time", { tz: "UTC" }]], "The time will be retrieved next."],
    ["the participle first", '<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call>\nFetched results will follow.', [["get_weather", { city: "Rome" }]], "Fetched results will follow."],
    ["`Done checking.` (the libraries disagree on it)", '<tool_call>{"name": "get_weather", "arguments": {"city": "Lima"}}</tool_call>\nDone checking.', [["get_weather", { city: "Lima" }]], "Done checking."],
  ])("%s: the call is read", (_title, content, calls, text) => {
    expect(readBothWays(content, resultTools)).toEqual({ calls, text });
  });
});
