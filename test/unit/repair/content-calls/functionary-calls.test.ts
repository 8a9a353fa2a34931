import { describe, expect, it } from "vitest";
import { detectFunctionary, readFunctionaryHead } from "../../../../src/repair/content-calls/functionary-calls.ts";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

describe("readFunctionaryHead", () => {
  const names = ["get_time", "get_weather"];

  it.each([">>>get_time\n{", ">>>get_time  \r\n{", "<|recipient|>get_time\n<|content|>{", "<|from|>assistant\n<|recipient|>get_time <|content|>{"])("reads %j", (text) => {
    expect(readFunctionaryHead(text, 0, names)).toEqual({ name: "get_time", args: text.indexOf("{") });
  });

  // A tool name may hold `-`, `.` or `:` as well as `_`: the head reads it whole.
  it.each([
    [">>>get-time\n{", "get-time"],
    ["<|recipient|>get-time\n<|content|>{", "get-time"],
    [">>>getTime\n{", "getTime"],
    ["<|from|>assistant\n<|recipient|>files.read\n<|content|>{", "files.read"],
  ])("reads the name in %j", (text, name) => {
    expect(readFunctionaryHead(text, 0, ["get-time", "getTime", "files.read"])).toEqual({ name, args: text.indexOf("{") });
  });

  it.each([">>>get-time-zone\n{", ">>>get-\n{", "<|recipient|>get-times\n<|content|>{"])("rules out a longer name than the declared one in %j", (text) => {
    expect(readFunctionaryHead(text, 0, ["get-time"])).toBe("no");
  });

  it.each([">>>", ">>>get_t", ">>>get_time", "<|recip", "<|from|>assis", "<|recipient|>get_time\n<|cont"])("waits on %j", (text) => {
    expect(readFunctionaryHead(text, 0, names)).toBe("wait");
  });

  it.each([">>> get_time\n", ">>>all\n", ">>>rm\n", ">>>get_time(", "<|from|>user\n", "<|recipient|>get_time\n{", ">>>get_timex\n"])("rules out %j", (text) => {
    expect(readFunctionaryHead(text, 0, names)).toBe("no");
  });
});

describe("detectFunctionary", () => {
  it("reads calls in a row and stops at the first that is not one", () => {
    const content = '>>>get_time\n{"tz": "UTC"}>>>get_weather\n{"city": "Oslo"}\n>>>all\nDone.';
    const found = detectFunctionary(content);
    expect(found?.calls.map((call) => call.name)).toEqual(["get_time", "get_weather"]);
    expect(found?.spans.at(-1)?.[1]).toBe(content.indexOf("\n>>>all"));
  });

  it("takes v2's <|stop|> with the call", () => {
    const content = '<|from|>assistant\n<|recipient|>get_time\n<|content|>{"tz": "UTC"}\n<|stop|>';
    expect(detectFunctionary(content)?.spans).toEqual([[0, content.length]]);
  });
});

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "v3, one call", content: '>>>get_time\n{"tz": "UTC"}', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "v3, two calls back to back after prose", content: 'Checking both.\n>>>get_weather\n{"city": "Paris", "days": 2}>>>get_time\n{"tz": "CET"}', calls: [["get_weather", { city: "Paris", days: 2 }], ["get_time", { tz: "CET" }]], text: "Checking both." },
  { title: "v3, calls on their own lines", content: '>>>get_time\n{}\n>>>get_weather\n{"city": "Rome"}\n', calls: [["get_time", {}], ["get_weather", { city: "Rome" }]], text: "" },
  { title: "v3, after its text channel", content: '>>>all\nOne moment.>>>get_time\n{"tz": "UTC"}', calls: [["get_time", { tz: "UTC" }]], text: ">>>all\nOne moment." },
  { title: "v2 with its header and stop", content: '<|from|>assistant\n<|recipient|>get_time\n<|content|>{"tz": "UTC"}<|stop|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "v2 without its header", content: 'Sure.\n<|recipient|>get_weather\n<|content|>{"city": "Oslo"}', calls: [["get_weather", { city: "Oslo" }]], text: "Sure." },
];

const prose: [string, string][] = [
  ["a Python prompt", '>>> get_time(tz="UTC")\n"12:00"'],
  ["a Python prompt with JSON", '>>> get_time\n{"tz": "UTC"}'],
  ["a quoted reply in an email", ">>> Thanks, see you then.\n>>> Bob"],
  ["an undeclared function", '>>>rm\n{"path": "/"}'],
  ["a declared name without arguments", ">>>get_time\nIt is noon."],
  ["v3 text channel only", ">>>all\nHello there."],
  ["v2 text channel only", "<|from|>assistant\n<|recipient|>all\n<|content|>Hello there."],
  ["arrows in prose", "Go to Settings >>> Privacy >>> Location."],
];

describe("Functionary calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("Functionary calls to tools named with hyphens", () => {
  const hyphenated: ToolDefinition[] = [
    { name: "get-weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
    { name: "get-time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
  ];
  it.each([
    ["v3", '>>>get-weather\n{"city": "Oslo"}', [["get-weather", { city: "Oslo" }]]],
    ["v2", '<|from|>assistant\n<|recipient|>get-weather\n<|content|>{"city": "Oslo"}\n<|stop|>', [["get-weather", { city: "Oslo" }]]],
    ["v3, calls in a row", '>>>get-weather\n{"city": "Oslo"}>>>get-time\n{"tz": "CET"}', [["get-weather", { city: "Oslo" }], ["get-time", { tz: "CET" }]]],
  ])("%s", (_title, content, expected) => {
    expect(readBothWays(content, hyphenated)).toEqual({ calls: expected, text: "" });
  });

  it.each([">>>get-weather-now\n{\"city\": \"Oslo\"}", "Go to Settings >>>get-weather\nthen Oslo."])("%j stays text", (content) => {
    expect(readBothWays(content, hyphenated)).toEqual({ calls: [], text: content });
  });
});
