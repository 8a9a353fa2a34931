import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("an agent's JSON action with its thought beside the call", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["SWE-agent's thought and command", '{"thought": "Check Paris first.", "command": {"name": "get_weather", "arguments": {"city": "Paris"}}}', [["get_weather", { city: "Paris" }]], "Check Paris first."],
    ["a ReAct JSON action, pretty-printed", '{\n  "thought": "I need the time.",\n  "action": "get_time",\n  "action_input": {"tz": "UTC"}\n}', [["get_time", { tz: "UTC" }]], "I need the time."],
    ["a list of thoughts, one a line", '{"thoughts": ["The user asked about Oslo.", "One lookup will do."], "tool_name": "get_weather", "tool_args": {"city": "Oslo"}}', [["get_weather", { city: "Oslo" }]], "The user asked about Oslo.\nOne lookup will do."],
    ["reasoning with name and arguments", '{"reasoning": "Need the forecast.", "name": "get_weather", "arguments": {"city": "Rome", "days": 2}}', [["get_weather", { city: "Rome", days: 2 }]], "Need the forecast."],
    ["the thought last", '{"name": "get_time", "arguments": {"tz": "CET"}, "thought": "CET it is."}', [["get_time", { tz: "CET" }]], "CET it is."],
    ["prose before, the thought after it", 'Working on it.\n{"thought": "Time first.", "action": "get_time", "action_input": {"tz": "UTC"}}', [["get_time", { tz: "UTC" }]], "Working on it.\nTime first."],
    // AutoGPT's: the thought's named parts, a `name: text` line each (an empty one left out), the call under `command`.
    ["AutoGPT's thoughts and command", '{"thoughts": {"text": "Time first.", "plan": "- get the time", "criticism": "", "speak": "Checking."}, "command": {"name": "get_time", "args": {"tz": "UTC"}}}', [["get_time", { tz: "UTC" }]], "text: Time first.\nplan: - get the time\nspeak: Checking."],
    ["an empty thought", '{"thought": "", "action": "get_time", "action_input": {"tz": "UTC"}}', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["two thoughts", '{"thought": "a", "reasoning": "b", "name": "get_time", "arguments": {"tz": "UTC"}}'],
    ["a part of the thought that is no text", '{"thoughts": {"text": "a", "steps": {"n": 1}}, "command": {"name": "get_time", "args": {"tz": "UTC"}}}'],
    ["a thought that is a number", '{"thought": 3, "name": "get_time", "arguments": {"tz": "UTC"}}'],
    ["no arguments key: the members may be data", '{"thought": "x", "name": "get_weather", "city": "Paris"}'],
    ["a command that is a string", '{"thought": "x", "command": "ls"}'],
    ["another member beside the call", '{"thought": "x", "name": "get_time", "arguments": {"tz": "UTC"}, "confidence": 0.9}'],
    ["a command object beside another member", '{"thought": "x", "speak": "hi", "command": {"name": "get_time", "arguments": {"tz": "UTC"}}}'],
    ["an undeclared tool", '{"thought": "x", "action": "rm", "action_input": {"path": "/"}}'],
    ["a thought and no call", '{"thought": "I know this one: it is noon."}'],
    ["the command alone, no thought", '{"command": {"name": "get_time", "arguments": {"tz": "UTC"}}}'],
    ["inside a sentence", 'The agent logged {"thought": "x", "action": "get_time", "action_input": {"tz": "UTC"}} and stopped.'],
    ["a thought that introduces an example", '{"thought": "For example:", "action": "get_time", "action_input": {"tz": "UTC"}}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
