import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const weatherTools: ToolDefinition[] = [
  { name: "get_current_weather", parameters: { type: "object", properties: { location: { type: "string" }, unit: { type: "string" }, days: { type: "integer" } }, required: ["location"] } },
];
const searchTools: ToolDefinition[] = [
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, sites: { type: "array", items: { type: "string" } }, lang: { type: "string" } }, required: ["query"] } },
];

// GLM writes a string argument as text, HyperCLOVAX (same tags) as JSON: `"Seoul"` is the word or the word in quotes.
const glm = (name: string, ...pairs: [string, string][]): string =>
  `<tool_call>${name}\n${pairs.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join("")}</tool_call>`;

describe("GLM-style values written as JSON strings", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a string as text", glm("get_weather", ["city", "Seoul"]), [["get_weather", { city: "Seoul" }]]],
    ["quotes inside a string", glm("get_weather", ["city", 'the "old" town']), [["get_weather", { city: 'the "old" town' }]]],
    ["a string that only opens with a quote", glm("get_weather", ["city", '"Seoul" or Busan']), [["get_weather", { city: '"Seoul" or Busan' }]]],
    ["a quoted number where an integer goes", glm("get_weather", ["city", "Seoul"], ["days", "3"]), [["get_weather", { city: "Seoul", days: 3 }]]],
  ])("reads %s", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  // HyperCLOVAX writes every value as JSON: two quoted strings and every value JSON say so.
  it.each<[string, string, (readonly [string, unknown])[], ToolDefinition[]]>([
    ["two JSON strings", glm("get_current_weather", ["location", '"Seoul"'], ["unit", '"celsius"']), [["get_current_weather", { location: "Seoul", unit: "celsius" }]], weatherTools],
    ["two JSON strings and a JSON number", glm("get_current_weather", ["location", '"Seoul"'], ["unit", '"celsius"'], ["days", "3"]), [["get_current_weather", { location: "Seoul", unit: "celsius", days: 3 }]], weatherTools],
    ["JSON escapes in the strings", glm("get_current_weather", ["location", '"Gangnam \\"Station\\""'], ["unit", '"\\u00b0C"']), [["get_current_weather", { location: 'Gangnam "Station"', unit: "°C" }]], weatherTools],
    ["a list and a string as JSON", glm("search", ["query", '"kimchi"'], ["sites", '["a.kr", "b.kr"]'], ["lang", '"ko"']), [["search", { query: "kimchi", sites: ["a.kr", "b.kr"], lang: "ko" }]], searchTools],
    ["the GLM-4.7 layout, no line breaks", '<tool_call>get_current_weather<arg_key>location</arg_key><arg_value>"Seoul"</arg_value><arg_key>unit</arg_key><arg_value>"celsius"</arg_value></tool_call>', [["get_current_weather", { location: "Seoul", unit: "celsius" }]], weatherTools],
  ])("reads %s as HyperCLOVAX writes them", (_title, content, calls, toolList) => {
    expect(readBothWays(content, toolList).calls).toEqual(calls);
  });

  it.each<[string, string, ToolDefinition[]]>([
    ["a quoted string beside a bare one", glm("get_current_weather", ["location", '"Seoul"'], ["unit", "celsius"]), weatherTools],
    ["a bare string beside a quoted one", glm("get_current_weather", ["location", "Seoul"], ["unit", '"celsius"']), weatherTools],
    ["two quoted strings and a value that is not JSON", glm("search", ["query", '"kimchi"'], ["sites", "a.kr, b.kr"], ["lang", '"ko"']), searchTools],
    ["a call cut inside its second JSON string", glm("get_current_weather", ["location", '"Seoul"'], ["unit", '"celsius"']).split('"cel')[0]! + '"cel', weatherTools],
    ["two JSON strings quoted as an example", `For example:
${glm("get_current_weather", ["location", '"Seoul"'], ["unit", '"celsius"'])}`, weatherTools],
    ["two JSON strings in a blockquote", `> ${glm("get_current_weather", ["location", '"Seoul"'], ["unit", '"celsius"']).replaceAll("\n", "\n> ")}`, weatherTools],
  ])("%s stays text", (_title, content, toolList) => {
    expect(readBothWays(content, toolList).calls).toEqual([]);
  });

  it.each<[string, string]>([
    ["one JSON string", glm("get_weather", ["city", '"Seoul"'])],
    ["JSON strings for every string", glm("get_time", ["tz", '"UTC"'])],
    ["a JSON string beside a plain one", `Checking.${glm("get_weather", ["city", '"Seoul"'], ["days", "2"])}`],
    ["a JSON string with spaces around it", glm("get_time", ["tz", ' "UTC"\n'])],
  ])("%s stays text: two readings", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
