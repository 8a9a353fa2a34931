import { describe, expect, it } from "vitest";
import { callsFromJson } from "../../../../src/repair/content-calls/json-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("callsFromJson call wrappers", () => {
  it.each([
    ["Gemini's functionCall", { functionCall: { name: "get_time", args: { tz: "UTC" } } }],
    ["OpenAI's legacy function_call", { function_call: { name: "get_time", arguments: '{"tz": "UTC"}' } }],
    ["OpenAI's tool call", { id: "call_1", type: "function", function: { name: "get_time", arguments: '{"tz": "UTC"}' } }],
  ])("unwraps %s", (_title, value) => {
    expect(callsFromJson(value)?.map((call) => call.name)).toEqual(["get_time"]);
  });

  it.each([
    ["a wrapper beside other data", { functionCall: { name: "get_time", args: {} }, note: "example" }],
    ["two wrappers", { functionCall: { name: "get_time", args: {} }, function_call: { name: "get_time" } }],
    ["a wrapper holding no call", { functionCall: { city: "Paris" } }],
    ["a wrapper holding a name only as data", { functionCall: "get_time" }],
  ])("declines %s", (_title, value) => {
    expect(callsFromJson(value)).toBeUndefined();
  });
});

describe("Gemini's functionCall written as text", () => {
  it("reads it after prose, streamed as whole", () => {
    const reading = readBothWays('Checking.\n{"functionCall": {"name": "get_weather", "args": {"city": "Rome", "days": 2}}}');
    expect(reading).toEqual({ calls: [["get_weather", { city: "Rome", days: 2 }]], text: "Checking." });
  });

  it("reads a list of them", () => {
    const reading = readBothWays('[{"functionCall": {"name": "get_time", "args": {}}}, {"functionCall": {"name": "get_weather", "args": {"city": "Oslo"}}}]');
    expect(reading.calls).toEqual([["get_time", {}], ["get_weather", { city: "Oslo" }]]);
  });

  it("leaves one inside a sentence as text", () => {
    expect(readBothWays('Gemini answers {"functionCall": {"name": "get_time", "args": {}}} in its API.').calls).toEqual([]);
  });
});
