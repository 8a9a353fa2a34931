import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

const call = (body: string): string => `<|tool_call|>\n${body}\n<|/tool_call|>`;

/** Spark X2.5: GLM's key/value tags between `<|tool_call|>` and `<|/tool_call|>`. */
describe("Spark X2.5 calls", () => {
  it.each<Row>([
    ["one call, typed from the schema", call("get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value><arg_key>days</arg_key><arg_value>3</arg_value>"), [["get_weather", { city: "Oslo", days: 3 }]], ""],
    ["after prose", `Let me check.\n${call("get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value>")}`, [["get_time", { tz: "UTC" }]], "Let me check."],
    ["two blocks", `${call("get_time<arg_key>tz</arg_key><arg_value>UTC</arg_value>")}\n${call("get_weather<arg_key>city</arg_key><arg_value>Rome</arg_value>")}`, [["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome" }]], ""],
    ["no arguments", call("get_time"), [["get_time", {}]], ""],
    ["Granite's JSON with the same tokens still reads as JSON", '<|tool_call|>[{"name": "get_time", "arguments": {"tz": "UTC"}}]<|/tool_call|>', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", call("delete_all<arg_key>path</arg_key><arg_value>/</arg_value>")],
    ["a block never closed", "<|tool_call|>\nget_time<arg_key>tz</arg_key><arg_value>UTC</arg_value>"],
    ["a value never closed", call("get_weather<arg_key>city</arg_key><arg_value>Oslo")],
    ["prose in the block", call("get_time then <arg_key>tz</arg_key><arg_value>UTC</arg_value>")],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
