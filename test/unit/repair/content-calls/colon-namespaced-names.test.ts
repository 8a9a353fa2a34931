import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// A tool name written under a namespace joined with `:` or `/` (`default_api:create`, an MCP
// client's `fs:read`, `github/create_issue`), as calls written as text carry it: the declared
// name is the last segment, unless the whole name spells another declared tool.
const parameters = { type: "object", properties: { content: { type: "string" } }, required: ["content"] };
const declared = (...names: string[]): ToolDefinition[] => names.map((name) => ({ name, parameters }));

describe("call names under a namespace joined with a colon or a slash", () => {
  it.each<[string, string, ToolDefinition[], string]>([
    ["Gemma 4 markup, a namespace", '<|tool_call>call:ns:create{content:<|"|>hi<|"|>}<tool_call|>', declared("create"), "create"],
    ["Gemma 4 markup, Gemini's namespace", '<|tool_call>call:default_api:create{content:<|"|>hi<|"|>}<tool_call|>', declared("create"), "create"],
    ["Gemma 4 markup, two namespaces", '<|tool_call>call:mcp:fs:create{content:<|"|>hi<|"|>}<tool_call|>', declared("create"), "create"],
    ["a Hermes call naming `default_api:create`", '<tool_call>{"name": "default_api:create", "arguments": {"content": "hi"}}</tool_call>', declared("create"), "create"],
    ["a Hermes call naming `fs:create`", '<tool_call>{"name": "fs:create", "arguments": {"content": "hi"}}</tool_call>', declared("create"), "create"],
    ["a slash as the separator of the declared name", '<tool_call>{"name": "github/create_issue", "arguments": {"content": "hi"}}</tool_call>', declared("github_create_issue"), "github_create_issue"],
    ["a slash before the declared name", '<tool_call>{"name": "github/create_issue", "arguments": {"content": "hi"}}</tool_call>', declared("create_issue"), "create_issue"],
    ["a colon as the separator of the declared name", '<tool_call>{"name": "memory:read_graph", "arguments": {"content": "hi"}}</tool_call>', declared("memory_read_graph"), "memory_read_graph"],
    ["Gemini's markup between its control tokens, a namespace", "<ctrl42>call:mcp:create{content:<ctrl46>hi<ctrl46>}<ctrl43>", declared("create"), "create"],
    ["Gemini's markup between its control tokens, two namespaces", "<ctrl42>call:mcp:fs:create{content:<ctrl46>hi<ctrl46>}<ctrl43>", declared("create"), "create"],
    ["a bare `call:` line under a namespace the engine knows (`functions.`)", 'call:functions.create{content: "hi"}', declared("create"), "create"],
    ["a bare `call:` line under Gemini's own namespace", 'call:default_api:create{content: "hi"}', declared("create"), "create"],
  ])("reads %s", (_title, content, tools, name) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [[name, { content: "hi" }]], text: "" });
  });

  it("reads a brace inside a JSON string of a namespaced Gemma call as part of the string", () => {
    expect(readBothWays('<|tool_call>call:ns:create{"content": "has } brace"}<tool_call|>', declared("create")).calls).toEqual([["create", { content: "has } brace" }]]);
  });

  it.each<[string, string, ToolDefinition[]]>([
    ["a name that reads two ways (`web_search`, or `search` under `web`)", '<|tool_call>call:web:search{content:<|"|>hi<|"|>}<tool_call|>', declared("web_search", "search")],
    ["a slash name that reads two ways", '<tool_call>{"name": "github/create_issue", "arguments": {"content": "hi"}}</tool_call>', declared("create_issue", "github_create_issue")],
    ["an undeclared name under a namespace", '<|tool_call>call:ns:remove{content:<|"|>hi<|"|>}<tool_call|>', declared("create")],
    ["a declared name as the namespace of an undeclared one", '<tool_call>{"name": "create:draft", "arguments": {"content": "hi"}}</tool_call>', declared("create")],
    ["a colon after the name and nothing else", '<tool_call>{"name": "create:", "arguments": {"content": "hi"}}</tool_call>', declared("create")],
    // Without Gemma's tokens a `call:` line is weak evidence, and `drive:create` may be another server's tool.
    ["a bare `call:` line under a namespace", 'call:ns:create{content:<|"|>hi<|"|>}', declared("create")],
    ["a bare `call:` line with JSON arguments under a namespace", 'call:ns:create{"content": "hi"}', declared("create")],
    ["a bare call in the middle of a sentence", 'See call:ns:create{content:"hi"} in the docs.', declared("create")],
    ["a bare call under a known namespace in the middle of a sentence", 'See call:functions.create{content:"hi"} in the docs.', declared("create")],
    ["Gemini's markup naming an undeclared tool under a namespace", "<ctrl42>call:mcp:remove{content:<ctrl46>hi<ctrl46>}<ctrl43>", declared("create")],
    ["Gemini's markup whose name reads two ways", "<ctrl42>call:web:search{content:<ctrl46>hi<ctrl46>}<ctrl43>", declared("web_search", "search")],
  ])("leaves it as text with %s", (_title, content, tools) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
