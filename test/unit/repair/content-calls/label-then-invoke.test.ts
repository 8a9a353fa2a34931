/**
 * An agent's call label (`[Calling tool: name]`) written where MiniMax's
 * `<invoke name="…">` belongs, then the rest of the invoke: the label names
 * the call, the parameter elements are its arguments.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const PARAMS = '<parameter name="city">Paris</parameter>\n<parameter name="days">2</parameter>';

describe("a call label in place of MiniMax's invoke", () => {
  it.each([
    ["with the invoke's and the wrapper's closers", `[Calling tool: get_weather]\n${PARAMS}\n</invoke>\n</minimax:tool_call>`],
    ["with the invoke's closer only", `[Calling tool: get_weather]\n${PARAMS}\n</invoke>`],
    ["after prose", `Let me look.\n[Calling tool: get_weather]\n${PARAMS}\n</invoke>`],
  ])("reads %s", (_title, content) => {
    const reading = readBothWays(content);
    expect(reading.calls).toEqual([["get_weather", { city: "Paris", days: 2 }]]);
    expect(reading.text).not.toContain("</");
  });

  it("reads a real invoke after it as the next call", () => {
    const content = `[Calling tool: get_weather]\n${PARAMS}\n</invoke>\n<invoke name="get_time">\n<parameter name="tz">UTC</parameter>\n</invoke>`;
    expect(readBothWays(content).calls).toEqual([
      ["get_weather", { city: "Paris", days: 2 }],
      ["get_time", { tz: "UTC" }],
    ]);
  });

  it.each([
    ["no closer (the call may have been cut)", `[Calling tool: get_weather]\n${PARAMS}`],
    ["an undeclared tool", `[Calling tool: get_forecast]\n${PARAMS}\n</invoke>`],
    ["text between the parameters", `[Calling tool: get_weather]\n${PARAMS}\nand more\n</invoke>`],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
