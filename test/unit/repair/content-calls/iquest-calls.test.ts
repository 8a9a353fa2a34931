import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// IQuest Q1 writes GLM's key/value tags inside `<iquest_tool_call>`, read as GLM's are.
const iquest = (body: string): string => `<iquest_tool_call>${body}</iquest_tool_call>`;

describe("IQuest Q1's <iquest_tool_call>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a call", iquest("get_weather\n<arg_key>city</arg_key><arg_value>Paris</arg_value>\n"), [["get_weather", { city: "Paris" }]], ""],
    ["a call after prose, its end token after it", `Checking.${iquest("get_weather\n<arg_key>city</arg_key><arg_value>北京</arg_value>\n")}<|iquest_end|>`, [["get_weather", { city: "北京" }]], "Checking.<|iquest_end|>"],
    ["a call without arguments", iquest("get_time"), [["get_time", {}]], ""],
    ["typed values", iquest("get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value><arg_key>days</arg_key> <arg_value>3</arg_value>"), [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["two calls", `${iquest("get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value>")}\n${iquest("get_time<arg_key>tz</arg_key><arg_value>CET</arg_value>")}`, [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
    // Its one parser (SGLang's) keeps a string value as written: spaces, quotes and line breaks are the value's.
    ["a string value with its quotes, as written", iquest('get_weather<arg_key>city</arg_key><arg_value>"Paris"</arg_value>'), [["get_weather", { city: '"Paris"' }]], ""],
    ["a padded string value, as written", iquest("get_weather<arg_key>city</arg_key><arg_value>  Paris\n</arg_value><arg_key>days</arg_key><arg_value> 2 </arg_value>"), [["get_weather", { city: "  Paris\n", days: 2 }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a value whose closer is missing", iquest("get_weather<arg_key>days</arg_key><arg_value>1")],
    ["a call cut after its key", "before<iquest_tool_call>get_weather<arg_key>city</arg_key>"],
    ["a tool nobody declared", iquest("get_forecast<arg_key>city</arg_key><arg_value>Paris</arg_value>")],
    ["a call shown as an example", `For example:\n${iquest("get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>")}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("GLM's own tags keep their doubts where IQuest's do not", () => {
  it.each<[string, string]>([
    ["a string value written as one JSON string", '<tool_call>get_weather<arg_key>city</arg_key><arg_value>"Paris"</arg_value></tool_call>'],
    ["a one-line value padded on both sides", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>  Paris\n</arg_value></tool_call>"],
    ["the same under another model's prefix", '<iquestcoder_tool_call>get_weather<arg_key>city</arg_key><arg_value>"Paris"</arg_value></iquestcoder_tool_call>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
