import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const glmTools: ToolDefinition[] = [
  ...tools,
  { name: "calculate", parameters: { type: "object", properties: { expression: { type: "string" }, precision: { type: "integer" } }, required: ["expression"] } },
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
];

describe('a GLM call whose arguments are written as <key="value"</key> elements', () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", '<tool_call>get_weather<city="Rome, Italy"</city></tool_call>', [["get_weather", { city: "Rome, Italy" }]], ""],
    ["two arguments, an integer typed from the schema", '<tool_call>get_weather<city="Oslo"</city><days="3"</days>\n</tool_call>', [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["a line break before each element", '<tool_call>calculate\n<expression="24 * 1.8 + 32"</expression>\n<precision="2"</precision>\n</tool_call>', [["calculate", { expression: "24 * 1.8 + 32", precision: 2 }]], ""],
    ["quotes and brackets inside the value", '<tool_call>bash<command="grep -n "<div>" index.html"</command></tool_call>', [["bash", { command: 'grep -n "<div>" index.html' }]], ""],
    ["an empty value", '<tool_call>get_time<tz=""</tz></tool_call>', [["get_time", { tz: "" }]], ""],
    [
      "prose before on its line and a sentence after",
      'Let me first check the weather.<tool_call>get_weather<city="Rome"</city>\n</tool_call>\nThis will give us the forecast.',
      [["get_weather", { city: "Rome" }]],
      "Let me first check the weather.This will give us the forecast.",
    ],
    ["after the reasoning", '<think>The user asked about Lima.</think>\n<tool_call>get_weather<city="Lima"</city></tool_call>', [["get_weather", { city: "Lima" }]], "<think>The user asked about Lima.</think>"],
    [
      "two calls, a block each",
      '<tool_call>get_weather<city="Rome"</city></tool_call>\n<tool_call>get_time<tz="CET"</tz></tool_call>',
      [["get_weather", { city: "Rome" }], ["get_time", { tz: "CET" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, glmTools)).toEqual({ calls, text });
  });

  it.each([
    ["a key the tool does not declare", '<tool_call>get_weather<location="Rome"</location></tool_call>'],
    ["an undeclared tool", '<tool_call>get_forecast<city="Rome"</city></tool_call>'],
    ["the value's closing tag missing", '<tool_call>get_weather<city="Rome"</tool_call>'],
    ["the closing quote missing", '<tool_call>get_weather<city="Rome</city></tool_call>'],
    ["an unquoted value", "<tool_call>get_weather<city=Rome</city></tool_call>"],
    ["words after the element", '<tool_call>get_weather<city="Rome"</city> and Paris</tool_call>'],
    ["cut inside the value", '<tool_call>get_weather<city="Ro'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, glmTools)).toEqual({ calls: [], text: content });
  });
});
