import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// Models often type a fence's closing backticks right after the call's last brace (`}```` or `} ````),
// ending their answer there. Markdown wants a closer on its own line, but the block was closed.
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
];
const call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}';
const read = [["get_weather", { city: "Oslo" }]];

describe("a fenced call whose closer is typed on its last line", () => {
  it.each([
    ["right after the brace", "```json\n" + call + "```"],
    ["after a space", "```json\n" + call + " ```"],
    ["in a fence without a language", "```\n" + call + "```"],
    ["after a sentence that announces it", "Checking the weather.\n```json\n" + call + "```"],
    ["on the last line of a pretty-printed call", '```json\n{\n  "name": "get_weather",\n  "arguments": {"city": "Oslo"}\n}```'],
    ["before a stop token", "```json\n" + call + "```<|im_end|>"],
  ])("reads it %s", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual(read);
  });

  it.each([
    ["with prose after the closer on its line", "```json\n" + call + "``` is the shape."],
    ["with prose on the lines after", "```json\n" + call + "```\nThat is the format to use."],
    ["closed with fewer backticks than it opened with", "````json\n" + call + "```"],
    ["never closed", "```json\n" + call],
    ["a closer only in the JSON's string", '```json\n{"name": "get_weather", "arguments": {"city": "Oslo```"}}'],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
