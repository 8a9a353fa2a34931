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
});
