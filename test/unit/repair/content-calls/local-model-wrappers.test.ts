import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

/**
 * Small local models served without a tool parser write the call's JSON into
 * the answer in whatever wrapper they half-remember: a Hermes tag, a plural or
 * made-up tag, a bare or `json` fence, nothing at all, `parameters` for
 * `arguments`. The call is read when the JSON names a declared tool; a wrapper
 * around prose, an undeclared name or a nameless object stays text.
 */
describe("calls local models wrap in half-remembered markup", () => {
  it.each<Row>([
    ["a Hermes tag", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', [["get_weather", { city: "Paris" }]], ""],
    ["a Hermes tag never closed", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}', [["get_weather", { city: "Paris" }]], ""],
    ["a plural tag", '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_calls>', [["get_weather", { city: "Paris" }]], ""],
    ["a plural tag around a list", '<tool_calls>\n[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]\n</tool_calls>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]], ""],
    ["a response tag", '<response>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</response>', [["get_weather", { city: "Paris" }]], ""],
    ["a tools tag with parameters", '<tools>\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n</tools>', [["get_weather", { city: "Paris" }]], ""],
    ["a bare fence over several lines", '```\n{\n  "name": "get_weather",\n  "parameters": {\n    "city": "Paris",\n    "days": 2\n  }\n}\n```', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["a json fence", '```json\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n```', [["get_weather", { city: "Paris" }]], ""],
    ["a made-up answer tag", '<answer>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</answer>', [["get_weather", { city: "Paris" }]], ""],
    ["a made-up output tag on one line", '<output>{"name": "get_weather", "arguments": {"city": "Paris"}}</output>', [["get_weather", { city: "Paris" }]], ""],
    ["a made-up answer tag, prose before it", 'Checking now.\n<answer>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</answer>', [["get_time", { tz: "UTC" }]], "Checking now."],
    ["a made-up action tag", '<action>{"name": "get_weather", "parameters": {"city": "Paris"}}</action>', [["get_weather", { city: "Paris" }]], ""],
    ["no wrapper, compact", '{"name":"get_weather","arguments":{"city":"Paris"}}', [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a response tag around prose", "<response>\nThe weather in Paris is sunny.\n</response>"],
    ["a python tag before prose", "<|python_tag|><additional_information>\n- The response is based on generic information.\n</additional_information>"],
    ["an undeclared name in a plural tag", '<tool_calls>\n{"name": "get_forecast", "arguments": {"city": "Paris"}}\n</tool_calls>'],
    ["a nameless object in a response tag", '<response>\n{"city": "Paris"}\n</response>'],
    ["an answer tag around prose", "<answer>\nParis is sunny today.\n</answer>"],
    ["an output tag around a tool's result", '<output>{"temperature": 21, "city": "Paris"}</output>'],
    ["an answer tag around an undeclared name", '<answer>{"name": "get_forecast", "arguments": {"city": "Paris"}}</answer>'],
    ["an action tag holding words after the JSON", '<action>{"name": "get_weather", "arguments": {"city": "Paris"}} and then get_time</action>'],
    ["a fenced result, not a call", '```\n{"temperature": 21, "city": "Paris"}\n```'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
