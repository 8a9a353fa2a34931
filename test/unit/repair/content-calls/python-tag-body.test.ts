import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A call tag whose body is Python: every statement in it is a call, or none is read (a second call is never dropped).
describe("Python calls in a call tag", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["one in <tool_call>", "<tool_call>get_weather(city='Paris')</tool_call>", [["get_weather", { city: "Paris" }]]],
    ["two in <tool_code>, one a line", "<tool_code>get_weather(city='Paris')\nget_time(tz='UTC')</tool_code>", [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]]],
    ["two in <tool_call>, `;` apart", "<tool_call>get_weather(city='Paris'); get_time()</tool_call>", [["get_weather", { city: "Paris" }], ["get_time", {}]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each([
    ["words after the call", "<tool_call>get_weather(city='Paris') and then more</tool_call>"],
    ["an assignment after the call", "<tool_code>get_weather(city='Paris')\nx = 1</tool_code>"],
    ["an undeclared call after a declared one", "<tool_code>get_weather(city='Paris')\nos.system(cmd='ls')</tool_code>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
