/**
 * A tool_use content block written whole into the text, as a gateway hands it back (its JSON, or its
 * Python repr), carries Anthropic's cache marker beside its id, name and input: `cache_control`, `null`
 * or `{"type": "ephemeral"}`. The marker goes with the envelope; any other value there keeps the block
 * text. A Python dict's repr of a call counts as a call object where the guards look for one: a call
 * object before the one read (`Compare {…} vs {…}`) keeps the text text, as it does in JSON.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const block = (marker: string): string => `{"id": "toolu_01A", "input": {"city": "Paris"}, "name": "get_weather", "type": "tool_use", "cache_control": ${marker}}`;
const pyBlock = (id: string, city: string): string => `{'id': '${id}', 'input': {'city': '${city}'}, 'name': 'get_weather', 'type': 'tool_use', 'cache_control': None}`;
const paris = [["get_weather", { city: "Paris" }]] as const;

describe("a tool_use block's cache marker goes with the block", () => {
  it.each<[string, string, readonly (readonly [string, unknown])[], string]>([
    ["JSON, the marker null", block("null"), paris, ""],
    ["JSON, an ephemeral marker", block('{"type": "ephemeral"}'), paris, ""],
    ["JSON, an ephemeral marker with its ttl", block('{"type": "ephemeral", "ttl": "1h"}'), paris, ""],
    ["JSON, the marker first", '{"cache_control": null, "type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}}', paris, ""],
    ["the Python repr alone", pyBlock("toolu_vrtx_01A", "Paris"), paris, ""],
    ["the Python repr after a lead-in glued to it", `Let me check the weather:${pyBlock("toolu_vrtx_01A", "Paris")}`, paris, "Let me check the weather:"],
    ["a name and arguments with the marker, no block type", '{"name": "get_weather", "arguments": {"city": "Paris"}, "cache_control": {"type": "ephemeral"}}', paris, ""],
  ])("%s is read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a marker holding words", block('"yes"')],
    ["a cache type the API does not define", block('{"type": "persistent"}')],
    ["a marker with another member", block('{"type": "ephemeral", "note": "keep"}')],
    ["a marker holding a number", block("1")],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a Python dict's repr of a call is a call object for the guards", () => {
  it.each([
    ["two calls compared on a line", `Compare {'name': 'get_weather', 'arguments': {'city': 'Paris'}} vs {'name': 'get_weather', 'arguments': {'city': 'Rome'}}`],
    ["an undeclared call right before the one read", `{'name': 'read_file', 'arguments': {'path': 'a.txt'}}; {'name': 'get_weather', 'arguments': {'city': 'Paris'}}`],
    ["an undeclared block right before the one read, no separator", `{'id': 'toolu_1', 'input': {'path': 'a.txt'}, 'name': 'read_file', 'type': 'tool_use'}${pyBlock("toolu_2", "Paris")}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("blocks glued one after another are read all or none, never the last alone", () => {
    const content = `Now the three cities:${pyBlock("toolu_1", "Paris")}${pyBlock("toolu_2", "Rome")}${pyBlock("toolu_3", "Oslo")}`;
    const { calls } = readBothWays(content);
    expect([0, 3]).toContain(calls.length);
  });

  it("a call compared with prose in braces is read", () => {
    expect(readBothWays(`Use {braces} for sets: {'name': 'get_weather', 'arguments': {'city': 'Paris'}}`).calls).toEqual(paris);
  });
});
