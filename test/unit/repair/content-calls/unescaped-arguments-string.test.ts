import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const shell: ToolDefinition[] = [...tools, { name: "run", parameters: { type: "object", properties: { cmd: { type: "string" } }, required: ["cmd"] } }];

describe("a JSON call whose arguments object sits in double quotes, its own quotes unescaped", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["bare", '{"name":"get_weather","arguments":"{"city":"Paris","days":2}"}', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["with spaces", '{"name": "get_weather", "arguments": "{"city": "Paris"}"}', [["get_weather", { city: "Paris" }]], ""],
    ["in <tool_call>", '<tool_call>\n{"name": "get_time", "arguments": "{"tz": "UTC"}"}\n</tool_call>', [["get_time", { tz: "UTC" }]], ""],
    ["after [TOOL_CALLS]", '[TOOL_CALLS][{"name":"get_weather","arguments":"{"city":"Paris"}"}]', [["get_weather", { city: "Paris" }]], ""],
    [
      "two calls in a list",
      '[TOOL_CALLS][{"name":"get_weather","arguments":"{"city":"Paris"}"}, {"name":"get_time","arguments":"{"tz":"UTC"}"}]',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "",
    ],
    ["a nested object", '{"name": "get_weather", "arguments": "{"city": "Paris", "days": {"n": 2}}"}', [["get_weather", { city: "Paris", days: { n: 2 } }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, content.includes("days\": {") ? [{ name: "get_weather", parameters: { type: "object" } }] : tools)).toEqual({ calls, text });
  });

  it("keeps a string value's braces and quotes as the text it holds", () => {
    expect(readBothWays('{"name": "run", "arguments": {"cmd": "{"a": 1}"}}', shell)).toEqual({ calls: [["run", { cmd: '{"a": 1}' }]], text: "" });
  });

  it.each([
    ["the object not closed before the quote", '{"name": "get_weather", "arguments": "{"city": "Paris"}'],
    ["text after the object inside the quotes", '{"name": "get_weather", "arguments": "{"city": "Paris"} now"}'],
    ["an undeclared tool", '{"name": "read_file", "arguments": "{"path": "a.txt"}"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
