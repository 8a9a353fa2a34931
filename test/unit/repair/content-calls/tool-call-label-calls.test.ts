import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const agentTools: ToolDefinition[] = [
  ...tools,
  { name: "read", parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] } },
];

describe("a call written as OpenClaw's history label, [Tool Call: name (ID: id)] Arguments: {…}", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the id and the object on one line", '[Tool Call: read (ID: call_read_skill)] Arguments: { "path": "/Users/me/skills/SKILL.md" }', [["read", { path: "/Users/me/skills/SKILL.md" }]], ""],
    ["without the id", '[Tool Call: read] Arguments: {"path": "a.txt", "limit": 20}', [["read", { path: "a.txt", limit: 20 }]], ""],
    ["the arguments on the next line", '[Tool Call: get_time (ID: call_1)]\nArguments: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the object on the line after its label", '[Tool Call: get_time (ID: call_1)] Arguments:\n{\n  "tz": "UTC"\n}', [["get_time", { tz: "UTC" }]], ""],
    ["after prose", 'Reading the skill first.\n[Tool Call: read (ID: toolu_01)] Arguments: {"path": "SKILL.md"}', [["read", { path: "SKILL.md" }]], "Reading the skill first."],
    ["two calls, a line each", '[Tool Call: get_time (ID: a1)] Arguments: {"tz": "UTC"}\n[Tool Call: get_weather (ID: a2)] Arguments: {"city": "Oslo"}', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls, text });
  });

  it.each([
    ["the label alone", "[Tool Call: read (ID: call_1)]"],
    ["no Arguments label", '[Tool Call: read (ID: call_1)] {"path": "a.txt"}'],
    ["a result label instead", '[Tool Call: read (ID: call_1)] Result: {"path": "a.txt"}'],
    ["an id that is a phrase", '[Tool Call: read (ID: the first one)] Arguments: {"path": "a.txt"}'],
    ["an undeclared tool", '[Tool Call: exec (ID: call_1)] Arguments: {"command": "ls"}'],
    ["mid-line, in prose", 'The log shows [Tool Call: read (ID: call_1)] Arguments: {"path": "a.txt"} twice.'],
    ["arguments cut off", '[Tool Call: read (ID: call_1)] Arguments: {"path": "a.t'],
    ["not an object", '[Tool Call: read (ID: call_1)] Arguments: "a.txt"'],
    ["shown as an example", 'For example:\n[Tool Call: read (ID: call_1)] Arguments: {"path": "a.txt"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls: [], text: content });
  });
});

describe('a call written as a chat transcript\'s label, [Called function "name" with args: {…}]', () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the object inside the label", '[Called function "get_time" with args: {"tz":"UTC"}]', [["get_time", { tz: "UTC" }]], ""],
    ["two keys, space before the bracket", '[Called function "get_weather" with args: {"city": "Oslo", "days": 2} ]', [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["after prose", 'Checking.\n[Called function "read" with args: {"path": "a.txt"}]', [["read", { path: "a.txt" }]], "Checking."],
    ["a bracket inside a string", '[Called function "read" with args: {"path": "a]b.txt"}]', [["read", { path: "a]b.txt" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls, text });
  });

  it.each([
    ["the label without args", '[Called function "get_time"]'],
    ["the name unquoted", '[Called function get_time with args: {"tz": "UTC"}]'],
    ["the label never closed", '[Called function "get_time" with args: {"tz": "UTC"}'],
    ["text after the object inside the label", '[Called function "get_time" with args: {"tz": "UTC"} and got noon]'],
    ["an undeclared tool", '[Called function "exec" with args: {"command": "ls"}]'],
    ["mid-line, in prose", 'I see [Called function "get_time" with args: {"tz": "UTC"}] in the log.'],
    ["args not an object", '[Called function "read" with args: "a.txt"]'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls: [], text: content });
  });
});
