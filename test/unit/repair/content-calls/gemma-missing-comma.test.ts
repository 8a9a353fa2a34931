import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";

const E = "<escape>";
const Q = '<|"|>';
const fg = (body: string): string => `<start_function_call>call:${body}<end_function_call>`;
const g4 = (body: string): string => `<|tool_call>call:${body}<tool_call|>`;
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } } } },
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" }, sort: { type: "string" } } } },
];

describe("Gemma's members written without the comma between them", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["FunctionGemma, two members", fg(`get_weather{city:${E}NYC${E}unit:${E}celsius${E}}`), [["get_weather", { city: "NYC", unit: "celsius" }]]],
    ["FunctionGemma, three members, a number between quote tokens", fg(`search{query:${E}python${E}limit:${E}10${E}sort:${E}relevance${E}}`), [["search", { query: "python", limit: "10", sort: "relevance" }]]],
    ["a space before the next key", fg(`get_weather{city:${E}NYC${E} unit:${E}celsius${E}}`), [["get_weather", { city: "NYC", unit: "celsius" }]]],
    ["one comma written, one left out", fg(`search{query:${E}python${E},limit:${E}10${E}sort:${E}relevance${E}}`), [["search", { query: "python", limit: "10", sort: "relevance" }]]],
    ["Gemma 4's quote token", g4(`get_weather{city:${Q}Paris${Q}unit:${Q}celsius${Q}}`), [["get_weather", { city: "Paris", unit: "celsius" }]]],
    ["the last value's closing token left out as well", fg(`get_weather{city:${E}NYC${E}unit:${E}celsius}`), [["get_weather", { city: "NYC", unit: "celsius" }]]],
    ["commas written: unchanged", fg(`get_weather{city:${E}NYC${E},unit:${E}celsius${E}}`), [["get_weather", { city: "NYC", unit: "celsius" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["a bare word with no colon after the value", fg(`get_weather{city:${E}NYC${E}unit}`)],
    ["two words before a colon", fg(`get_weather{city:${E}NYC${E}the unit:${E}celsius${E}}`)],
    ["the first value's closing token left out too", fg(`get_weather{city:${E}NYC unit:${E}celsius${E}}`)],
  ])("%s is not repaired", (_title, content) => {
    const engine = createRepairEngine();
    const prepared = engine.prepareTools(tools);
    const found = extractToolCallsFromContent(content, tools)?.calls ?? [];
    expect(found.map((call) => engine.repair(call, prepared).kind).filter((kind) => kind !== "failed")).toEqual([]);
  });
});
