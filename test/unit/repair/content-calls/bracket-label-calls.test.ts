import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const bridgeTools: ToolDefinition[] = [
  ...tools,
  { name: "Bash", parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] } },
  { name: "my-tool", parameters: { type: "object", properties: { x: { type: "integer" } }, required: ["x"] } },
];

describe("a call written as Kiro's label, [Called name with args: {…}]", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", '[Called get_weather with args: {"city": "Moscow"}]', [["get_weather", { city: "Moscow" }]], ""],
    ["no space after the colon", '[Called get_time with args:{"tz":"UTC"}]', [["get_time", { tz: "UTC" }]], ""],
    ["a dash in the name", '[Called my-tool with args: {"x": 1}]', [["my-tool", { x: 1 }]], ""],
    ["after prose on the line before", 'Let me run that.\n[Called Bash with args: {"command": "ls -la", "description": "List"}]', [["Bash", { command: "ls -la", description: "List" }]], "Let me run that."],
    ["a bracket and braces inside a string", '[Called Bash with args: {"command": "echo \\"{}\\" [x]"}]', [["Bash", { command: 'echo "{}" [x]' }]], ""],
    [
      "two back to back on one line",
      '[Called get_time with args: {"tz": "UTC"}] [Called get_weather with args: {"city": "Oslo"}]',
      [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]],
      "",
    ],
    ["two, a line each", '[Called get_time with args: {"tz": "UTC"}]\n[Called get_weather with args: {"city": "Oslo"}]', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], ""],
    [
      "its object closed once too often, as Kiro's models write it",
      '[Called Bash with args: {"command":"mkdir -p docs", "description":"Create docs directory"}}]',
      [["Bash", { command: "mkdir -p docs", description: "Create docs directory" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls, text });
  });

  it.each([
    ["mid-line, in prose", 'Some text [Called Bash with args: {"command": "ls"}] more text'],
    ["an undeclared tool", '[Called exec with args: {"command": "ls"}]'],
    ["an undeclared tool right after a declared one", '[Called get_time with args: {}] [Called exec with args: {}]'],
    ["another call after a word on the line", '[Called get_time with args: {"tz": "UTC"}] then [Called get_weather with args: {"city": "Oslo"}]'],
    ["another call later in a sentence", '[Called get_time with args: {"tz": "UTC"}]\nThe log also shows [Called get_weather with args: {"city": "Oslo"}] twice.'],
    ["the label never closed", '[Called Bash with args: {"command": "ls"}'],
    ["its object closed three times", '[Called Bash with args: {"command": "ls"}}}]'],
    ["a stray brace and no closer", '[Called Bash with args: {"command": "ls"}}'],
    ["text after the object inside the label", '[Called Bash with args: {"command": "ls"} and it printed nothing]'],
    ["args not an object", '[Called Bash with args: "ls"]'],
    ["no args label", '[Called Bash] {"command": "ls"}'],
    ["plain brackets", "Just regular text with [brackets] but no tool calls"],
    ["in inline code", 'The syntax is `[Called Bash with args: {"command":"echo unexpected"}]`.'],
    ["in a fence", 'Example:\n```\n[Called Bash with args: {"command":"echo unexpected"}]\n```\nDone.'],
    ["in an indented block", 'Example:\n\n    [Called Bash with args: {"command":"echo unexpected"}]\n\nDone.'],
    ["shown as an example", 'For example:\n[Called Bash with args: {"command": "ls"}]'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls: [], text: content });
  });
});

describe("a call written as a gateway's label, [Tool call: name({…})]", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", '[Tool call: Bash({"command":"ls -la","description":"List files"})]', [["Bash", { command: "ls -la", description: "List files" }]], ""],
    ["after a line break", '\n[Tool call: get_time({"tz": "UTC"})]', [["get_time", { tz: "UTC" }]], ""],
    ["the label capitalized", '[Tool Call: get_weather({"city": "Oslo"})]', [["get_weather", { city: "Oslo" }]], ""],
    ["its object closed once too often", '[Tool call: get_time({"tz": "UTC"}})]', [["get_time", { tz: "UTC" }]], ""],
    ["Hermes Agent's label, its object closed once too often", '[Calling tool: get_time with arguments: {"tz": "UTC"}}]', [["get_time", { tz: "UTC" }]], ""],
    ["after prose on the line before", 'Checking the log.\n[Tool call: Bash({"command": "tail -5 log"})]', [["Bash", { command: "tail -5 log" }]], "Checking the log."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls, text });
  });

  it.each([
    ["mid-line, in prose", 'The log shows [Tool call: Bash({"command": "ls"})] twice.'],
    ["an undeclared tool", '[Tool call: exec({"command": "ls"})]'],
    ["the parenthesis never closed", '[Tool call: Bash({"command": "ls"}]'],
    ["a space before the parenthesis", '[Tool call: Bash ({"command": "ls"})]'],
    ["a bare value in the parentheses", '[Tool call: Bash("ls")]'],
    ["the name alone", "[Tool call: Bash]"],
    ["cut off", '[Tool call: Bash({"command": "l'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls: [], text: content });
  });
});

