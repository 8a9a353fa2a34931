import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const call = (body: string, close = "</tool_call>"): string => `<tool_call>${body}${close}`;
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" }, days: { type: "integer" } } } },
  { name: "todo", parameters: { type: "object", properties: { items: { anyOf: [{ type: "array" }, { type: "string" }] }, meta: { type: ["object", "string"] }, count: { type: "integer" } } } },
];

describe("GLM's values: a closer left out, an empty block, CDATA, a list where a string goes too", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["an empty call block before the call", "<tool_call></tool_call>" + call("get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value>"), [["get_weather", { city: "Oslo" }]], "<tool_call></tool_call>"],
    ["prose where a list or a string goes is that string", call('todo<arg_key>items</arg_key><arg_value>buy milk</arg_value>'), [["todo", { items: "buy milk" }]], ""],
    ["a CDATA section for an integer", call("todo<arg_key>count</arg_key><arg_value><![CDATA[3]]></arg_value>"), [["todo", { count: 3 }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["the last value's closer left out in a block never closed", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Par"],
    ["a JSON list where a list or a string goes", call('todo<arg_key>items</arg_key><arg_value>["a", "b"]</arg_value>')],
    ["a JSON object where an object or a string goes", call('todo<arg_key>meta</arg_key><arg_value>{"k": 1}</arg_value>')],
    ["a CDATA section where a string goes (markup as written, or the section's text)", call("get_weather<arg_key>city</arg_key><arg_value><![CDATA[Paris]]></arg_value>")],
    ["an empty value, its closer twice (a slip, or the closer as the value)", call("get_weather<arg_key>city</arg_key><arg_value></arg_value></arg_value><arg_key>days</arg_key><arg_value>2</arg_value>")],
    ["an empty value, its closer twice on two lines", call("get_weather\n<arg_key>city</arg_key>\n<arg_value></arg_value>\n</arg_value>\n")],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});
