import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

/** Gemini's `<ctrl42>call:…` is a tag format: a ```xml block holding only such calls is the calls, as for the other tag formats. */
const weather = "<ctrl42>call:get_weather{city:<ctrl46>Paris<ctrl46>}<ctrl43>";
const time = "<ctrl42>call:get_time{tz:<ctrl46>UTC<ctrl46>}<ctrl43>";

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "one call", content: "```xml\n" + weather + "\n```", calls: [["get_weather", { city: "Paris" }]], text: "" },
  { title: "after prose that announces it", content: "Running it now:\n\n```xml\n" + weather + "\n```\n", calls: [["get_weather", { city: "Paris" }]], text: "Running it now:" },
  {
    title: "two calls one after another",
    content: "Calling the tools.\n\n```xml\n" + weather + time + "\n```",
    calls: [
      ["get_weather", { city: "Paris" }],
      ["get_time", { tz: "UTC" }],
    ],
    text: "Calling the tools.",
  },
  { title: "a string holding a fence", content: "```xml\n<ctrl42>call:get_time{tz:<ctrl46>a ``` b<ctrl46>}<ctrl43>\n```", calls: [["get_time", { tz: "a ``` b" }]], text: "" },
];

const prose: [string, string][] = [
  ["the block holds prose beside the call", "```xml\n" + weather + "\nthat is how a call looks\n```"],
  ["a call of an undeclared tool", "```xml\n<ctrl42>call:delete_all{}<ctrl43>\n```"],
  ["the call without its control tokens", "```xml\ncall:get_weather{city:<ctrl46>Paris<ctrl46>}\n```"],
  ["the fence never closed", "```xml\n" + weather],
  ["an example", "For example:\n```xml\n" + weather + "\n```"],
];

describe("Gemini's calls in a ```xml block", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
