import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Llama 3.1's built-in call after `<|python_tag|>`, with space where Python allows it.
const tools: ToolDefinition[] = [
  { name: "brave_search", parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } },
  { name: "wolfram_alpha", parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] } },
];

describe("Llama 3.1's built-in `.call` with space around its tokens", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["around the dot", '<|python_tag|>brave_search . call(query="weather in Oslo")', [["brave_search", { query: "weather in Oslo" }]]],
    ["after the dot only", '<|python_tag|>brave_search. call(query="a.b . c")', [["brave_search", { query: "a.b . c" }]]],
    ["before the dot only, with its end token", '<|python_tag|>brave_search .call(query="x")<|eom_id|>', [["brave_search", { query: "x" }]]],
    ["around every token", '  <|python_tag|>  wolfram_alpha  .  call  (  query  =  "2 + 2"  ,  limit = 3 )  ', [["wolfram_alpha", { query: "2 + 2", limit: 3 }]]],
    ["two calls, one spaced", '<|python_tag|>brave_search . call(query="x"); wolfram_alpha.call(query="y")', [["brave_search", { query: "x" }], ["wolfram_alpha", { query: "y" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["another method after the dot", '<|python_tag|>brave_search . run(query="x")'],
    ["a word that starts with call", '<|python_tag|>brave_search . caller(query="x")'],
    ["two dots", '<|python_tag|>brave_search . . call(query="x")'],
    ["no python tag", 'brave_search . call(query="x")'],
    ["a line break before the dot, which ends the statement", '<|python_tag|>wolfram_alpha\n.call(query="pi")'],
    ["a line break after the dot", '<|python_tag|>wolfram_alpha.\ncall(query="pi")'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
