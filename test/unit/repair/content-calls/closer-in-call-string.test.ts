import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A call's end token inside one of its strings closes nothing: the quotes say where the string ends, and the
// call reads to its own end (DeepSeek's JSON arguments, MLX's named JSON in <tool_call>, OLMo 3's Python calls).
const DS = { call: "<｜tool▁call▁begin｜>", end: "<｜tool▁call▁end｜>", sep: "<｜tool▁sep｜>", calls: "<｜tool▁calls▁begin｜>", callsEnd: "<｜tool▁calls▁end｜>" };
const v31 = (args: string): string => `${DS.calls}${DS.call}get_weather${DS.sep}${args}${DS.end}${DS.callsEnd}`;
const v3 = (args: string): string => `${DS.calls}${DS.call}function${DS.sep}get_weather\n\`\`\`json\n${args}\n\`\`\`${DS.end}${DS.callsEnd}`;
const mlx = (args: string): string => `<tool_call>\n<function>get_weather</function>\n${args}\n</tool_call>`;
const olmo = (body: string): string => `<function_calls>${body}</function_calls>`;

describe("a call's end token inside one of its strings", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["DeepSeek V3.1", v31(`{"city":"a ${DS.end} b","days":2}`), [["get_weather", { city: `a ${DS.end} b`, days: 2 }]]],
    ["DeepSeek V3.1, the token alone", v31(`{"city":"${DS.end}"}`), [["get_weather", { city: DS.end }]]],
    ["DeepSeek V3, in its fence", v3(`{"city":"x\\n${DS.end}\\ny","days":2}`), [["get_weather", { city: `x\n${DS.end}\ny`, days: 2 }]]],
    ["DeepSeek V3.1, then a second call", `${DS.calls}${DS.call}get_weather${DS.sep}{"city":"${DS.end}"}${DS.end}${DS.call}get_time${DS.sep}{"tz":"UTC"}${DS.end}${DS.callsEnd}`, [["get_weather", { city: DS.end }], ["get_time", { tz: "UTC" }]]],
    ["MLX's named JSON", mlx(`{"city": "a </tool_call> b", "days": 2}`), [["get_weather", { city: "a </tool_call> b", days: 2 }]]],
    ["MLX's named JSON, its opener in a string", mlx(`{"city": "<tool_call>", "days": 2}`), [["get_weather", { city: "<tool_call>", days: 2 }]]],
    ["MLX's named JSON, its closer then its opener in a string", mlx(`{"city": "a </tool_call> b <tool_call>", "days": 2}`), [["get_weather", { city: "a </tool_call> b <tool_call>", days: 2 }]]],
    ["OLMo 3", olmo("get_weather(city='a </function_calls> b', days=2)"), [["get_weather", { city: "a </function_calls> b", days: 2 }]]],
    ["OLMo 3, the closer alone, a second call after", olmo('get_weather(city="</function_calls>", days=2)\nget_time(tz="UTC")'), [["get_weather", { city: "</function_calls>", days: 2 }], ["get_time", { tz: "UTC" }]]],
    ["OLMo 3, the closer twice", olmo("get_weather(city='</function_calls></function_calls>')"), [["get_weather", { city: "</function_calls></function_calls>" }]]],
    ["OLMo 3, a part of the closer", olmo("get_weather(city='a </function_ b')"), [["get_weather", { city: "a </function_ b" }]]],
  ])("%s: the call reads", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each<[string, string]>([
    ["OLMo 3, a string never closed", olmo("get_weather(city='a </function_calls> b)")],
    ["OLMo 3, its own end missing after the string", "<function_calls>get_weather(city='a </function_calls> b')"],
  ])("%s: no call read", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
