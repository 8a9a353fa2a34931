/**
 * A whole JSON call naming a tool the request does not declare, right after the calls read (space, a `;` or a
 * `,` between at most): a call the model made that cannot be run, so reading the others is only some of the
 * turn's calls, and the text stays text. It mirrors the call naming no declared tool right before them.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const paris = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const undeclared = '{"name": "read_file", "arguments": {"path": "a.txt"}}';

describe("an undeclared JSON call right after the calls read", () => {
  it.each([
    ["a space apart", `${paris} ${undeclared}`],
    ["on the next line", `${paris}\n${undeclared}`],
    ["after a semicolon", `${paris}; ${undeclared}`],
    ["after a comma", `${paris}, ${undeclared}`],
    ["glued", `${paris}${undeclared}`],
    ["after a lead-in", `Checking both:\n${paris}\n${undeclared}`],
    ["after two calls read", `${paris}\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n${undeclared}`],
    ["under another name key", `${paris} {"tool": "read_file", "parameters": {"path": "a.txt"}}`],
    ["as Python dicts' reprs", `{'name': 'get_weather', 'input': {'city': 'Paris'}} {'name': 'read_file', 'input': {'path': 'a.txt'}}`],
    ["as tool_use blocks", `{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Paris"}}\n{"type": "tool_use", "id": "toolu_2", "name": "read_file", "input": {"path": "a.txt"}}`],
  ])("%s: the text stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, readonly (readonly [string, unknown])[], string]>([
    ["a declared call after it", `${paris} {"name": "get_time", "arguments": {"tz": "UTC"}}`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["the same call's tool in another style", `${paris}\n{"name": "GetTime", "arguments": {"tz": "UTC"}}`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    [
      "an undeclared call shown further on",
      `${paris}\nAnother tool would be written {"name": "read_file", "arguments": {}}`,
      [["get_weather", { city: "Paris" }]],
      'Another tool would be written {"name": "read_file", "arguments": {}}',
    ],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });
});
