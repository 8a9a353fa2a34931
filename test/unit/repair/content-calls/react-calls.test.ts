import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a ReAct action whose input is a JSON object, bare or in a fence", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the fence on the input's line", 'Thought: thinking\nAction: get_weather\nAction Input: ```json\n{"city": "Paris"}\n```', [["get_weather", { city: "Paris" }]], "Thought: thinking"],
    ["the fence on the next line, indented JSON", 'Action: get_weather\nAction Input:\n```json\n   {\n     "city": "Paris"\n   }\n```', [["get_weather", { city: "Paris" }]], ""],
    ["a fence with no language", 'Action: get_time\nAction Input:\n```\n{"tz": "UTC"}\n```', [["get_time", { tz: "UTC" }]], ""],
    ["the closing fence right after the object", 'Action: get_weather\nAction Input: ```json\n{"city": "Oslo", "days": 2}```', [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["a fence inside a string of the object", 'Action: get_weather\nAction Input: ```json\n{"city": "```Oslo```"}\n```', [["get_weather", { city: "```Oslo```" }]], ""],
    ["text after the fence stays", 'Action: get_time\nAction Input: ```json\n{"tz": "UTC"}\n```\nThought: waiting for it.', [["get_time", { tz: "UTC" }]], "Thought: waiting for it."],
    ["two actions, one fenced", 'Action: get_time\nAction Input: {"tz": "UTC"}\nAction: get_weather\nAction Input: ```json\n{"city": "Rome"}\n```', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome" }]], ""],
    ["the bare object on the next line", 'Action: get_time\nAction Input:\n{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a phrase for input", "Action: get_weather\nAction Input: Paris"],
    ["key=value for input", "Action: get_weather\nAction Input: city=Paris"],
    ["a JSON string for input", 'Action: get_weather\nAction Input: "{\\"city\\": \\"Paris\\"}"'],
    ["a fence around a phrase", "Action: get_weather\nAction Input: ```\nParis\n```"],
    ["a fence never closed", 'Action: get_weather\nAction Input: ```json\n{"city": "Paris"}\n'],
    ["text between the object and the fence", 'Action: get_weather\nAction Input: ```json\n{"city": "Paris"}\nthen more\n```'],
    ["another language's fence", 'Action: get_weather\nAction Input: ```python\n{"city": "Paris"}\n```'],
    ["an undeclared tool", 'Action: rm\nAction Input: ```json\n{"path": "/"}\n```'],
    ["a tool name with a space", 'Action: Create Draft\nAction Input:\n```json\n{"to": "a@b.c"}\n```'],
    ["shown as an example", 'For example:\nAction: get_weather\nAction Input: ```json\n{"city": "Paris"}\n```'],
    ["quoted in a blockquote", '> Action: get_weather\n> Action Input: ```json\n> {"city": "Paris"}\n> ```'],
    ["a placeholder for the value", 'Action: get_weather\nAction Input: ```json\n{"city": "<city>"}\n```'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
