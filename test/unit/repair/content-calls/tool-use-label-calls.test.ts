import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, readRawBothWays, tools } from "./read-both-ways.ts";

const agentTools: ToolDefinition[] = [
  ...tools,
  { name: "Bash", parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] } },
  { name: "Grep", parameters: { type: "object", properties: { pattern: { type: "string" }, type: { type: "string" } }, required: ["pattern"] } },
];

describe("a call written as an agent bridge's history label, [Tool Use: name] {…}", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Kimi's closing tokens after it", '[Tool Use: Bash] {"command": "pwd && ls -la", "description": "Check current directory"}<|tool_call_end|><|tool_calls_section_end|>', [["Bash", { command: "pwd && ls -la", description: "Check current directory" }]], ""],
    ["another tool, the same way", '[Tool Use: Grep] {"pattern": "TODO", "type": "swift"}<|tool_call_end|><|tool_calls_section_end|>', [["Grep", { pattern: "TODO", type: "swift" }]], ""],
    ["without closing tokens", '[Tool Use: get_time] {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the object on the next line", '[Tool Use: get_time]\n{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["opening a line after prose", 'I will look.\n[Tool Use: get_time] {"tz":"UTC"}', [["get_time", { tz: "UTC" }]], "I will look."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls, text });
  });

  it.each([
    ["the label alone", "[Tool Use: Bash]"],
    ["an undeclared tool", '[Tool Use: Write] {"path": "a.txt"}'],
    ["mid-line, in prose", 'The bridge logs [Tool Use: get_time] {"tz":"UTC"} for each call.'],
    ["the input labelled on its own line", '[Tool Use: get_time]\nInput: {"tz": "UTC"}'],
    ["another bridge's label", '[tool: get_time] {"tz": "UTC"}'],
    ["arguments cut off", '[Tool Use: Bash] {"command": "ls'],
    ["quoted in a blockquote", '> [Tool Use: get_time] {"tz": "UTC"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls: [], text: content });
  });
});

describe("a call written as Hermes Agent's history label, [Calling tool: name with arguments: {…}]", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the object inside the label", '[Calling tool: Bash with arguments: {"command": "free -h && df -h /"}]', [["Bash", { command: "free -h && df -h /" }]], ""],
    ["after prose, space before the closing bracket", 'Checking the server.\n[Calling tool: get_time with arguments: {"tz": "UTC"} ]', [["get_time", { tz: "UTC" }]], "Checking the server."],
    ["a bracket inside a string", '[Calling tool: Grep with arguments: {"pattern": "a]b"}]', [["Grep", { pattern: "a]b" }]], ""],
    ["the label closed before the object", '[Calling tool: get_time] {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["with a capital T", '[Calling Tool: get_time with arguments: {"tz": "UTC"}]', [["get_time", { tz: "UTC" }]], ""],
    ["two calls, a line each", '[Calling tool: get_time with arguments: {"tz": "UTC"}]\n[Calling tool: get_weather with arguments: {"city": "Oslo"}]', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls, text });
  });

  it.each([
    ["the progress notice alone", "[Calling tool: web_search]"],
    ["a notice naming a declared tool, no object", "[Calling tool: get_time]\nThe time is noon."],
    ["the label not closed after the object", '[Calling tool: get_time with arguments: {"tz": "UTC"} and more]'],
    ["the label never closed", '[Calling tool: get_time with arguments: {"tz": "UTC"}'],
    ["an undeclared tool", '[Calling tool: rm with arguments: {"path": "/"}]'],
    ["mid-line, in prose", 'The log shows [Calling tool: get_time with arguments: {"tz": "UTC"}] twice.'],
    ["shown as an example", 'For example:\n[Calling tool: get_time with arguments: {"tz": "UTC"}]'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls: [], text: content });
  });
});

describe("smolagents' log line for a call, as an agent writes it into the model's history", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["smolagents' log form, JSON", 'Calling tool: \'get_time\' with arguments: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  // The dict goes on as written: the repair pipeline reads its Python quoting as it reads any call's.
  it.each<[string, string, string, string]>([
    ["DeepResearchAgent's history form, a Python dict", "Called Tool: 'get_weather' with arguments: {'city': 'Paris', 'days': 2}", "{'city': 'Paris', 'days': 2}", ""],
    ["the dict broken over two lines", "Called Tool: 'get_weather' with arguments: {'city': 'Paris',\n'days': 2}", "{'city': 'Paris',\n'days': 2}", ""],
    ["after a line of prose", "I'll check.\nCalled Tool: 'get_weather' with arguments: {'city': 'Oslo'}", "{'city': 'Oslo'}", "I'll check."],
  ])("%s", (_title, content, args, text) => {
    expect(readRawBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });

  it.each([
    ["mid-line, after words", "Yesterday I saw Called Tool: 'get_time' with arguments: {'tz': 'UTC'}"],
    ["an undeclared tool", "Called Tool: 'rm' with arguments: {'path': '/'}"],
    ["the name unquoted", "Called Tool: get_time with arguments: {'tz': 'UTC'}"],
    ["a phrase for arguments", "Called Tool: 'get_time' with arguments: UTC"],
    ["the object cut short", "Called Tool: 'get_weather' with arguments: {'city': 'Par"],
    ["its observation made up after it", "Called Tool: 'get_time' with arguments: {'tz': 'UTC'}\nObservation: 12:00"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
