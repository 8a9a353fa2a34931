import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const bash: ToolDefinition = { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };
const tools = [bash, { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } }];
const thought = "<|channel>thought\nI need to read the entry source file.\n<channel|>";

describe("Gemma 4's call slips", () => {
  it.each([
    ["a bare call right after the thought channel closes", `${thought}call:bash{command:<|"|>cat /work/src/entry.c<|"|>}`, [["bash", { command: "cat /work/src/entry.c" }]], "<|channel>thought\nI need to read the entry source file.\n<channel|>"],
    ["a stray colon before call:", '<|tool_call>:call:bash{command:<|"|>pytest<|"|>}', [["bash", { command: "pytest" }]], ""],
    ["<turn|> closing the call", '<|tool_call>call:bash{command:<|"|>make -j8<|"|>}<turn|>', [["bash", { command: "make -j8" }]], ""],
    ["a JSON call between the tokens, strings in its quote token", '<|tool_call>{"name": "bash", "arguments": {"command": <|"|>ls -la<|"|>}}<tool_call|>', [["bash", { command: "ls -la" }]], ""],
    ["a JSON call with plain strings and args, after prose", 'I\'ll compute that.\n<|tool_call>{"name":"get_time","args":{"tz":"UTC"}}<tool_call|>', [["get_time", { tz: "UTC" }]], "I'll compute that."],
    ["a JSON call with no closing token at the end", 'Hello.<|tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}', [["get_time", { tz: "UTC" }]], "Hello."],
    ["two calls in one block", '<|tool_call>call:get_time{tz:<|"|>UTC<|"|>}call:bash{command:<|"|>ls<|"|>}<tool_call|>', [["get_time", { tz: "UTC" }], ["bash", { command: "ls" }]], ""],
    ["two calls in one block, a space between them", '<|tool_call>call:get_time{tz:<|"|>UTC<|"|>} call:get_time{tz:<|"|>CET<|"|>}<tool_call|>', [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
    ["the call token broken into a plain <call> tag", '<call>get_time{tz:<|"|>UTC<|"|>}', [["get_time", { tz: "UTC" }]], ""],
    ["a <call> tag after prose", 'Checking.\n<call>bash{command:<|"|>ls<|"|>}', [["bash", { command: "ls" }]], "Checking."],
    ["two calls, the second closed by <turn|>", '<|tool_call>call:get_time{tz:<|"|>UTC<|"|>}<tool_call|>\n<|tool_call>call:bash{command:<|"|>ls<|"|>}<turn|>', [["get_time", { tz: "UTC" }], ["bash", { command: "ls" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a bare call after <channel|> with prose after it on its line", `${thought}call:bash{command:<|"|>ls<|"|>} is what I would run`],
    ["a bare call mid-line after other markup", 'See <b>call:bash{command:<|"|>ls<|"|>}'],
    ["a bare call after <channel|> naming an undeclared tool", `${thought}call:rm{path:<|"|>/<|"|>}`],
    ["a JSON object that is no call", '<|tool_call>{"command": "ls"}<tool_call|>'],
    ["a JSON list of calls", '<|tool_call>[{"name": "bash", "arguments": {"command": "ls"}}]<tool_call|>'],
    ["a JSON call naming an undeclared tool", '<|tool_call>{"name": "rm", "arguments": {"path": "/"}}<tool_call|>'],
    ["a JSON call cut inside a string", '<|tool_call>{"name": "bash", "arguments": {"command": "ls'],
    ["two calls in one block, the second undeclared", '<|tool_call>call:get_time{tz:<|"|>UTC<|"|>}call:rm{path:<|"|>/<|"|>}<tool_call|>'],
    ["two calls in one block, the second never closed", '<|tool_call>call:get_time{tz:<|"|>UTC<|"|>}call:bash{command:<|"|>ls<|"|><tool_call|>'],
    ["a <call> tag naming an undeclared tool", '<call>rm{path:<|"|>/<|"|>}'],
    ["a <call> tag with prose after it on its line", '<call>get_time{tz:<|"|>UTC<|"|>} is how'],
    ["a <call> tag around words", "<call>get_time</call> me later"],
    ["two stray colons", '<|tool_call>::call:bash{command:<|"|>ls<|"|>}<tool_call|>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
