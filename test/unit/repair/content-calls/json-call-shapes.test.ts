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
    // The type is dropped with the envelope: words in it would be lost.
    ["a tool call whose type is not a call's", { id: "call_1", type: "function maybe", function: { name: "get_time", arguments: "{}" } }],
    ["a flat call whose type is not a call's", { type: "example", name: "get_time", arguments: {} }],
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

describe("llama.cpp's generic {\"tool_call\": {…}} written as text", () => {
  it.each([
    ["alone", '{"tool_call": {"name": "get_weather", "arguments": {"city": "Paris"}}}', { city: "Paris" }, ""],
    ["pretty-printed, with its id", '{\n  "tool_call": {\n    "name": "get_weather",\n    "arguments": {"city": "Paris", "days": 2},\n    "id": "123456789"\n  }\n}', { city: "Paris", days: 2 }, ""],
    ["after prose", 'Sure.\n{"tool_call": {"name": "get_weather", "arguments": {"city": "Oslo"}}}', { city: "Oslo" }, "Sure."],
    ["in a json fence", '```json\n{"tool_call": {"name": "get_weather", "arguments": {"city": "Oslo"}}}\n```', { city: "Oslo" }, ""],
  ])("reads it %s", (_title, content, args, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });

  it.each([
    ["beside another member", '{"tool_call": {"name": "get_weather", "arguments": {"city": "Paris"}}, "reason": "asked"}'],
    ["naming no tool of the request", '{"tool_call": {"name": "book_flight", "arguments": {}}}'],
    ["holding a placeholder name", '{"tool_call": {"name": "<tool_name>", "arguments": {}}}'],
    ["as the generic format's plain answer", '{"response": "Paris is sunny."}'],
    ["inside a sentence", 'Answer with {"tool_call": {"name": "get_weather", "arguments": {"city": "Paris"}}} to call it.'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("smolagents' JSON action {tool_name, tool_arguments} written as text", () => {
  it.each([
    ["after its Action: label", 'Action:\n{\n  "tool_name": "get_weather",\n  "tool_arguments": {"city": "Paris", "days": 2}\n}', { city: "Paris", days: 2 }, "Action:"],
    ["alone", '{"tool_name": "get_weather", "tool_arguments": {"city": "Paris"}}', { city: "Paris" }, ""],
    ["with a sentence after it", 'Action:\n{\n  "tool_name": "get_weather",\n  "tool_arguments": {\n    "city": "Paris"\n  }\n}\n\nThis action will get the weather for Paris.', { city: "Paris" }, "Action:\nThis action will get the weather for Paris."],
    ["its arguments as a JSON string", '{"tool_name": "get_weather", "tool_arguments": "{\\"city\\": \\"Oslo\\"}"}', { city: "Oslo" }, ""],
  ])("reads it %s", (_title, content, args, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });

  it.each([
    ["beside another member", '{"tool_name": "get_weather", "tool_arguments": {"city": "Paris"}, "note": "example"}'],
    ["beside a second arguments key", '{"tool_name": "get_weather", "tool_arguments": {"city": "Paris"}, "arguments": {"city": "Rome"}}'],
    ["naming no tool of the request", '{"tool_name": "get_stock", "tool_arguments": {"symbol": "ACME"}}'],
    ["inside a sentence", 'The agent answers {"tool_name": "get_weather", "tool_arguments": {"city": "Paris"}} in its log.'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("MCP agents' text-mode request {tool_name, tool_args}, with the server's index beside it", () => {
  it.each([
    ["alone", '{"tool_name": "get_weather", "tool_args": {"city": "Paris"}}', { city: "Paris" }, ""],
    ["with the server's index first, pretty-printed", '{\n    "server_idx": 0,\n    "tool_name": "get_weather",\n    "tool_args": {\n        "city": "Paris"\n    }\n}', { city: "Paris" }, ""],
    ["in a json fence after prose", 'I will check.\n```json\n{"server_idx": 1, "tool_name": "get_weather", "tool_args": {"city": "Oslo", "days": 2}}\n```', { city: "Oslo", days: 2 }, "I will check."],
    ["under name, as server_index", '{"server_index": 2, "name": "get_weather", "tool_args": {"city": "Rome"}}', { city: "Rome" }, ""],
  ])("reads it %s", (_title, content, args, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });

  it.each([
    ["with the server named, not numbered", '{"server_idx": "weather", "tool_name": "get_weather", "tool_args": {"city": "Paris"}}'],
    ["with a fractional index", '{"server_idx": 1.5, "tool_name": "get_weather", "tool_args": {"city": "Paris"}}'],
    ["with a server name key", '{"server_name": "weather", "tool_name": "get_weather", "tool_args": {"city": "Paris"}}'],
    ["beside a second arguments key", '{"tool_name": "get_weather", "tool_args": {"city": "Paris"}, "arguments": {"city": "Rome"}}'],
    ["naming no tool of the request", '{"server_idx": 0, "tool_name": "get_stock", "tool_args": {"symbol": "ACME"}}'],
    ["inside a sentence", 'The agent sends {"server_idx": 0, "tool_name": "get_weather", "tool_args": {"city": "Paris"}} to the server.'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

// Small Gemma 4 models write the wrapper key with the tool's name in it, not a call object.
describe("a wrapper key holding the tool's name: {tool_call: name, parameters}", () => {
  it.each([
    ["its arguments under parameters", '{"tool_call": "get_weather", "parameters": {"city": "Paris"}}', { city: "Paris" }],
    ["in a json fence", '```json\n{"tool_call": "get_weather", "parameters": {"city": "Paris"}}\n```', { city: "Paris" }],
    ["its arguments beside it", '{"tool_call": "get_weather", "city": "Paris"}', { city: "Paris" }],
    ["function_call alike", '{"function_call": "get_weather", "arguments": {"city": "Paris"}}', { city: "Paris" }],
  ])("reads it %s", (_title, content, args) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text: "" });
  });

  it.each([
    ["naming no tool of the request", '{"tool_call": "get_stock", "parameters": {"symbol": "ACME"}}'],
    ["beside another name key", '{"tool_call": "get_weather", "name": "get_time", "parameters": {}}'],
    // Words under the arguments key open no value the model began, as under `name`'s envelope.
    ["bare words as its arguments", '{"tool_call": "get_weather", "arguments": Paris}'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
