import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("LM Studio's [TOOL_REQUEST] blocks", () => {
  it.each([
    ["a JSON call", '[TOOL_REQUEST]{"name": "get_time", "arguments": {"tz": "UTC"}}[END_TOOL_REQUEST]', [["get_time", { tz: "UTC" }]], ""],
    ["the name and its arguments, Gemma's closer", 'Here is the result:\n[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]', [["get_weather", { city: "Oslo" }]], "Here is the result:"],
    ["the name and its arguments, LM Studio's closer", '[TOOL_REQUEST]get_time {"tz": "UTC"}[END_TOOL_REQUEST]', [["get_time", { tz: "UTC" }]], ""],
    ["a JSON call closed by Gemma's closer", '[TOOL_REQUEST]\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n[TOOL_REQUEST_END]', [["get_time", { tz: "UTC" }]], ""],
    [
      "blocks with prose between them",
      'Files in different places:\n[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]\nMore files:\n[TOOL_REQUEST]\nget_weather {"city": "Rome"}\n[TOOL_REQUEST_END]',
      [["get_weather", { city: "Oslo" }], ["get_weather", { city: "Rome" }]],
      "Files in different places:\nMore files:",
    ],
    ["the name with no space before its arguments", '[TOOL_REQUEST]get_weather{"city": "Oslo"}[END_TOOL_REQUEST]', [["get_weather", { city: "Oslo" }]], ""],
    ["the name on its own line", '[get_time]\n{"tz": "UTC"}\n[END_TOOL_REQUEST]', [["get_time", { tz: "UTC" }]], ""],
    // Without its closer LM Studio's block is not read; the marker, a declared name and the tool's object are a call in markup no reader knows.
    ["the name and its arguments with no closer", '[TOOL_REQUEST]\nget_weather {"city": "Oslo"}', [["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", '[TOOL_REQUEST]\nrm {"path": "/"}\n[TOOL_REQUEST_END]'],
    ["words after the arguments", '[TOOL_REQUEST]\nget_weather {"city": "Oslo"} please\n[TOOL_REQUEST_END]'],
    ["a later block that is no call", '[TOOL_REQUEST]get_time {"tz": "UTC"}[END_TOOL_REQUEST]\nThen [TOOL_REQUEST] hello [END_TOOL_REQUEST]'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  // A block's markers make it a call, whatever tool it names: one naming a tool the request does not declare is a
  // call that cannot be run, and reading only the others would drop it without a trace (the text's calls are read all or none).
  it.each([
    ["named body, the second block undeclared", '[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]\n[TOOL_REQUEST]\nfetch_page {"url": "https://x.io"}\n[TOOL_REQUEST_END]'],
    ["named body, the first block undeclared", '[TOOL_REQUEST]\nfetch_page {"url": "https://x.io"}\n[TOOL_REQUEST_END]\n[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]'],
    ["JSON calls, the second undeclared", '[TOOL_REQUEST]{"name": "get_time", "arguments": {"tz": "UTC"}}[END_TOOL_REQUEST]\n[TOOL_REQUEST]{"name": "summarize", "arguments": {"n": 3}}[END_TOOL_REQUEST]'],
    ["JSON calls, the first undeclared", '[TOOL_REQUEST]{"name": "summarize", "arguments": {"n": 3}}[END_TOOL_REQUEST][TOOL_REQUEST]{"name": "get_time", "arguments": {"tz": "UTC"}}[END_TOOL_REQUEST]'],
    ["the middle of three undeclared", '[TOOL_REQUEST]get_time {"tz": "UTC"}[END_TOOL_REQUEST]\n[TOOL_REQUEST]translate {"text": "hola"}[END_TOOL_REQUEST]\n[TOOL_REQUEST]get_weather {"city": "Rome"}[END_TOOL_REQUEST]'],
    ["prose between, the later block undeclared", 'Files first:\n[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]\nThen the page:\n[TOOL_REQUEST]\nfetch_page {"url": "x"}\n[TOOL_REQUEST_END]'],
    ["the bracketed name, the second undeclared", '[get_time]\n{"tz": "UTC"}\n[END_TOOL_REQUEST]\n[list_files]\n{"dir": "/"}\n[END_TOOL_REQUEST]'],
  ])("%s: every block stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each([
    ["two blocks of declared tools", '[TOOL_REQUEST]\nget_weather {"city": "Oslo"}\n[TOOL_REQUEST_END]\n[TOOL_REQUEST]\nget_time {"tz": "UTC"}\n[TOOL_REQUEST_END]', [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]]],
    ["a declared block, then a bracketed word that is no block", '[TOOL_REQUEST]get_time {"tz": "UTC"}[END_TOOL_REQUEST]\n[note] done', [["get_time", { tz: "UTC" }]]],
  ])("%s: read", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });
});
