import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

/** Llama's parallel JSON calls after prose on their line: the run of calls, not one call, must end the line. */
const weather = '{"name": "get_weather", "parameters": {"city": "Paris"}}';
const time = '{"name": "get_time", "parameters": {"tz": "UTC"}}';
const both: (readonly [string, unknown])[] = [
  ["get_weather", { city: "Paris" }],
  ["get_time", { tz: "UTC" }],
];

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "a semicolon between", content: `On it. ${weather}; ${time}`, calls: both, text: "On it." },
  { title: "a comma between (a list with its brackets left out)", content: `Sure: ${weather}, ${time}`, calls: both, text: "Sure:" },
  { title: "no space after the separator", content: `On it. ${weather};${time}`, calls: both, text: "On it." },
  {
    title: "three calls",
    content: `On it. ${weather}; ${time}; {"name": "get_weather", "parameters": {"city": "Rome"}}`,
    calls: [...both, ["get_weather", { city: "Rome" }]],
    text: "On it.",
  },
  { title: "a last semicolon goes with the calls", content: `On it. ${weather}; ${time};`, calls: both, text: "On it." },
  // The calls taken out of the line, the text closes up as around one call.
  { title: "prose on the next line stays text", content: `On it. ${weather}; ${time}\nDone.`, calls: both, text: "On it. Done." },
];

const prose: [string, string][] = [
  ["prose after the calls on their line", `On it. ${weather}; ${time} and more`],
  ["prose after a semicolon", `On it. ${weather}; then the time.`],
  ["a JSON object that is not a call after the separator", `On it. ${weather}; {"city": "Rome"}`],
  ["a call to an undeclared tool after the separator", `On it. ${weather}; {"name": "delete_all", "parameters": {}}`],
  ["a second call cut short", `On it. ${weather}; {"name": "get_time", "parameters": {"tz": "UT`],
];

describe("Llama's separated JSON calls after prose on their line", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
