import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

/** One call in the invoke family, written with `prefix` on every element (`wrapper` around it, if any). */
const written = (prefix: string, wrapper: string | undefined, params = '<PFXparameter name="city">Paris</PFXparameter>'): string => {
  const invoke = `<PFXinvoke name="get_weather">\n${params}\n</PFXinvoke>`.replaceAll("PFX", prefix);
  return wrapper === undefined ? invoke : `<${prefix}${wrapper}>\n${invoke}\n</${prefix}${wrapper}>`;
};

describe("the invoke family read by its structure, any prefix", () => {
  it.each<[string, string]>([
    ["Claude's namespace, wrapped", written("antml:", "function_calls")],
    ["Claude's namespace, no wrapper", written("antml:", undefined)],
    ["another namespace", written("mm:", "function_calls")],
    ["a namespace with digits, _ and -", written("x-tool_2:", "tool_calls")],
    ["DSML with ASCII bars", written("|DSML|", "function_calls")],
    ["DSML with two ASCII bars", written("||DSML||", "tool_calls")],
    ["DSML with two fullwidth bars", written("｜｜DSML｜｜", "function_calls")],
    ["no prefix, in <tool_calls>", written("", "tool_calls")],
    ["no prefix, in <tool_calls> on one line", written("", "tool_calls").replaceAll("\n", "")],
  ])("%s", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });

  it.each<[string, string]>([
    ["call_id", ' call_id="1"'],
    ["id", " id='toolu_01'"],
    ["tool_call_id", ' tool_call_id="call_abc"'],
  ])("skips the call's own %s attribute after its name", (_title, attribute) => {
    const content = written("", "function_calls").replace('name="get_weather"', `name="get_weather"${attribute}`);
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });

  it.each<[string, string]>([
    ["an argument as an attribute", '<invoke name="get_weather" days="2">'],
    ["an id before the name", '<invoke id="1" name="get_weather">'],
    ["two ids", '<invoke name="get_weather" id="1" call_id="2">'],
    ["an id left unquoted", '<invoke name="get_weather" id=1>'],
  ])("leaves a call with %s as text", (_title, opening) => {
    const content = written("", "function_calls").replace('<invoke name="get_weather">', opening);
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("reads prose around a namespaced call", () => {
    const content = `Let me check the weather.\n\n${written("antml:", "function_calls")}\n\nDone.`;
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "Let me check the weather.\n\nDone." });
  });

  it("takes DSML's wrapper written with a stray bar before its >", () => {
    const content = written("｜DSML｜", "function_calls").replace("<｜DSML｜function_calls>", "<｜DSML｜function_calls|>");
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });

  it("takes DSML's wrapper with its > lost before the line's end", () => {
    const content = written("｜DSML｜", "tool_calls").replace("<｜DSML｜tool_calls>\n", "<｜DSML｜tool_calls\n");
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: "" });
  });

  it("types values from the schema, as without a prefix", () => {
    const content = written("antml:", "function_calls", '<antml:parameter name="city">Oslo</antml:parameter>\n<antml:parameter name="days">3</antml:parameter>');
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Oslo", days: 3 }]], text: "" });
  });

  it("reads two namespaced invokes in one wrapper", () => {
    const content = '<antml:function_calls>\n<antml:invoke name="get_time">\n<antml:parameter name="tz">UTC</antml:parameter>\n</antml:invoke>\n<antml:invoke name="get_weather">\n<antml:parameter name="city">Oslo</antml:parameter>\n</antml:invoke>\n</antml:function_calls>';
    expect(readBothWays(content)).toEqual({ calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], text: "" });
  });

  it.each<[string, string]>([
    ["a parameter with another prefix", written("antml:", "function_calls", '<mm:parameter name="city">Paris</mm:parameter>')],
    ["an unprefixed parameter in a namespaced invoke", written("antml:", undefined, '<parameter name="city">Paris</parameter>')],
    ["an invoke closed with another prefix", '<antml:invoke name="get_weather">\n<antml:parameter name="city">Paris</antml:parameter>\n</mm:invoke>'],
    ["a wrapper closed with another prefix", '<antml:function_calls>\n<antml:invoke name="get_weather">\n<antml:parameter name="city">Paris</antml:parameter>\n</antml:invoke>\n</mm:function_calls>'],
    ["an invoke never closed", '<antml:invoke name="get_weather">\n<antml:parameter name="city">Paris</antml:parameter>'],
    ["a parameter never closed", '<antml:invoke name="get_weather">\n<antml:parameter name="city">Paris\n</antml:invoke>'],
    ["an undeclared tool", written("antml:", "function_calls").replace("get_weather", "get_forecast")],
    ["prose naming the tags", "Claude writes <antml:invoke name=…> with <antml:parameter name=…> inside <antml:function_calls>."],
    ["a call shown as an example", `For example:\n${written("antml:", "function_calls")}`],
    ["a call inside <think>", `<think>\n${written("antml:", "function_calls")}\n</think>\nThe weather tool needs a city.`],
    ["DSML with mismatched bars on one element", '<|DSML|invoke name="get_weather">\n<｜DSML｜parameter name="city">Paris</｜DSML｜parameter>\n</|DSML|invoke>'],
    ["a namespaced <function> element (no such spelling)", '<mm:function name="get_weather">\n<mm:parameter name="city">Paris</mm:parameter>\n</mm:function>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("CDATA values", () => {
  it.each<[string, string, unknown]>([
    ["markup kept verbatim", "<![CDATA[a <b> & </parameter> c]]>", "a <b> & </parameter> c"],
    ["spaces around the section", "\n<![CDATA[Paris]]>\n", "Paris"],
    ["an empty section", "<![CDATA[]]>", ""],
  ])("%s", (_title, value, city) => {
    const content = written("antml:", "function_calls", `<antml:parameter name="city">${value}</antml:parameter>`);
    expect(readBothWays(content).calls).toEqual([["get_weather", { city }]]);
  });

  it("types a CDATA value from the schema", () => {
    const content = written("", "function_calls", '<parameter name="city">Oslo</parameter><parameter name="days"><![CDATA[2]]></parameter>');
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Oslo", days: 2 }]]);
  });

  it.each<[string, string]>([
    ["text before the section", "Paris <![CDATA[France]]>"],
    ["text after the section", "<![CDATA[Paris]]> France"],
    ["two sections", "<![CDATA[Par]]><![CDATA[is]]>"],
    ["a section never closed", "<![CDATA[Paris"],
  ])("%s stays text", (_title, value) => {
    const content = written("", "function_calls", `<parameter name="city">${value}</parameter>`);
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("<function_calls> holding JSON calls", () => {
  it.each<[string, string, string]>([
    ["a JSON list", '<function_calls>\n[{"name": "get_weather", "arguments": {"city": "Paris"}}]\n</function_calls>', ""],
    ["a JSON object after prose", 'Checking.\n<function_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</function_calls>', "Checking."],
    ["a namespaced wrapper", '<antml:function_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</antml:function_calls>', ""],
  ])("%s: the wrapper goes with the call", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text });
  });

  const block = (city: string): string => `<function_calls>\n[{"name": "get_weather", "arguments": {"city": "${city}"}}]\n</function_calls>`;

  it("reads two blocks one after the other", () => {
    expect(readBothWays(`${block("Paris")}\n${block("Oslo")}`)).toEqual({ calls: [["get_weather", { city: "Paris" }], ["get_weather", { city: "Oslo" }]], text: "" });
  });

  it.each<[string, string]>([
    ["two blocks with prose between (it may report the first one's result)", `${block("Paris")}\n\nIt is raining there. Now Oslo.\n${block("Oslo")}`],
    ["a block holding prose", "<function_calls>\nget the weather in Paris\n</function_calls>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("OLMo 3's <function_calls> holding Python calls, one a line", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", '<function_calls>get_weather(city="San Francisco")</function_calls>', [["get_weather", { city: "San Francisco" }]], ""],
    ["after prose", 'Let me check the weather.<function_calls>get_weather(city="NYC", days=3)</function_calls>', [["get_weather", { city: "NYC", days: 3 }]], "Let me check the weather."],
    ["two calls a line apart", '<function_calls>get_weather(city="Paris")\nget_time(tz="PST")</function_calls>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "PST" }]], ""],
    ["single quotes", "<function_calls>get_weather(city='New York')</function_calls>", [["get_weather", { city: "New York" }]], ""],
    ["escaped quotes", '<function_calls>get_weather(city="say \\"hi\\"")</function_calls>', [["get_weather", { city: 'say "hi"' }]], ""],
    ["no arguments", "<function_calls>get_time()</function_calls>", [["get_time", {}]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["prose in the block", "<function_calls>not a function call</function_calls>"],
    ["a call with words after it", '<function_calls>get_weather(city="Paris") then Oslo</function_calls>'],
    ["a block never closed", '<function_calls>get_weather(city="Paris")'],
    ["a tool the request does not declare", '<function_calls>book_flight(to="NYC")</function_calls>'],
    ["a call shown as an example", 'For example:\n<function_calls>get_weather(city="Paris")</function_calls>'],
    ["a positional argument", '<function_calls>get_weather("Paris")</function_calls>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
