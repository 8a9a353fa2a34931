import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A string value holding an XML entity reads two ways: as written (Qwen3-Coder's reference parser) or decoded
// (an XML reader, MiMo's parser): `&quot;` or `"`. Such a call stays text.
const qwen = (value: string): string => `<tool_call>\n<function=get_weather>\n<parameter=city>${value}</parameter>\n</function>\n</tool_call>`;

describe("XML entities in a tagged string value", () => {
  it.each<[string, string]>([
    ["`&quot;` in a Qwen3-Coder value", qwen("the &quot;old&quot; town")],
    ["`&amp;` in a Qwen3-Coder value", qwen("Tom &amp; Jerry")],
    ["`&lt;` in a Qwen3-Coder value", qwen("a &lt; b")],
    ["a numeric reference", qwen("caf&#233;")],
    ["a hexadecimal reference", qwen("caf&#xE9;")],
    ["`&amp;` in an invoke parameter", '<invoke name="get_weather"><parameter name="city">Tom &amp; Jerry</parameter></invoke>'],
    ["`&amp;` in a GLM value", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Tom &amp; Jerry</arg_value></tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a bare ampersand", qwen("Tom & Jerry"), [["get_weather", { city: "Tom & Jerry" }]]],
    ["an ampersand before a word with no semicolon", qwen("R&D lab"), [["get_weather", { city: "R&D lab" }]]],
    ["an unknown entity name", qwen("a &nbsp b"), [["get_weather", { city: "a &nbsp b" }]]],
  ])("reads %s", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  // Formats that are not XML: nothing decodes their values, so an entity is the text the model wrote.
  const textTools: ToolDefinition[] = [
    ...tools,
    { name: "python", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } },
    { name: "terminal", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
  ];
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["Continue's argument lines", "```tool\nTOOL_NAME: get_weather\nBEGIN_ARG: city\nTom &amp; Jerry\nEND_ARG\n```", [["get_weather", { city: "Tom &amp; Jerry" }]]],
    ["Functionary's raw code", '>>>python\nprint("a &lt; b")', [["python", { code: 'print("a &lt; b")' }]]],
    ["a CWM command", "<tool: function>\nterminal echo '&quot;'\n</tool>\n", [["terminal", { command: "echo '&quot;'" }]]],
    ["MiniMax's Perl hash", '[TOOL_CALL] {tool => "get_weather", args => {--city "Tom &amp; Jerry"}} [/TOOL_CALL]', [["get_weather", { city: "Tom &amp; Jerry" }]]],
  ])("keeps an entity as written in %s", (_title, content, calls) => {
    expect(readBothWays(content, textTools).calls).toEqual(calls);
  });
});
