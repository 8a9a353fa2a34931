import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";

/** Mistral's `[TOOL_CALLS]name[ARGS]{…}` with the spaces a tokenizer puts around the name after the marker. */
describe("Mistral's name and [ARGS] with spaces after the marker", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a space either side of the name", '[TOOL_CALLS] get_weather [ARGS]{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["a space before [ARGS] only", '[TOOL_CALLS]get_weather [ARGS]{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["a tab before [ARGS]", '[TOOL_CALLS]get_weather\t[ARGS]{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["words before the marker", 'Let me check. [TOOL_CALLS] get_weather [ARGS]{"city": "Paris", "days": 2}', [["get_weather", { city: "Paris", days: 2 }]], "Let me check."],
    ["two calls, spaced", '[TOOL_CALLS] get_weather [ARGS]{"city": "Paris"}[TOOL_CALLS] get_time [ARGS]{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["v13's call id after a space", '[TOOL_CALLS] get_time [CALL_ID]a1b2c3d4e[ARGS]{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    // Not Mistral's own layout: the marker, a declared name and the tool's object, as markup no reader knows frames it.
    ["a line break before [ARGS]", '[TOOL_CALLS] get_weather\n[ARGS]{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["a space before the object with no [ARGS]", '[TOOL_CALLS]get_weather {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["words after the name, no [ARGS]", '[TOOL_CALLS] get_weather is the tool {"city": "Paris"}'],
    ["without the marker, a space before [ARGS] mid-line", 'Use get_weather [ARGS]{"city": "Paris"} like this.'],
    ["an undeclared tool", '[TOOL_CALLS] delete_all [ARGS]{"path": "/"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

/** A call marker's block after words, following the blocks read: the later blocks are read as the text after the first group. */
describe("another block of the same marker after words", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Mistral lists in a row", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}][TOOL_CALLS][{"name": "get_time", "arguments": {"tz": "UTC"}}]', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["functools lists on their own lines", 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]\nfunctools[{"name": "get_time", "arguments": {"tz": "UTC"}}]', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["Mistral lists with words between", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]</s> \n\nSome words\n\n[TOOL_CALLS][{"name": "get_time", "arguments": {"tz": "UTC"}}]</s>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], "</s> \n\nSome words\n\n</s>"],
    ["python_tag calls with words between", '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}\nand then\n<|python_tag|>{"name": "get_time", "parameters": {"tz": "UTC"}}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], "and then"],
  ])("%s: every call", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["the later list naming an undeclared tool", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}] then [TOOL_CALLS][{"name": "delete_all", "arguments": {}}]'],
    ["functools lists with words between, the later naming an undeclared tool", 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]\n\nThis is some content\n\nfunctools[{"name": "delete_all", "arguments": {"b": 2}}]'],
    ["Mistral lists with a state reported between", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]\n\nThe service is down.\n\n[TOOL_CALLS][{"name": "get_time", "arguments": {"tz": "UTC"}}]'],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });

});
