import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Formats whose tags are the model's special tokens (GLM's `<arg_key>`/`<arg_value>` in its `<tool_call>`, DeepSeek's
// DSML) cannot hold their own tags quoted in a value: a value running into the next key, or into the call's closer,
// had its closer left out. One rule for each such format; formats whose tags are text keep such a call text.
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
];
const glm = (body: string): string => `<tool_call>get_weather${body}</tool_call>`;
const D = "｜DSML｜";
const dsml = (body: string): string => `<${D}tool_calls>\n<${D}invoke name="get_weather">\n${body}\n</${D}invoke>\n</${D}tool_calls>`;
const dsmlParam = (key: string, value: string, closed = true, string = "true"): string => `<${D}parameter name="${key}" string="${string}">${value}${closed ? `</${D}parameter>` : ""}`;

describe("a value's closer left out where the format's tags are tokens", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["GLM: a value running into the next key", glm("<arg_key>city</arg_key><arg_value>Paris<arg_key>unit</arg_key><arg_value>celsius</arg_value>"), [["get_weather", { city: "Paris", unit: "celsius" }]], ""],
    ["GLM: the same laid out on lines", glm("\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>\n"), [["get_weather", { city: "Paris", unit: "celsius" }]], ""],
    ["GLM: a typed value running into the next key", glm("<arg_key>days</arg_key><arg_value>3<arg_key>city</arg_key><arg_value>Oslo</arg_value>"), [["get_weather", { days: 3, city: "Oslo" }]], ""],
    ["GLM: the last value's closer left out before the call's", glm("\n<arg_key>city</arg_key>\n<arg_value>Paris\n"), [["get_weather", { city: "Paris" }]], ""],
    ["GLM: the same with no line break", glm("<arg_key>city</arg_key><arg_value>Paris"), [["get_weather", { city: "Paris" }]], ""],
    ["GLM: every value's closer left out", glm("\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius\n"), [["get_weather", { city: "Paris", unit: "celsius" }]], ""],
    ["GLM: markup of the value's own before the next key", glm("<arg_key>city</arg_key><arg_value>a<b><arg_key>days</arg_key><arg_value>2</arg_value>"), [["get_weather", { city: "a<b>", days: 2 }]], ""],
    ["GLM: prose before, the call's closer then words", `Checking.\n${glm("<arg_key>city</arg_key><arg_value>Oslo")} One moment.`, [["get_weather", { city: "Oslo" }]], "Checking.\nOne moment."],
    ["DSML: a value running into the next parameter", dsml(`${dsmlParam("city", "Paris", false)}${dsmlParam("days", "2", true, "false")}`), [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["DSML: the last value's closer left out before the invoke's", dsml(dsmlParam("city", "Paris", false)), [["get_weather", { city: "Paris" }]], ""],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["GLM: the value would end in space", glm("<arg_key>city</arg_key><arg_value>Paris <arg_key>days</arg_key><arg_value>2</arg_value>")],
    ["GLM: the value would end in a line break", glm("\n<arg_key>city</arg_key>\n<arg_value>Paris\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n")],
    ["GLM: an empty value before the next key", glm("<arg_key>city</arg_key><arg_value><arg_key>days</arg_key><arg_value>2</arg_value>")],
    ["GLM: a value holding another of the format's tags", glm("<arg_key>city</arg_key><arg_value>Par</arg_key>is<arg_key>days</arg_key><arg_value>2</arg_value>")],
    ["GLM: the last value padded before the call's closer", glm("<arg_key>city</arg_key><arg_value>Paris  ")],
    ["GLM: two line breaks before the call's closer", glm("<arg_key>city</arg_key><arg_value>Paris\n\n")],
    ["GLM: the last value opening a CDATA section", glm("<arg_key>city</arg_key><arg_value><![CDATA[Paris]]>")],
    ["GLM: the last value's closer left out, the block never closed", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris"],
    ["GLM: the key's closer and the value's both left out", glm("<arg_key>city<arg_value>Paris")],
    ["IQuest's block (its tags are text there): a value running into the next key", "<iquest_tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris<arg_key>days</arg_key><arg_value>2</arg_value></iquest_tool_call>"],
    ["IQuest's block: the last value's closer left out", "<iquest_tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</iquest_tool_call>"],
    ["Qwen3-Coder (text tags): a value running into the next parameter", "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>"],
    ["MiniMax (text tags): a value running into the next parameter", '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>'],
    ["DSML: a value running into the next parameter ends in space", dsml(`${dsmlParam("city", "Paris ", false)}${dsmlParam("days", "2", true, "false")}`)],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});
