import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// A call written as text names its tool the way the name field does: an MCP client's `mcp__server__`, a
// namespace a proxy joined with `__`, Kimi's call index and Markdown's escaped underscore are read there
// too, in every format that writes the name; the name field's lossy guesses (a word left out) are not.
const parameters = { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] };
const declared = (...names: string[]): ToolDefinition[] => names.map((name) => ({ name, parameters }));

const formats: Record<string, (name: string) => string> = {
  Hermes: (name) => `<tool_call>\n{"name": ${JSON.stringify(name)}, "arguments": {"city": "Oslo", "days": 2}}\n</tool_call>`,
  "bare JSON": (name) => `{"name": ${JSON.stringify(name)}, "arguments": {"city": "Oslo", "days": 2}}`,
  "JSON fence": (name) => "```json\n" + `{"name": ${JSON.stringify(name)}, "arguments": {"city": "Oslo", "days": 2}}` + "\n```",
  "prose, then Hermes": (name) => `I'll check the forecast.\n\n<tool_call>\n{"name": ${JSON.stringify(name)}, "arguments": {"city": "Oslo", "days": 2}}\n</tool_call>`,
  "Qwen3-Coder": (name) => `<tool_call>\n<function=${name}>\n<parameter=city>\nOslo\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>`,
  GLM: (name) => `<tool_call>${name}\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>`,
  MiniMax: (name) => `<minimax:tool_call>\n<invoke name="${name}">\n<parameter name="city">Oslo</parameter>\n<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>`,
  "Mistral [ARGS]": (name) => `[TOOL_CALLS]${name}[ARGS]{"city": "Oslo", "days": 2}`,
};
const everyFormat = Object.keys(formats);
const jsonFormats = ["Hermes", "bare JSON", "JSON fence", "prose, then Hermes"];

const members: [string, string, ToolDefinition[], string, string[]][] = [
  ["an MCP client's namespace before the declared name", "mcp__wx__get_weather", declared("get_weather"), "get_weather", everyFormat],
  ["an MCP namespace for a tool the client declared as server_tool", "mcp__wx__get_weather", declared("wx_get_weather"), "wx_get_weather", everyFormat],
  ["a proxy's namespace joined with __", "meteo_v2__get_weather", declared("get_weather"), "get_weather", everyFormat],
  ["Kimi's call index after a namespaced name", "functions.get_weather:0", declared("get_weather"), "get_weather", everyFormat],
  ["Kimi's call index after the bare name", "get_weather:3", declared("get_weather"), "get_weather", jsonFormats],
  ["Markdown's escaped underscores", "get\\_weather", declared("get_weather"), "get_weather", jsonFormats],
];

describe("tool names in calls written as text, spelt as the name field spells them", () => {
  it.each(members.flatMap(([title, name, tools, resolved, names]) => names.map((format) => [`${title} (${format})`, formats[format]!(name), tools, resolved] as const)))(
    "reads %s",
    (_title, content, tools, resolved) => {
      expect(readBothWays(content, tools).calls).toEqual([[resolved, { city: "Oslo", days: 2 }]]);
    },
  );

  const nearMisses: [string, string, ToolDefinition[]][] = [
    ["an MCP name that fits two declared tools", "mcp__wx__get_weather", declared("get_weather", "wx_get_weather")],
    ["an MCP namespace before an undeclared name", "mcp__wx__get_forecast", declared("get_weather")],
    ["a proxy's namespace before an undeclared name", "meteo_v2__forecast", declared("get_weather")],
    ["a call index after an undeclared name", "functions.get_forecast:0", declared("get_weather")],
    ["a word after the colon instead of an index", "get_weather:now", declared("get_weather")],
    ["a framework's word after the name (a guess in text)", "get_weather_tool", declared("get_weather")],
    ["the name without a server's prefix (a guess in text)", "get_weather", declared("OpenMeteo_get_weather")],
    ["a word left out of the name", "weather", declared("get_weather")],
  ];
  it.each(nearMisses.flatMap(([title, name, tools]) => ["Hermes", "Qwen3-Coder", "GLM", "MiniMax"].map((format) => [`${title} (${format})`, formats[format]!(name), tools] as const)))(
    "leaves it as text with %s",
    (_title, content, tools) => {
      expect(readBothWays(content, tools).calls).toEqual([]);
    },
  );
});
