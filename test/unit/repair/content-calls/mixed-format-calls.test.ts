import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const bare = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;
const tagged = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;

describe("calls in a row written in two formats", () => {
  it.each<[string, string, string[], string]>([
    ["a bare call, then a tagged one", `${bare("Paris")} ${tagged("Oslo")}`, ["Paris", "Oslo"], ""],
    ["a tagged call, then a bare one", `${tagged("Paris")}\n${bare("Oslo")}`, ["Paris", "Oslo"], ""],
    ["prose, then both", `Checking both.\n${bare("Paris")}\n${tagged("Oslo")}`, ["Paris", "Oslo"], "Checking both."],
  ])("reads %s, in the text's order", (_title, content, cities, text) => {
    expect(readBothWays(content)).toEqual({ calls: cities.map((city) => ["get_weather", { city }]), text });
  });

  it.each<[string, string]>([
    ["the same call twice (made once, or twice?)", `${bare("Paris")} ${tagged("Paris")}`],
    ["prose between them", `${bare("Paris")}\nor maybe\n${tagged("Oslo")}`],
    ["a call shown in prose before a tagged one", `I could send ${bare("Paris")}, but instead:\n${tagged("Oslo")}`],
    ["prose after them", `${bare("Paris")} ${tagged("Oslo")}\nWhich one do you want?`],
    ["calls on both sides of a tagged one", `${bare("Paris")} ${tagged("Oslo")} ${bare("Rome")}`],
  ])("reads no call with %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
