import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// Gemma 4 closes its thought channel with `<channel|>`, and a server without its reasoning parser leaves the answer
// glued to it: what follows the token opens a line, in every format read opening one (as after `</think>`).
const thought = "<|channel>thought\nThe user wants the weather.<channel|>";
const formats: readonly (readonly [string, string])[] = [
  ["a bare JSON call", '{"name": "get_weather", "arguments": {"city": "Paris"}}'],
  ["a bare JSON call in OpenAI's shape", '{"type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}'],
  ["a declared name then its object", 'get_weather{"city": "Paris"}'],
  ["a declared name, a space, its object", 'get_weather {"city": "Paris"}'],
  ["a pythonic list", '[get_weather(city="Paris")]'],
  ["a declared name's Python call", 'get_weather(city="Paris")'],
  ["ReAct's labels", 'Action: get_weather\nAction Input: {"city": "Paris"}'],
  ["Kimi's stripped call", 'functions.get_weather:0 {"city": "Paris"}'],
];

describe("a call right after Gemma 4's <channel|>", () => {
  for (const [lead, label] of [[thought, "the thought channel opened and closed"], ["<channel|>", "the token alone"], ["Checking.<channel|>", "prose glued before the token"]] as const) {
    it.each(formats)(`${label}: %s is read`, (_format, call) => {
      expect(readBothWays(lead + call).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }

  it.each([
    ["prose after the JSON call on its line", `${thought}{"name": "get_weather", "arguments": {"city": "Paris"}} is what I would send`],
    ["prose before the JSON call on its line", `${thought}I would send {"name": "get_weather", "arguments": {"city": "Paris"}} later.`],
    ["a declared name then its object, prose after it", `${thought}get_weather{"city": "Paris"} would do it`],
    ["an undeclared tool", `${thought}{"name": "book_flight", "arguments": {"to": "Paris"}}`],
    ["a JSON object that is no call", `${thought}{"city": "Paris"}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
