import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

/** A tool with a parameter called `name`: there, a `name` member beside the others may be an argument. */
const withName: ToolDefinition[] = [
  ...tools,
  { name: "create_user", parameters: { type: "object", properties: { name: { type: "string" }, role: { type: "string" } }, required: ["name"] } },
];

describe("a call object with its arguments beside the name (no arguments key)", () => {
  it.each([
    ["bare, the whole answer", '{"name": "get_weather", "city": "Paris"}', { city: "Paris" }, ""],
    ["bare, two arguments", '{"name": "get_weather", "city": "Paris", "days": 2}\n', { city: "Paris", days: 2 }, ""],
    ["in the Hermes tag", '<tool_call>{"name": "get_weather", "city": "Oslo"}</tool_call>', { city: "Oslo" }, ""],
    ["in the Hermes tag, its closer left out", '<tool_call>{"name": "get_weather", "city": "Oslo"}', { city: "Oslo" }, ""],
    ["in the Hermes tag, the name's separator doubled", '<tool_call>{"name": "get__weather", "city": "Oslo"}', { city: "Oslo" }, ""],
    ["in a ```tool_call fence", '```tool_call\n{"name": "get_weather", "city": "Rome", "days": 3}\n```', { city: "Rome", days: 3 }, ""],
    ["in a ```json fence after prose", 'Checking.\n```json\n{"name": "get_weather", "city": "Rome"}\n```', { city: "Rome" }, "Checking."],
    ["under `tool`", '{"tool": "get_weather", "city": "Lima"}', { city: "Lima" }, ""],
    ["in the Hermes tag, the name written last", '<tool_call>{"city": "Oslo", "name": "get_weather"}</tool_call>', { city: "Oslo" }, ""],
  ])("reads it %s", (_title, content, args, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });

  it.each([
    ["a member the tool does not declare", '{"name": "get_weather", "town": "Paris"}'],
    ["a declared and an undeclared member", '<tool_call>{"name": "get_weather", "city": "Paris", "unit": "C"}</tool_call>'],
    ["an arguments key as well", '{"name": "get_weather", "city": "Paris", "arguments": {"city": "Rome"}}'],
    ["a type member beside it", '{"name": "get_weather", "type": "function", "city": "Paris"}'],
    ["naming no declared tool", '{"name": "Paris", "city": "Paris"}'],
    ["inside a sentence", 'The record {"name": "get_weather", "city": "Paris"} is an example.'],
    ["bare, its first member an argument (data that happens to name a tool)", '{"city": "Paris", "name": "get_weather"}'],
    ["holding a placeholder", '<tool_call>{"name": "get_weather", "city": "<city>"}</tool_call>'],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("does not read it for a tool that declares `name` itself (the name may be an argument)", () => {
    expect(readBothWays('{"name": "create_user", "role": "admin"}', withName).calls).toEqual([]);
  });

  it("still reads the envelope with its arguments key for such a tool", () => {
    expect(readBothWays('{"name": "create_user", "arguments": {"name": "Ada"}}', withName).calls).toEqual([["create_user", { name: "Ada" }]]);
  });
});
