import { describe, expect, it } from "vitest";
import { detectCodeLines, readCodeCalls } from "../../../../src/repair/content-calls/code-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("readCodeCalls", () => {
  it("reads printed and bare calls, one a line or `;` apart, and printed lists", () => {
    const body = '\nprint(default_api.get_time(tz="UTC"))\ndefault_api.get_weather(city="Oslo"); print( [default_api.get_time()] )\n';
    expect(readCodeCalls(body, true)?.map((call) => call.name)).toEqual(["default_api.get_time", "default_api.get_weather", "default_api.get_time"]);
  });

  it("takes any name outside Python blocks, only default_api's inside them", () => {
    expect(readCodeCalls('print(get_time(tz="UTC"))', false)).toHaveLength(1);
    expect(readCodeCalls('print(get_time(tz="UTC"))', true)).toBeUndefined();
  });

  it.each([
    ["other code first", 'import os\nprint(default_api.get_time(tz="UTC"))'],
    ["an assignment", 'x = default_api.get_time(tz="UTC")'],
    ["print left open", 'print(default_api.get_time(tz="UTC")'],
    ["a positional argument", 'print(default_api.get_weather("Oslo"))'],
    ["printing something else too", 'print(default_api.get_time(), "done")'],
    ["empty", "  \n"],
  ])("declines %s", (_title, body) => {
    expect(readCodeCalls(body, true)).toBeUndefined();
  });
});

describe("detectCodeLines", () => {
  it("reads the statement lines a text opens with, up to the first that is not one", () => {
    const content = 'print(default_api.get_time(tz="UTC"))\n  default_api.get_weather(city="Oslo")\nThat is all.';
    const found = detectCodeLines(content);
    expect(found?.calls.map((call) => call.name)).toEqual(["default_api.get_time", "default_api.get_weather"]);
    expect(found?.spans).toEqual([[0, content.indexOf("\nThat")]]);
  });

  it("needs default_api", () => {
    expect(detectCodeLines('print(get_time(tz="UTC"))')).toBeUndefined();
  });
});

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "Gemini's tool_code block", content: '```tool_code\nprint(default_api.get_time(tz="UTC"))\n```', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Gemma 3's tool_code block, printed", content: 'Let me look.\n```tool_code\nprint(get_weather(city="Paris", days=2))\n```', calls: [["get_weather", { city: "Paris", days: 2 }]], text: "Let me look." },
  { title: "a Python block of default_api calls between prose", content: 'Sure.\n```python\nprint(default_api.get_weather(city="Paris"))\nprint(default_api.get_time())\n```\nOne moment.', calls: [["get_weather", { city: "Paris" }], ["get_time", {}]], text: "Sure.\nOne moment." },
  { title: "a py block, not printed, single quotes", content: "```py\ndefault_api.get_time(tz='UTC')\n```", calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "a printed list of calls", content: '```tool_code\nprint([default_api.get_time(), default_api.get_weather(city="Rome")])\n```', calls: [["get_time", {}], ["get_weather", { city: "Rome" }]], text: "" },
  { title: "bare lines after prose", content: 'Checking both.\nprint(default_api.get_time(tz="UTC"))\nprint(default_api.get_weather(city="Oslo"))', calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], text: "Checking both." },
  { title: "a bare default_api call", content: 'default_api.get_time(tz="UTC")\n', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "spaces inside the call", content: 'print(default_api.get_time( tz = "UTC" ) )', calls: [["get_time", { tz: "UTC" }]], text: "" },
];

const prose: [string, string][] = [
  ["a Python block printing a plain function", '```python\nprint(get_time(tz="UTC"))\n```'],
  ["a Python block with other code", '```python\nimport os\nprint(default_api.get_time(tz="UTC"))\n```'],
  ["a Python block assigning a call", '```python\nnow = default_api.get_time(tz="UTC")\n```'],
  ["a Python block of JSON", '```python\n{"name": "get_time", "arguments": {}}\n```'],
  ["a call mid-sentence", 'You can write print(default_api.get_time(tz="UTC")) to call it.'],
  ["a call line that goes on", 'print(default_api.get_time(tz="UTC")) prints the time.'],
  ["a printed plain function on its line", 'print(get_time(tz="UTC"))'],
  ["an undeclared function", '```tool_code\nprint(default_api.rm(path="/"))\n```'],
  ["print of something else", 'print("default_api.get_time(tz=UTC)")'],
  ["a REPL session", '>>> print(default_api)\n<module>'],
];

describe("Python calls written as text", () => {
  it.each(calls)("$title", (row) => {
    const reading = readBothWays(row.content);
    expect(reading.calls).toEqual(row.calls);
    expect(reading.text).toBe(row.text);
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
