/**
 * A JSON list of calls whose `]` the model left out, after a format's marker:
 * read when every element is whole and the list runs to the end of its block,
 * unless the answer was cut short (more calls may have followed).
 */
import { describe, expect, it } from "vitest";
import { createTextHoldback, extractHeldCalls } from "../../../../src/repair/text-holdback.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const call = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;

describe("call lists without their closing bracket", () => {
  it.each([
    ["after <tool_call>, at the end of the text", `<tool_call>[${call("Paris")}`, ["Paris"]],
    ["after <tool_call>, before its closer", `<tool_call>[${call("Paris")}</tool_call>`, ["Paris"]],
    ["two calls", `<tool_call>[${call("Paris")}, ${call("Rome")}\n`, ["Paris", "Rome"]],
    ["after Granite's <|tool_call|>", `<|tool_call|>[${call("Oslo")}`, ["Oslo"]],
  ])("reads %s", (_title, content, cities) => {
    expect(readBothWays(content).calls).toEqual(cities.map((city) => ["get_weather", { city }]));
  });

  it.each([
    ["a comma after the last call (another was coming)", `<tool_call>[${call("Paris")},`],
    ["the last call cut short", `<tool_call>[${call("Paris")}, {"name": "get_weather", "arguments": {"city": "Ro`],
    ["prose after the list", `<tool_call>[${call("Paris")} and then Rome`],
    ["no marker before the list", `[${call("Paris")}`],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("leaves the list as text when the answer was cut short, whole and streamed", () => {
    const content = `<tool_call>[${call("Paris")}`;
    expect(extractHeldCalls(content, { tools }, true)).toBeUndefined();
    const holdback = createTextHoldback({ tools });
    const released = [...content].map((char) => holdback.push(char)).join("");
    const end = holdback.end({ cut: true });
    expect(end.calls).toEqual([]);
    expect(released + end.text).toBe(content);
  });

  it("still reads a closed list in an answer cut short after it", () => {
    expect(extractHeldCalls(`<tool_call>[${call("Paris")}]`, { tools }, true)?.calls).toHaveLength(1);
  });
});
