import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A call whose last value's closer was left out right before the call's own closer: a value that held the call's
// closer as text would leave the call open, so the value ends there, in every block of the `<invoke>` family as in
// Qwen3-Coder's `</function>` and GLM's `</tool_call>`. One line break before the closer is the layout.
const invoke = (open: string, close: string, prefix: string, body: string): string => `${open}\n<${prefix}invoke name="get_weather">\n${body}</${prefix}invoke>\n${close}`;
const claude = (body: string): string => invoke("<function_calls>", "</function_calls>", "", body);
const dots = (body: string): string => invoke("<dots_function_call>", "</dots_function_call>", "", body);
const minimax = (body: string): string => invoke("<minimax:tool_call>", "</minimax:tool_call>", "", body);
const atem = (body: string): string => invoke("<atem:function_calls>", "</atem:function_calls>", "atem:", body);
const step3 = (body: string): string => `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">${body}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`;
const param = (key: string, value: string, prefix = ""): string => `<${prefix}parameter name="${key}">${value}</${prefix}parameter>\n`;
const open = (key: string, value: string, prefix = ""): string => `<${prefix}parameter name="${key}">${value}`;

describe("the last value's closer left out before the call's closer", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["Claude-style XML, the only parameter", claude(`${open("city", "Paris")}\n`), { city: "Paris" }],
    ["Claude-style XML, after a closed parameter", claude(`${param("days", "2")}${open("city", "Paris")}\n`), { city: "Paris", days: 2 }],
    ["Claude-style XML, right against the closer", claude(open("city", "Paris")), { city: "Paris" }],
    ["Claude-style XML, a number", claude(`${param("city", "Oslo")}${open("days", "3")}\n`), { city: "Oslo", days: 3 }],
    ["dots.llm's block", dots(`${open("city", "New York")}\n`), { city: "New York" }],
    ["MiniMax's block", minimax(`${open("city", "Paris")}\n`), { city: "Paris" }],
    ["Glimmer's ATEM block", atem(`${open("city", "SF", "atem:")}\n`), { city: "SF" }],
    ["Step3's call tokens", step3(`${param("days", "2", "steptml:")}${open("city", "Paris", "steptml:")}`), { city: "Paris", days: 2 }],
    ["CRLF layout", claude(`${open("city", "Paris")}\r\n`).replaceAll("\n", "\r\n").replaceAll("\r\r\n", "\r\n"), { city: "Paris" }],
  ])("%s: read", (_title, content, args) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", args]], text: "" });
  });

  it.each<[string, string]>([
    // Two breaks: the value's own last break and the layout's, or a break of the layout the template never writes.
    ["the value ends in a line break of its own", claude(`${open("city", "Paris")}\n\n`)],
    ["the value ends in a space", claude(`${open("city", "Paris ")}\n`)],
    ["markup in the value", claude(`${open("city", "Paris <b>")}\n`)],
    ["the value empty", claude(`${open("city", "")}\n`)],
    ["the call's closer left out too", `<function_calls>\n<invoke name="get_weather">\n${open("city", "Paris")}\n</function_calls>`],
    ["no block around the invoke", `<invoke name="get_weather">\n${open("city", "Paris")}\n</invoke>`],
    ["the text ends after the value", `<function_calls>\n<invoke name="get_weather">\n${open("city", "Paris")}`],
    ["a value running into the next parameter (plain tags may quote it)", claude(`${open("city", "Paris")}${param("days", "2")}`)],
    ["an unknown namespace's block", `<x:function_calls><x:invoke name="get_weather"><x:parameter name="city">Paris</x:invoke></x:function_calls>`],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
