import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  {
    name: "web_search",
    parameters: {
      type: "object",
      properties: {
        query: { type: "string" },
        limit: { type: "integer" },
        filters: { type: "object", properties: { city: { type: "string" } } },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["query"],
    },
  },
];
const Q = '<|"|>';
const call = (args: string): string => `<|tool_call>call:web_search{${args}}<tool_call|>`;

// Gemma 4 at times leaves a string's opening quote token out and still writes its closing one.
describe("Gemma 4: a string whose opening quote token was left out", () => {
  it.each([
    ["the only value", call(`query:weather in Tokyo${Q}`), { query: "weather in Tokyo" }],
    ["with a comma in it, before another member", call(`query:Paris, France${Q},limit:5`), { query: "Paris, France", limit: 5 }],
    ["inside a nested object", call(`filters:{city:Tokyo${Q}},query:${Q}x${Q}`), { filters: { city: "Tokyo" }, query: "x" }],
    ["an item of a list", call(`query:${Q}x${Q},tags:[${Q}a${Q},b${Q}]`), { query: "x", tags: ["a", "b"] }],
    ["after a number member", call(`limit:5,query:weather${Q}`), { limit: 5, query: "weather" }],
  ])("reads it: %s", (_title, content, args) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [["web_search", args]], text: "" });
  });

  it.each([
    ["a colon in the bare words (another key, or part of the value)", call(`query:foo, limit:5${Q}`)],
    ["another bare value after it", call(`query:foo${Q},limit:bar`)],
    ["a quote in the bare words", call(`query:say "hi"${Q}`)],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
