import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";

// A closer written inside a value: the call is read when exactly one reading gives a whole call (the first closer
// leaves a value open or words between two tags, the later one closes everything in order), and stays text when
// no reading or two readings do.
const glm = (pairs: string, close = "</tool_call>"): string => `<tool_call>get_weather${pairs}${close}`;
const pair = (key: string, value: string): string => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`;
const qwen = (parameters: string): string => `<tool_call>\n<function=get_weather>\n${parameters}</function>\n</tool_call>`;
const param = (key: string, value: string): string => `<parameter=${key}>\n${value}\n</parameter>\n`;
const note = { name: "write_note", parameters: { type: "object", properties: { path: { type: "string" }, text: { type: "string" } }, required: ["path"] } };

describe("GLM: the block's closer inside a value", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["in the only value", glm(pair("city", "x </tool_call> y")), [["get_weather", { city: "x </tool_call> y" }]], ""],
    ["the opener and the closer, in the last value", glm(pair("days", "2") + pair("city", "Wrap it in <tool_call> and </tool_call>.")), [["get_weather", { days: 2, city: "Wrap it in <tool_call> and </tool_call>." }]], ""],
    ["in the first value, another pair after it", glm(pair("city", "a </tool_call> b") + pair("days", "3")), [["get_weather", { city: "a </tool_call> b", days: 3 }]], ""],
    ["twice in a value", glm(pair("city", "a </tool_call> b </tool_call> c")), [["get_weather", { city: "a </tool_call> b </tool_call> c" }]], ""],
    ["with Poolside's line breaks", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>literal </tool_call> marker</arg_value>\n</tool_call>", [["get_weather", { city: "literal </tool_call> marker" }]], ""],
    ["with text after the block", `${glm(pair("city", "x </tool_call> y"))}tail`, [["get_weather", { city: "x </tool_call> y" }]], "tail"],
    ["then another block", `${glm(pair("city", "x </tool_call> y"))}\n${glm(pair("city", "Oslo"))}`, [["get_weather", { city: "x </tool_call> y" }], ["get_weather", { city: "Oslo" }]], ""],
  ])("%s: read, the closer kept in the value", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["the value never closed after it", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>x </tool_call> y"],
    ["the value closed, the block not", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>x </tool_call> y</arg_value>"],
    ["another block opening before the value closes", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>x </tool_call> <tool_call>get_weather<arg_key>city</arg_key><arg_value>y</arg_value></tool_call>"],
    ["the next key's tag in the value's rest", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>x </tool_call> y <arg_key>days</arg_key><arg_value>2</arg_value></tool_call>"],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a value's own closer inside it, words after it", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["Qwen3-Coder, the only value", qwen(param("city", "A block ends with </parameter> here.")), [["get_weather", { city: "A block ends with </parameter> here." }]]],
    ["Qwen3-Coder, another parameter after it", qwen(param("city", "x </parameter> y") + param("days", "2")), [["get_weather", { city: "x </parameter> y", days: 2 }]]],
    ["Qwen3-Coder without its block", `<function=get_weather>\n${param("city", "x </parameter> y")}</function>`, [["get_weather", { city: "x </parameter> y" }]]],
    ["GLM, the only value", glm(pair("city", "x </arg_value> y")), [["get_weather", { city: "x </arg_value> y" }]]],
    ["GLM, another pair after it", glm(pair("city", "x </arg_value> y") + pair("days", "2")), [["get_weather", { city: "x </arg_value> y", days: 2 }]]],
  ])("%s: the value runs to the closer markup follows", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it("the closer written twice after a value is still the closer typed twice", () => {
    expect(readBothWays(qwen("<parameter=city>\nParis\n</parameter>\n</parameter>\n")).calls).toEqual([["get_weather", { city: "Paris" }]]);
    expect(readBothWays(glm("<arg_key>city</arg_key><arg_value>Paris</arg_value></arg_value>")).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it.each<[string, string]>([
    ["Qwen3-Coder, the next parameter's tag in the value's rest", qwen("<parameter=city>\nx </parameter> <parameter=days> 2\n</parameter>\n")],
    ["Qwen3-Coder, no later closer (two slips)", qwen("<parameter=city>\nx </parameter> y\n")],
    ["GLM, no later closer", glm("<arg_key>city</arg_key><arg_value>x </arg_value> y")],
    ["GLM, the next key's tag in the value's rest", glm("<arg_key>city</arg_key><arg_value>x </arg_value> y <arg_key>days</arg_key><arg_value>2</arg_value>")],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content, [...tools, note])).toEqual({ calls: [], text: content });
  });
});

describe("Qwen3-Coder without its block: `</function>` inside a value", () => {
  const call = (value: string, after = "</parameter>\n</function>"): string => `<function=get_weather>\n<parameter=city>\n${value}\n${after}`;
  it("closes nothing when the value and then the call close after it: read", () => {
    expect(readBothWays(call("use </function> here"))).toEqual({ calls: [["get_weather", { city: "use </function> here" }]], text: "" });
  });

  it("with prose around: read, the prose kept", () => {
    expect(readBothWays(`Let me check.\n${call("use </function> here")}\nDone.`)).toEqual({ calls: [["get_weather", { city: "use </function> here" }]], text: "Let me check.\nDone." });
  });

  it("with no later closer, the first ends the call as before (its last </parameter> left out)", () => {
    expect(readBothWays("<function=get_weather>\n<parameter=city>\nParis\n</function>").calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});

describe("the invoke family: a parameter's own closer with words after it", () => {
  const minimax = (body: string): string => `<minimax:tool_call>\n<invoke name="get_weather">\n${body}</invoke>\n</minimax:tool_call>`;
  const dsml = (body: string): string => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n${body}</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["MiniMax, the only value", minimax('<parameter name="city">x </parameter> y</parameter>\n'), [["get_weather", { city: "x </parameter> y" }]]],
    ["MiniMax, another parameter after it", minimax('<parameter name="city">x </parameter> y</parameter>\n<parameter name="days">2</parameter>\n'), [["get_weather", { city: "x </parameter> y", days: 2 }]]],
    ["DSML", dsml('<｜DSML｜parameter name="city" string="true">x </｜DSML｜parameter> y</｜DSML｜parameter>\n'), [["get_weather", { city: "x </｜DSML｜parameter> y" }]]],
  ])("%s: the value runs to the closer markup follows", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each<[string, string]>([
    ["the closer twice (typed twice, or the value's text)", minimax('<parameter name="city">x</parameter></parameter>\n')],
    ["the next parameter's opening in the value's rest", minimax('<parameter name="city">x </parameter> y <parameter name="days">2</parameter>\n')],
    ["no later closer", minimax('<parameter name="city">x </parameter> y\n')],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
