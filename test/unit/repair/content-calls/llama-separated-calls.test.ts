import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const weather = '{"name": "get_weather", "parameters": {"city": "Paris"}}';
const time = '{"name": "get_time", "parameters": {"tz": "UTC"}}';

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "two calls, a semicolon between", content: `${weather}; ${time}`, calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], text: "" },
  { title: "spaces around the semicolon", content: `${weather} ; ${time}`, calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], text: "" },
  { title: "a line break after it", content: `${weather};\n${time}`, calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], text: "" },
  {
    title: "three calls",
    content: `${weather}; ${time}; {"name": "get_weather", "arguments": {"city": "Rome", "days": 2}}`,
    calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome", days: 2 }]],
    text: "",
  },
  { title: "a last semicolon goes with the calls", content: `${weather}; ${time};`, calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], text: "" },
  { title: "prose after the calls stays text", content: `${weather}; ${time}\nDone.`, calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], text: "Done." },
  { title: "a semicolon then prose", content: `${weather}; then I will check the time.`, calls: [["get_weather", { city: "Paris" }]], text: "; then I will check the time." },
];

const prose: [string, string][] = [
  ["a call to an undeclared tool after the semicolon", `${weather}; {"name": "delete_all", "parameters": {}}`],
  ["a JSON object that is not a call after the semicolon", `${weather}; {"city": "Rome"}`],
  ["a second call cut short", `${weather}; {"name": "get_time", "parameters": {"tz": "UT`],
];

describe("Llama's JSON calls separated by semicolons", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
