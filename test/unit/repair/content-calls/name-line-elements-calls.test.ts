import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const more: ToolDefinition[] = [
  ...tools,
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, read_file: { type: "string" } }, required: ["path"] } },
];

describe("a declared name alone on its line, then its argument elements (the element's opening tag lost)", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", "get_weather\n<city>Paris</city>", [["get_weather", { city: "Paris" }]], ""],
    ["indented elements, typed from the schema", "get_weather\n  <city>Paris</city>\n  <days>2</days>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["its closing tag kept", "get_weather\n<city>Paris</city>\n</get_weather>", [["get_weather", { city: "Paris" }]], ""],
    ["prose after", "get_weather\n<city>Paris</city>\nDone.", [["get_weather", { city: "Paris" }]], "Done."],
    ["after prose", "Checking.\nget_weather\n<city>Paris</city>", [["get_weather", { city: "Paris" }]], "Checking."],
    ["then another call written whole", "get_weather\n<city>Paris</city>\n<get_time><tz>UTC</tz></get_time>", [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["a property named like another tool", "write_file\n<path>a.txt</path>\n<read_file>b.txt</read_file>\n</write_file>", [["write_file", { path: "a.txt", read_file: "b.txt" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, more)).toEqual({ calls, text });
  });

  it.each([
    ["prose after the name", "get_weather\nI can look that up."],
    ["an element never closed", "get_weather\n<city>Paris"],
    ["a key the tool does not declare", "get_weather\n<town>Paris</town>"],
    ["text after the element on its line", "get_weather\n<city>Paris</city> is the city"],
    ["HTML after a word", "get_time\n<b>now</b>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});

describe("a bare pythonic call with Python's own spacing", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["space before the parenthesis", 'get_weather (city="Paris")', [["get_weather", { city: "Paris" }]]],
    ["a statement's semicolon after it", 'get_weather(city="Paris");', [["get_weather", { city: "Paris" }]]],
    ["both, with spaces around", ' get_weather  ( city = "Paris" ) ; ', [["get_weather", { city: "Paris" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, more)).toEqual({ calls, text: "" });
  });

  it.each([
    ["two semicolons", 'get_weather(city="Paris");;'],
    ["a word after the semicolon", 'get_weather(city="Paris"); done'],
    ["a word between the name and the parenthesis", 'get_weather now (city="Paris")'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});

describe("a call right after a full-width sentence end (Chinese and Japanese put no space there)", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["GLM-4's name line after 。", '首先查询天气。get_weather\n{"city": "Paris"}', [["get_weather", { city: "Paris" }]], "首先查询天气。"],
    ["after ：", '调用工具：get_weather\n{"city": "Paris"}', [["get_weather", { city: "Paris" }]], "调用工具："],
    ["a bare pythonic call after 。", '天気を調べます。get_weather(city="Paris")', [["get_weather", { city: "Paris" }]], "天気を調べます。"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, more)).toEqual({ calls, text });
  });

  it.each([
    ["the name inside a sentence", "我来查一下。get_weather的参数是城市。"],
    ["an ASCII full stop before the name", 'Let me check.get_weather\n{"city": "Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});

describe("ChatGLM3's call: the name on its line, then a Python fence holding tool_call(…)", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the fence opened after a space, as its template writes it", "get_weather\n ```python\ntool_call(city='Paris', days=2)\n```", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["after prose, its stop token after", 'Let me check.\nget_weather\n```python\ntool_call(city="Paris")\n```<|observation|>', [["get_weather", { city: "Paris" }]], "Let me check.\n<|observation|>"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, more)).toEqual({ calls, text });
  });

  it.each([
    ["more code in the fence", 'get_weather\n```python\ntool_call(city="Paris")\nprint(1)\n```'],
    ["tool_call inside another call", 'get_weather\n```python\nprint(tool_call(city="Paris"))\n```'],
    ["no name line before the fence", '```python\ntool_call(city="Paris")\n```'],
    ["the fence never closed", 'get_weather\n```python\ntool_call(city="Paris")\n'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});
