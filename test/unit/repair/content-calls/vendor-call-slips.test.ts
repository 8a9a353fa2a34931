/**
 * Slips vendors' models make in their own call formats: Gemma 4's call with
 * a space before its arguments, a call object with template-doubled braces,
 * an envelope key with a stray space, text left inside `<function=…>`.
 */
import { describe, expect, it } from "vitest";
import { readDoubledBraces } from "../../../../src/repair/content-calls/doubled-braces.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("Gemma 4 call with spaces before its arguments", () => {
  it.each([
    ["a space and a JSON body", '<|tool_call>call:get_weather { "city": "Paris" }<tool_call|>', { city: "Paris" }],
    ["a tab and Gemma's strings", '<|tool_call>call:get_weather\t{city:<|"|>Paris<|"|>}<tool_call|>', { city: "Paris" }],
    ["two spaces, after reasoning", '<think>x</think><|tool_call>call:get_weather  {"city": "Oslo", "days": 2}<tool_call|>', { city: "Oslo", days: 2 }],
    // Not Gemma's own body: a declared name then a JSON object that is the tool's, as markup no reader knows frames it.
    ["a line break and a JSON body", '<|tool_call>call:get_weather\n{"city": "Paris"}<tool_call|>', { city: "Paris" }],
  ])("reads %s", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["a word before the arguments", '<|tool_call>call:get_weather now {"city": "Paris"}<tool_call|>'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("call objects with doubled braces", () => {
  it.each([
    ["the outer pair doubled", '<tool_call>\n{{"name": "get_weather", "arguments": {"city": "Paris"}}}\n</tool_call>', { city: "Paris" }],
    ["every pair doubled", '<tool_call>\n{{"name": "get_weather", "arguments": {{"city": "Paris", "days": 2}}}}\n</tool_call>', { city: "Paris", days: 2 }],
    ["braces inside a string kept", '<tool_call>{{"name": "get_weather", "arguments": {"city": "a{{b}}"}}}</tool_call>', { city: "a{{b}}" }],
  ])("reads %s", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["two calls inside one doubled pair", '<tool_call>{{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}}</tool_call>'],
    ["a doubled pair around data", '<tool_call>{{"city": "Paris"}}</tool_call>'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it.each([
    ['{"a": 1}', undefined],
    ['{{"a": 1}}', { value: { a: 1 } }],
    // Every pair doubled: a string's `}}` may be doubled too ("}}" or "}"), a guess.
    ['{{"a": {{"b": "}}"}}}}', undefined],
    ['{{"a": {{"b": "Hello {{ user }}"}}}}', undefined],
    ['{{"a": {{"b": "{x}"}}}}', { value: { a: { b: "{x}" } } }],
    // Only the outer pair doubled: the strings were not escaped.
    ['{{"a": "Hello {{ user }}"}}', { value: { a: "Hello {{ user }}" } }],
    ['{{"a": 1}, {"b": 2}}', undefined],
    ['{{"a": "x\\"}}"}}', { value: { a: 'x"}}' } }],
  ])("readDoubledBraces(%s)", (text, value) => {
    expect(readDoubledBraces(text)).toEqual(value);
  });
});

describe("call envelope keys with stray spaces", () => {
  it.each([
    ["' arguments'", '<tool_call>\n{"name": "get_weather", " arguments": {"city": "Boston, MA"}}\n</tool_call>'],
    ["'name '", '<tool_call>{"name ": "get_weather", "arguments": {"city": "Boston, MA"}}</tool_call>'],
  ])("reads %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Boston, MA" }]]);
  });

  it("leaves two keys that trim to one as text", () => {
    const content = '<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}, " arguments": {"city": "Oslo"}}</tool_call>';
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("text between a <function=…> object and its closer", () => {
  it.each([
    ["a space", '<function=get_weather>{"city": "Paris"} </function>'],
    ["a line break", '<function=get_weather>{"city": "Paris"}\n</function>'],
  ])("reads the call with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it.each([
    ["a stray quote", '<function=get_weather>{"city": "New York"}"</function>'],
    ["a word", '<function=get_weather>{"city": "Paris"} please</function>'],
    ["a second object", '<function=get_weather>{"city": "Paris"}{"city": "Rome"}</function>'],
  ])("leaves the call with %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("<tool_call> with the tool's name as an attribute", () => {
  it.each([
    ["the name alone", '<tool_call name="get_weather">\n{"city": "Paris"}\n</tool_call>', [["get_weather", { city: "Paris" }]], ""],
    ["an id and the name, after prose", 'Checking.\n<tool_call id="call_00_ab12" name="get_weather">{"city": "Oslo", "days": 2}</tool_call>', [["get_weather", { city: "Oslo", days: 2 }]], "Checking."],
    ["single quotes", "<tool_call name='get_time'>{\"tz\": \"UTC\"}</tool_call>", [["get_time", { tz: "UTC" }]], ""],
    ["a whole call object of the same tool as its body", '<tool_call name="get_weather">{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call>', [["get_weather", { city: "Rome" }]], ""],
    ["no arguments", '<tool_call name="get_time"></tool_call>', [["get_time", {}]], ""],
    ["two elements", '<tool_call name="get_time">{}</tool_call>\n<tool_call name="get_weather">{"city": "Lima"}</tool_call>', [["get_time", {}], ["get_weather", { city: "Lima" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["another attribute", '<tool_call name="get_weather" type="example">{"city": "Paris"}</tool_call>'],
    ["no name attribute", '<tool_call id="call_1">{"city": "Paris"}</tool_call>'],
    ["a body naming another tool", '<tool_call name="get_weather">{"name": "get_time", "arguments": {}}</tool_call>'],
    ["text after the object", '<tool_call name="get_weather">{"city": "Paris"} thanks</tool_call>'],
    ["a body that is not JSON", '<tool_call name="get_weather">Paris</tool_call>'],
    ["no closer (cut short)", '<tool_call name="get_weather">{"city": "Paris"}'],
  ])("leaves one with %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("a JSON call inside a list never closed", () => {
  it.each([
    ["a list whose ] never came", '[{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["the same after prose", 'Sure.\n[ {"name": "get_weather", "arguments": {"city": "Paris"}}\n'],
    ["Mistral's marker and an open list", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it.each([
    ["a closed list", '[{"name": "get_weather", "arguments": {"city": "Paris"}}]'],
    ["Mistral's closed list", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'],
    ["a bare object after a bracketed word", 'See [docs]\n{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["a pythonic list", '[get_weather(city="Paris")]'],
  ])("still reads %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});

describe("a JSON call that did not read, right before one that did", () => {
  const traceTools = [{ name: "trace_impact", parameters: { type: "object", properties: { symbol: { type: "string" } }, required: ["symbol"] } }];
  it.each([
    ["a ';' between them", '{"name": "slugify", "parameters": {}}; {"name": "trace_impact", "parameters": {"symbol": "slugify"}}'],
    ["a line break between them", '{"name": "slugify", "parameters": {}}\n{"name": "trace_impact", "parameters": {"symbol": "slugify"}}'],
    ["a ',' between them, after prose", 'Calling both:\n{"name": "slugify", "arguments": {"text": "a b"}}, {"name": "trace_impact", "arguments": {"symbol": "slugify"}}'],
  ])("leaves the text with %s as text", (_title, content) => {
    expect(readBothWays(content, traceTools).calls).toEqual([]);
  });

  it.each([
    ["data before the call", 'The config is {"depth": 2}.\n{"name": "trace_impact", "parameters": {"symbol": "slugify"}}'],
    ["prose before the call", 'Tracing it now.\n{"name": "trace_impact", "parameters": {"symbol": "slugify"}}'],
  ])("still reads the call after %s", (_title, content) => {
    expect(readBothWays(content, traceTools).calls).toEqual([["trace_impact", { symbol: "slugify" }]]);
  });
});
