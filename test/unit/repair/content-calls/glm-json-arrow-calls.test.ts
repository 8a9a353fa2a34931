import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";

// GLM-5.3-Flash writes a call as `<tool_call>name>{…}`, with no closing tag: the call runs to the next `<tool_call>` or the end.
describe("GLM-5.3-Flash's <tool_call>name>{json}", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", '<tool_call>get_weather>{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["after prose", 'Let me check.<tool_call>get_weather>{"city": "北京"}', [["get_weather", { city: "北京" }]], "Let me check."],
    ["two calls back to back", '<tool_call>get_weather>{"city": "Paris"}<tool_call>get_time>{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["with its closing tag", '<tool_call>get_weather>{"city": "Paris", "days": 2}</tool_call>', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["a space after the `>`", '<tool_call>get_weather> {"city": "Paris"}\n', [["get_weather", { city: "Paris" }]], ""],
    ["the name in capitals", '<tool_call>GET_WEATHER>{"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["after GLM's tag form", '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value></tool_call><tool_call>get_weather>{"city": "Paris"}', [["get_weather", { city: "Rome" }], ["get_weather", { city: "Paris" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["prose around the object", '<tool_call>get_weather>here: {"city": "Paris"} thanks'],
    ["prose after the object", '<tool_call>get_weather>{"city": "Paris"} and then Rome'],
    ["a name no tool has", '<tool_call>Weather>{"city": "Paris"}'],
    ["a display prefix before the name", '<tool_call>Weather/get_weather>{"city": "Paris"}'],
    ["another marker", '<![get_weather>{"city": "Paris"}'],
    ["inside reasoning", '<think>maybe <tool_call>get_weather>{"city": "Paris"}'],
    ["shown as an example", 'For example:\n<tool_call>get_weather>{"city": "Paris"}'],
    ["a placeholder for the value", '<tool_call>get_weather>{"city": "<city>"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("a call cut inside its object goes on as written: the repair pipeline decides", () => {
    expect(extractToolCallsFromContent('<tool_call>get_weather>{"city": "Par', tools)?.calls).toEqual([{ name: "get_weather", arguments: '{"city": "Par' }]);
  });
});
