import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Laguna's calls between <user> tags", () => {
  it.each([
    ["GLM's body", "<user>get_weather\n<arg_key>city</arg_key>\n<arg_value>San Francisco, CA</arg_value>\n</user>", [["get_weather", { city: "San Francisco, CA" }]], ""],
    ["GLM's body after prose", "I'll check.\n<user>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</user>", [["get_weather", { city: "Paris", days: 2 }]], "I'll check."],
    ["a JSON call, the tags going with it", 'I\'ll look.<user>\n{"name":"get_time","arguments":{"tz":"UTC"}}\n</user>', [["get_time", { tz: "UTC" }]], "I'll look."],
    ["two blocks", "<user>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value></user>\n<user>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value></user>", [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a user's words", "<user>hello</user>"],
    ["a bare tool name (a user may type it)", "<user>get_time</user>"],
    ["a JSON call with words after it", '<user>{"name": "get_time", "arguments": {"tz": "UTC"}} please</user>'],
    ["an undeclared tool", "<user>delete_all<arg_key>path</arg_key><arg_value>/</arg_value></user>"],
    ["a block never closed", "<user>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value>"],
    ["a call beside a block of words", "<user>get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value></user>\n<user>and Oslo?</user>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
