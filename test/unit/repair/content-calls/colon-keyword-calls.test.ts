import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

describe("calls written `name(key: value)` (a colon in place of `=`)", () => {
  it.each([
    ["in the Hermes tag, a quoted value", '<tool_call>get_weather(city: "London")</tool_call>', { city: "London" }],
    ["in the Hermes tag, single quotes", "<tool_call>get_weather(city: 'Lima')</tool_call>", { city: "Lima" }],
    ["in the Hermes tag, two arguments", '<tool_call>get_weather(city: "Oslo", days: 2)</tool_call>', { city: "Oslo", days: 2 }],
    ["in the Hermes tag, an unquoted word", "<tool_call>get_weather(city: Antwerp)</tool_call>", { city: "Antwerp" }],
    ["in the Hermes tag, unquoted words", "<tool_call>get_weather(city: New York)</tool_call>", { city: "New York" }],
    ["in the Hermes tag, unquoted words with accents", "<tool_call>get_weather(city: São Paulo)</tool_call>", { city: "São Paulo" }],
    ["in the Hermes tag, unquoted words then a number", "<tool_call>get_weather(city: San Jose, days: 3)</tool_call>", { city: "San Jose", days: 3 }],
    ["in a ```tool_call fence", '```tool_call\nget_weather(city: "Rome")\n```\n', { city: "Rome" }],
    ["in a ```tool_code fence, unquoted", "```tool_code\nget_weather(city: Rome)\n```", { city: "Rome" }],
    ["alone on its line, quoted", 'get_weather(city: "Paris")', { city: "Paris" }],
    ["in the Hermes tag, its closer cut (`</tool_`)", '<tool_call>get_weather(city: "Bruges")</tool_\n', { city: "Bruges" }],
  ])("reads it %s", (_title, content, args) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text: "" });
  });

  it.each([
    ["a type in place of the value (a signature)", "<tool_call>get_weather(city: string)</tool_call>"],
    ["a class's name in place of the value", "<tool_call>get_weather(city: Path)</tool_call>"],
    ["a signature with a default", '<tool_call>get_weather(city: str = "Paris")</tool_call>'],
    ["`=` and `:` mixed in one call", '<tool_call>get_weather(city="Paris", days: 2)</tool_call>'],
    ["unquoted words running into a comma of the value", "<tool_call>get_weather(city: Paris, France)</tool_call>"],
    ["unquoted outside call markup", "get_weather(city: London)"],
    ["an unquoted value holding a slash", "<tool_call>get_weather(city: Paris/France)</tool_call>"],
    ["mentioned in a sentence", 'Use get_weather(city: "London") to check.'],
    ["a double colon", '<tool_call>get_weather(city:: "London")</tool_call>'],
    ["a positional argument", "<tool_call>get_weather('London')</tool_call>"],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("a call tag's body `name({…})`: one object as the call's argument", () => {
  it.each([
    ["as JSON", '<tool_call>get_weather({"city": "Oslo", "days": 1})</tool_call>', { city: "Oslo", days: 1 }],
  ])("reads it with %s", (_title, content, args) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text: "" });
  });

  it("hands an object with unquoted keys to the repair pipeline as written", () => {
    const found = extractToolCallsFromContent('<tool_call>get_weather({city: "London"})</tool_call>', tools);
    expect(found?.calls).toEqual([{ name: "get_weather", arguments: '{city: "London"}' }]);
  });

  it.each([
    ["an object and another argument", '<tool_call>get_weather({"city": "Oslo"}, 2)</tool_call>'],
    ["text after the call in the tag", '<tool_call>get_weather({"city": "Oslo"}) now</tool_call>'],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("an unclosed call tag whose closer was cut", () => {
  it.each([
    ["after a pythonic call", '<tool_call>get_weather(city="Oslo")</tool_', { city: "Oslo" }],
    ["after a pythonic call, `</` only", '<tool_call>get_weather(city="Oslo")</', { city: "Oslo" }],
    ["after a JSON call", '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_c', { city: "Oslo" }],
  ])("reads the call %s", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["a call cut inside its value", '<tool_call>get_weather(city="Os</tool_'],
    ["a closer of another tag", '<tool_call>get_weather(city="Oslo")</tool_use'],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