describe("a call written as gpt4free's history label, [Tool call: name] (id=…) then Arguments: {…}", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the id after the label, the arguments on the next line", '[Tool call: get_time] (id=call_abc)\nArguments: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["without the id", '[Tool call: get_weather]\nArguments: {"city": "Oslo"}', [["get_weather", { city: "Oslo" }]], ""],
    ["the arguments on the label's line", '[Tool call: get_weather] (id=t1) Arguments: {"city": "Oslo"}', [["get_weather", { city: "Oslo" }]], ""],
    ["after prose", 'Searching now.\n[Tool call: get_weather] (id=call_1)\nArguments: {"city": "Oslo"}', [["get_weather", { city: "Oslo" }]], "Searching now."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls, text });
  });

  it.each([
    ["the label alone", "[Tool call: get_time] (id=call_abc)"],
    ["an id that is a phrase", '[Tool call: get_time] (id=the first one)\nArguments: {"tz": "UTC"}'],
    ["a result instead of arguments", '[Tool call: get_time] (id=call_abc)\nResult: {"tz": "UTC"}'],
    ["an undeclared tool", '[Tool call: exec] (id=call_abc)\nArguments: {"command": "ls"}'],
    ["mid-line, in prose", 'The history shows [Tool call: get_time] (id=call_abc)\nArguments: {"tz": "UTC"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls: [], text: content });
  });
});

describe("a call written as a line, Tool call: name({…}), as models behind CodeWhisperer write it", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", 'Tool call: Bash({"command": "ls -la"})', [["Bash", { command: "ls -la" }]], ""],
    ["after Claude Code's bullet", '⏺ Tool call: Bash({"command": "git status"})', [["Bash", { command: "git status" }]], ""],
    ["after a black circle", '● Tool call: get_time({"tz": "UTC"})', [["get_time", { tz: "UTC" }]], ""],
    ["between prose that goes on with what it will do", 'Here is the response:\n\nTool call: Bash({"command": "ls -la"})\n\nThe command will list files.', [["Bash", { command: "ls -la" }]], "Here is the response:\n\nThe command will list files."],
    ["a value holding the label's words", 'Tool call: Bash({"command": "echo Tool call: x()"})', [["Bash", { command: "echo Tool call: x()" }]], ""],
    ["two, a line each", 'Tool call: get_time({"tz": "UTC"})\nTool call: get_weather({"city": "Oslo"})', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], ""],
    ["two with a line of prose between them", 'Tool call: get_time({"tz": "UTC"})\n\nThen:\n\nTool call: get_weather({"city": "Oslo"})', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], "Then:"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls, text });
  });

  it.each([
    ["raw text in the parentheses", "⏺ Tool call: Bash(git status --porcelain | grep test)"],
    ["mid-line, in prose", 'The log says Tool call: Bash({"command": "ls"}) and stops.'],
    ["an undeclared tool", 'Tool call: exec({"command": "ls"})'],
    ["the parenthesis never closed", 'Tool call: Bash({"command": "ls"}'],
    ["text after the object inside the parentheses", 'Tool call: Bash({"command": "ls"} now)'],
    ["calls with prose between them, one to an undeclared tool", 'Tool call: get_time({"tz": "UTC"})\n\nThen:\n\nTool call: exec({"command": "ls"})'],
    ["a heading word, not a call", "Tool call: the model picks one of its tools."],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, bridgeTools)).toEqual({ calls: [], text: content });
  });
});

describe("hostile text full of labels", () => {
  it.each([
    ["labels whose objects never close", '[Called get_time with args: {"tz": '.repeat(20_000)],
    ["lines of labels whose objects never close", 'Tool call: get_time({"tz": \n'.repeat(20_000)],
    ["a call then labels mid-line", `[Called get_time with args: {"tz": "UTC"}]\n${"x [Called get_time with args: {} ".repeat(20_000)}`],
  ])("%s is read without a hang", (_title, content) => {
    expect(extractToolCallsFromContent(content, bridgeTools)?.calls ?? []).toEqual([]);
  }, HANG_GUARD_MS);
});
