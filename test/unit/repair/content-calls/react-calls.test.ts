import { describe, expect, it } from "vitest";
import { readBothWays, readRawBothWays } from "./read-both-ways.ts";

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

describe("a ReAct action whose labels are in Markdown bold", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["both labels bold, colon inside", '**Thought:** I need the weather.\n**Action:** get_weather\n**Action Input:** {"city": "Paris"}', [["get_weather", { city: "Paris" }]], "**Thought:** I need the weather."],
    ["both labels bold, colon outside", '**Action**: get_time\n**Action Input**: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the name bold", 'Action: **get_time**\nAction Input: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the name in backticks after a bold label", '**Action:** `get_time`\n**Action Input:** {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["a stray bold marker before the object", 'Thought: x\nAction: get_weather\nAction Input: ** {"city": "Paris", "days": 2}', [["get_weather", { city: "Paris", days: 2 }]], "Thought: x"],
    ["a bold label and a fence on the next line", '**Action:** get_weather\n**Action Input:**\n```json\n{"city": "Oslo"}\n```', [["get_weather", { city: "Oslo" }]], ""],
    ["after a plain thought line", 'Thought: checking\n**Action:** get_time\n**Action Input:** {"tz": "CET"}', [["get_time", { tz: "CET" }]], "Thought: checking"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["the format's own placeholders", "**Action:** [Tool name]\n**Action Input:** [Tool parameters as JSON]"],
    ["a phrase for input", "**Action:** get_weather\n**Action Input:** Paris"],
    ["a bold marker then a phrase", "Action: get_weather\nAction Input: ** Paris"],
    ["an undeclared tool", '**Action:** rm\n**Action Input:** {"path": "/"}'],
    ["one bold star only", 'Action: *get_time\nAction Input: * {"tz": "UTC"}'],
    ["shown as an example", 'For example:\n**Action:** get_weather\n**Action Input:** {"city": "Paris"}'],
    ["a made-up observation after it", '**Action:** get_weather\n**Action Input:** {"city": "Paris"}\n**Observation:** sunny, 22°C'],
    ["bullets of a list", "* get_weather\n* get_time"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a call under a `Tool Call:` label, its arguments on the next line", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["bold label, the name in backticks, a json fence", '**Tool Call:** `get_weather`\n```json\n{"city": "Tokyo"}\n```', [["get_weather", { city: "Tokyo" }]], ""],
    ["a fence without a language", '**Tool Call:** `get_time`\n```\n{"tz": "UTC"}\n```', [["get_time", { tz: "UTC" }]], ""],
    ["plain label, the object on the next line, after prose", 'Checking now.\nTool call: get_weather\n{"city": "Lima", "days": 3}', [["get_weather", { city: "Lima", days: 3 }]], "Checking now."],
    ["colon outside the bold", '**Tool Call**: get_time\n```json\n{}\n```', [["get_time", {}]], ""],
    ["the label's one-line form, a call after the name", 'Tool call: get_weather({"city": "Tokyo"})', [["get_weather", { city: "Tokyo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose under the label", "**Tool Call:** `get_weather`\nI need the city first."],
    ["an undeclared tool", '**Tool Call:** `rm`\n```json\n{"path": "/"}\n```'],
    ["the object on the label's line", 'Tool call: get_weather {"city": "Tokyo"}'],
    ["a made-up result after it", '**Tool Call:** `get_weather`\n```json\n{"city": "Tokyo"}\n```\n**Tool Result:** sunny'],
    ["shown as an example", 'For example:\n**Tool Call:** `get_weather`\n```json\n{"city": "Tokyo"}\n```'],
    ["a placeholder value", 'Tool Call: get_weather\n```json\n{"city": "<city>"}\n```'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

// Blank lines between the lines of a ReAct turn are layout: the same call with or without them.
describe("a ReAct action with blank lines between its lines", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a blank line before the input", 'Action: get_time\n\nAction Input: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["blank lines everywhere", 'Thought: checking\n\nAction: get_weather\n\n\nAction Input: {"city": "Paris"}\n', [["get_weather", { city: "Paris" }]], "Thought: checking"],
    ["spaces on the blank line, CRLF", 'Action: get_time\r\n  \r\nAction Input: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["bold labels", '**Action:** get_time\n\n**Action Input:** {"tz": "CET"}', [["get_time", { tz: "CET" }]], ""],
    ["a fenced input", 'Action: get_weather\n\nAction Input: ```json\n{"city": "Oslo"}\n```', [["get_weather", { city: "Oslo" }]], ""],
    ["name and input lines", 'name: get_time\n\ninput: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a phrase for input", "Action: get_weather\n\nAction Input: Paris"],
    ["an undeclared tool", 'Action: rm\n\nAction Input: {"path": "/"}'],
    ["prose between the lines", 'Action: get_time\nI will now give the input.\nAction Input: {"tz": "UTC"}'],
    ["shown as an example", 'For example:\n\nAction: get_weather\n\nAction Input: {"city": "Paris"}'],
    ["a made-up observation after it", 'Action: get_weather\n\nAction Input: {"city": "Paris"}\n\nObservation: sunny, 22°C'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a ReAct action whose input is the object written as a call's argument", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a class's name around it", 'Thought: x\nAction: get_weather\nAction Input: WeatherTool({"city": "Paris"})', [["get_weather", { city: "Paris" }]], "Thought: x"],
    ["the tool's own name around it", 'Action: get_time\nAction Input: get_time({"tz": "UTC"})', [["get_time", { tz: "UTC" }]], ""],
    ["spaces inside the parentheses", 'Action: get_time\nAction Input: Tool( {"tz": "UTC"} )\n', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a second argument", 'Action: get_time\nAction Input: Tool({"tz": "UTC"}, 2)'],
    ["the parenthesis never closed", 'Action: get_time\nAction Input: Tool({"tz": "UTC"}'],
    ["keyword arguments, no object", "Action: get_time\nAction Input: Tool(tz='UTC')"],
    ["a phrase before the object", 'Action: get_time\nAction Input: call with {"tz": "UTC"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a ReAct action whose input object the text ends inside", () => {
  it.each<[string, string, string, string]>([
    ["only the closing brace missing, after a complete member", 'Thought: x\nAction: get_weather\nAction Input: {"city": "Paris"', '{"city": "Paris"', "Thought: x"],
    ["after a complete number", 'Action: get_weather\nAction Input: {"city": "Paris", "days": 2', '{"city": "Paris", "days": 2', ""],
    ["inside a string", 'Action: get_weather\nAction Input: {"city": "Par', '{"city": "Par', ""],
  ])("%s: read as written, for the repair pipeline to judge as a cut call", (_title, content, args, text) => {
    expect(readRawBothWays(content)).toEqual({ calls: [["get_weather", args]], text });
  });
});
