import { describe, expect, it } from "vitest";
import { readElementCall } from "../../../../src/repair/content-calls/element-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("readElementCall", () => {
  it("reads JSON input as arguments text for the pipeline", () => {
    expect(readElementCall('<name>get_time</name>\n<input>{"tz": "UTC"}</input>')).toEqual({ name: "get_time", arguments: { kind: "text", text: '{"tz": "UTC"}' } });
  });

  it("reads child elements as key/value pairs, keeping their text", () => {
    expect(readElementCall("<tool_name>get_weather</tool_name><parameters>\n<city> New York </city>\n<days>2</days>\n</parameters>")).toEqual({
      name: "get_weather",
      arguments: { kind: "params", params: [["city", " New York "], ["days", "2"]] },
    });
  });

  it("reads a name alone as a call without arguments", () => {
    expect(readElementCall("<name>get_time</name>")?.arguments).toEqual({ kind: "json", value: {} });
  });

  it.each([
    ["text after the arguments", "<name>get_time</name><input>{}</input> and more"],
    ["an unknown element for the arguments", "<name>get_time</name><body>{}</body>"],
    ["prose as the arguments", "<name>get_time</name><input>the time in UTC</input>"],
    ["a name that is no identifier", "<name>get the time</name>"],
    ["an unclosed child", "<name>get_time</name><parameters><tz>UTC</parameters>"],
  ])("declines %s", (_title, body) => {
    expect(readElementCall(body)).toBeUndefined();
  });
});

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "<tool_use> with JSON", content: '<tool_use>\n{"name": "get_time", "input": {"tz": "UTC"}}\n</tool_use>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "<tool_use> with name and input elements, after prose", content: 'Let me check.\n<tool_use>\n<name>get_weather</name>\n<input>{"city": "Paris", "days": 2}</input>\n</tool_use>', calls: [["get_weather", { city: "Paris", days: 2 }]], text: "Let me check." },
  { title: "<tool_use> with parameter elements, typed from the schema", content: "<tool_use><tool_name>get_weather</tool_name><parameters><city>Oslo</city><days>3</days></parameters></tool_use>", calls: [["get_weather", { city: "Oslo", days: 3 }]], text: "" },
  { title: "two <tool_use> blocks", content: "<tool_use><name>get_time</name></tool_use>\n<tool_use><name>get_weather</name><input>{\"city\": \"Rome\"}</input></tool_use>", calls: [["get_time", {}], ["get_weather", { city: "Rome" }]], text: "" },
  { title: "the older Claude XML", content: "<function_calls>\n<invoke>\n<tool_name>get_time</tool_name>\n<parameters>\n<tz>UTC</tz>\n</parameters>\n</invoke>\n</function_calls>", calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "the older Claude XML without its wrapper", content: "Sure.\n<invoke><tool_name>get_time</tool_name><parameters><tz>UTC</tz></parameters></invoke>", calls: [["get_time", { tz: "UTC" }]], text: "Sure." },
  { title: "Hunyuan Hy3", content: "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Rome</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n</tool_calls>", calls: [["get_weather", { city: "Rome", days: 2 }]], text: "" },
  { title: "Hunyuan Hy3, no arguments, inline", content: "Checking.<tool_calls><tool_call>get_time<tool_sep></tool_call></tool_calls>", calls: [["get_time", {}]], text: "Checking." },
  {
    title: "Hunyuan Hy4, its separator suffixed too",
    content: "<tool_calls:opensource>\n<tool_call:opensource>get_weather<tool_sep:opensource>\n<arg_key:opensource>city</arg_key:opensource>\n<arg_value:opensource>Rome</arg_value:opensource>\n</tool_call:opensource>\n</tool_calls:opensource>",
    calls: [["get_weather", { city: "Rome" }]],
    text: "",
  },
  { title: "Hunyuan Hy4, no arguments, between words", content: "a<tool_calls:opensource><tool_call:opensource>get_time<tool_sep:opensource></tool_call:opensource></tool_calls:opensource>b", calls: [["get_time", {}]], text: "ab" },
  { title: "Hunyuan Hy4, every tag suffixed", content: "<tool_calls:opensource>\n<tool_call:opensource>get_weather<arg_key:opensource>city</arg_key:opensource><arg_value:opensource>Beijing</arg_value:opensource></tool_call:opensource>\n</tool_calls:opensource>", calls: [["get_weather", { city: "Beijing" }]], text: "" },
  { title: "Hunyuan Hy4 without arguments, after prose", content: "Checking.<tool_calls:opensource><tool_call:opensource>get_time</tool_call:opensource></tool_calls:opensource>", calls: [["get_time", {}]], text: "Checking." },
  { title: "the name in <function> tags, the arguments object after it", content: 'Let me check.\n<tool_call>\n<function>get_weather</function>\n{"city": "Oslo"}\n</tool_call>', calls: [["get_weather", { city: "Oslo" }]], text: "Let me check." },
  { title: "a tool_sep then JSON", content: '<tool_call>get_time<tool_sep>{"tz": "UTC"}</tool_call>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Gemini 3's call_record elements", content: 'Reading both.\n <call_record tool="get_weather">\n <parameter name="city">Oslo</parameter>\n </call_record>\n <call_record tool="get_time">\n </call_record>', calls: [["get_weather", { city: "Oslo" }], ["get_time", {}]], text: "Reading both." },
  { title: "a Hermes call in a ```xml block", content: 'Calling it.\n```xml\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>\n```\nDone.', calls: [["get_time", { tz: "UTC" }]], text: "Calling it.\nDone." },
  { title: "Claude-style invokes in a ```xml block", content: '```xml\n<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</function_calls>\n```', calls: [["get_weather", { city: "Oslo" }]], text: "" },
];

const prose: [string, string][] = [
  // The call's closer never came: more pairs may have followed (as with an invoke cut after a parameter).
  ["Hunyuan Hy3 cut after its last value", "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n"],
  ["a <tool_use> tag around prose", "<tool_use>I will use a hammer</tool_use>"],
  ["an undeclared tool", "<tool_use><name>rm</name><input>{}</input></tool_use>"],
  ["an <invoke> tag in prose", "Use <invoke> to call things."],
  ["an XML block that is a document", "```xml\n<project>\n<modelVersion>4.0.0</modelVersion>\n</project>\n```"],
  ["an XML block showing a call among other text", '```xml\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>\nThe server answers.\n```'],
  ["an XML block with a call deep inside", '```xml\n<note>\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>\n</note>\n```'],
  ["Hunyuan Hy3 cut inside a value", "<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beij"],
  ["an empty Hunyuan wrapper", "hello<tool_calls></tool_calls>"],
  ["a call_record tag in prose", 'Write <call_record tool="get_time"> in the log.'],
  ["a name element alone in prose", "The <name>get_time</name> element names the tool."],
];

describe("XML element calls, Hunyuan Hy3/Hy4 and ```xml blocks written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
