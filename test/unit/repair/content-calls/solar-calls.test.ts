import { describe, expect, it } from "vitest";
import { detectSolar } from "../../../../src/repair/content-calls/solar-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

const call = (name: string, args: string): string => `<|tool_call:start|>${name}\n${args}<|tool_call:end|>`;
const arg = (key: string, value: string): string => `<|tool_arg:start|>${key}<|tool_arg:value|>${value}<|tool_arg:end|>\n`;

describe("detectSolar", () => {
  it("spans each block with its tokens", () => {
    const content = `Sure.${call("get_time", arg("tz", "UTC"))} Done.`;
    expect(detectSolar(content)?.spans).toEqual([[5, content.length - " Done.".length]]);
  });

  it.each([
    ["a block cut inside a value", "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seo"],
    ["a lost argument end token", "<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Oslo<|tool_arg:start|>days<|tool_arg:value|>2<|tool_arg:end|>\n<|tool_call:end|>"],
    ["no name", "<|tool_call:start|>\n<|tool_arg:start|>city<|tool_arg:value|>Oslo<|tool_arg:end|>\n<|tool_call:end|>"],
    ["a name with spaces", "<|tool_call:start|>get weather\n<|tool_call:end|>"],
  ])("refuses %s", (_title, content) => {
    expect(detectSolar(content)).toBeUndefined();
  });
});

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "one call", content: call("get_weather", arg("city", "Seoul")), calls: [["get_weather", { city: "Seoul" }]], text: "" },
  { title: "prose before, an integer typed from the schema", content: `Let me check.${call("get_weather", arg("city", "Seoul") + arg("days", "3"))}`, calls: [["get_weather", { city: "Seoul", days: 3 }]], text: "Let me check." },
  {
    title: "two calls",
    content: `I'll check both.${call("get_weather", arg("city", "Seoul"))}\n${call("get_time", arg("tz", "Asia/Tokyo"))}`,
    calls: [["get_weather", { city: "Seoul" }], ["get_time", { tz: "Asia/Tokyo" }]],
    text: "I'll check both.",
  },
  { title: "no arguments", content: "<|tool_call:start|>get_time\n<|tool_call:end|>", calls: [["get_time", {}]], text: "" },
  { title: "a string keeps its spaces and lines", content: call("get_weather", arg("city", "  New\nYork ")), calls: [["get_weather", { city: "  New\nYork " }]], text: "" },
  { title: "text after the call", content: `${call("get_time", arg("tz", "UTC"))}\nOne moment.`, calls: [["get_time", { tz: "UTC" }]], text: "One moment." },
];

const prose: [string, string][] = [
  ["an undeclared tool", call("delete_all", arg("path", "/"))],
  ["a declared and an undeclared tool", call("get_time", arg("tz", "UTC")) + call("delete_all", arg("path", "/"))],
  ["a block cut short", "Checking.<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seo"],
  ["the same argument twice", call("get_weather", arg("city", "Oslo") + arg("city", "Rome"))],
  ["a quoted example", `> ${call("get_time", arg("tz", "UTC"))}`],
  ["a call shown as an example", `For example:\n${call("get_time", arg("tz", "UTC"))}`],
];

describe("Solar Open 2 calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
