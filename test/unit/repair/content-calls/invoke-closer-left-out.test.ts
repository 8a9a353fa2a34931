import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// An invoke whose own closer was left out ends at markup that only follows a finished call: the wrapper's closer or
// the next invoke, its last parameter closed (as DeepSeek V4's DSML does; MiniMax M2 and Claude-style XML alike).
const param = (key: string, value: string): string => `<parameter name="${key}">${value}</parameter>\n`;
const invoke = (name: string, body: string, close = "</invoke>\n"): string => `<invoke name="${name}">\n${body}${close}`;

describe("an invoke's closer left out inside its wrapper", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["MiniMax, before the wrapper's closer", `<minimax:tool_call>\n${invoke("get_weather", param("city", "Tokyo"), "")}</minimax:tool_call>`, [["get_weather", { city: "Tokyo" }]]],
    ["MiniMax, before the next invoke", `<minimax:tool_call>\n${invoke("get_weather", param("city", "Tokyo"), "")}${invoke("get_time", param("tz", "UTC"))}</minimax:tool_call>`, [["get_weather", { city: "Tokyo" }], ["get_time", { tz: "UTC" }]]],
    ["Claude-style XML, before the wrapper's closer", `<function_calls>\n${invoke("get_weather", param("city", "Tokyo") + param("days", "2"), "")}</function_calls>`, [["get_weather", { city: "Tokyo", days: 2 }]]],
    // The wrapper's opener lost too, no wrapper before the call at all: its closer after the call still ends it.
    ["the wrapper's opener lost as well", `${invoke("get_weather", param("city", "Tokyo"), "")}</minimax:tool_call>`, [["get_weather", { city: "Tokyo" }]]],
    ["the wrapper's closer inside the value, the value closed after it", `<minimax:tool_call>\n${invoke("get_weather", param("city", "see </minimax:tool_call> here"), "")}</minimax:tool_call>`, [["get_weather", { city: "see </minimax:tool_call> here" }]]],
  ])("%s: read", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each<[string, string]>([
    ["nothing after the last parameter (cut, or more to come)", `<minimax:tool_call>\n${invoke("get_weather", param("city", "Tokyo"), "")}`],
    ["the last parameter left open too", `<minimax:tool_call>\n${invoke("get_weather", '<parameter name="city">Tokyo\n', "")}</minimax:tool_call>`],
    ["words before the wrapper's closer", `<minimax:tool_call>\n${invoke("get_weather", param("city", "Tokyo"), "")}ok\n</minimax:tool_call>`],
    ["no parameter at all", `<minimax:tool_call>\n${invoke("get_weather", "", "")}</minimax:tool_call>`],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
