import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// MCP servers name their tools with hyphens (`get-weather`, `add-note`); models write those names
// into pythonic calls as declared, though a Python name holds none.
const hyphenated: ToolDefinition[] = [
  { name: "get-weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "add-note", parameters: { type: "object", properties: { name: { type: "string" }, content: { type: "string" } }, required: ["name"] } },
];

describe("pythonic calls of a tool whose name holds a hyphen", () => {
  it.each([
    ["in a Llama call list", '[get-weather(city="London")]', [["get-weather", { city: "London" }]]],
    ["in a list of two", "[get-weather(city='Oslo'), add-note(name='trip', content='pack')]", [["get-weather", { city: "Oslo" }], ["add-note", { name: "trip", content: "pack" }]]],
    ["between LFM2's tokens", '<|tool_call_start|>[get-weather(city="Lima")]<|tool_call_end|>', [["get-weather", { city: "Lima" }]]],
    ["between Llama 4's tokens", '<|python_start|>[add-note(name="x")]<|python_end|>', [["add-note", { name: "x" }]]],
    ["alone on its line", 'add-note(name="demo", content="hi")', [["add-note", { name: "demo", content: "hi" }]]],
  ])("reads it %s", (_title, content, calls) => {
    expect(readBothWays(content, hyphenated)).toEqual({ calls, text: "" });
  });

  it("reads a hyphen as the separator of a name declared with an underscore", () => {
    const underscored: ToolDefinition[] = [{ name: "get_weather", parameters: hyphenated[0]!.parameters }];
    expect(readBothWays('[get-weather(city="Rome")]', underscored).calls).toEqual([["get_weather", { city: "Rome" }]]);
  });

  it.each([
    ["a name that is not declared", '[get-forecast(city="London")]'],
    ["a declared name after an undeclared word and a hyphen", '[my-get-weather(city="London")]'],
    ["spaces around the hyphen (a subtraction)", '[get - weather(city="London")]'],
    ["a hyphen right before the parenthesis", '[get-(city="London")]'],
    ["a hyphen opening the name", '[-weather(city="London")]'],
    ["the list in the middle of a sentence", 'Try [get-weather(city="London")] later.'],
  ])("leaves it as text with %s", (_title, content) => {
    expect(readBothWays(content, hyphenated).calls).toEqual([]);
  });
});

describe("pythonic calls of a name written with a dot where the tool's has an underscore", () => {
  const parameters = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
  const declared = (...names: string[]): ToolDefinition[] => names.map((name) => ({ name, parameters }));

  it.each<[string, string, ToolDefinition[], string]>([
    ["the dot as the separator (BFCL's `requests.get`)", '[web.search(q="x")]', declared("web_search"), "web_search"],
    ["a namespace before the declared name", '[web.search(q="x")]', declared("search"), "search"],
    ["a namespace before a name with an underscore", '[functions.web_search(q="x")]', declared("web_search"), "web_search"],
  ])("reads %s", (_title, content, toolList, name) => {
    expect(readBothWays(content, toolList).calls).toEqual([[name, { q: "x" }]]);
  });

  it("refuses a name that spells one tool with the dot as a separator and another under a namespace", () => {
    expect(readBothWays('[web.search(q="x")]', declared("web_search", "search")).calls).toEqual([]);
  });
});
