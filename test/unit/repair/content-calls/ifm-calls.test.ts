import { describe, expect, it } from "vitest";
import { detectIfm } from "../../../../src/repair/content-calls/ifm-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

const call = (name: string, args: string): string => `<ifm|tool_call>${name}${args}</ifm|tool_call>`;
const arg = (key: string, value: string, type?: string): string =>
  `<ifm|arg_key>${key}</ifm|arg_key>${type === undefined ? "" : `<ifm|arg_type>${type}</ifm|arg_type>`}<ifm|arg_value>${value}</ifm|arg_value>`;
const section = (...calls: string[]): string => `<ifm|tool_calls>${calls.join("\n")}</ifm|tool_calls>`;

describe("detectIfm", () => {
  it("spans each call and its section's tags", () => {
    const content = `Sure.${section(call("get_time", arg("tz", "UTC")))}`;
    expect(detectIfm(content)?.spans.length).toBe(3);
  });

  it.each([
    ["a call never closed", `<ifm|tool_call>get_weather${arg("city", "Oslo")}`],
    ["a value closer lost", call("get_weather", "<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Oslo" + arg("days", "2"))],
    ["a key without a value", call("get_weather", "<ifm|arg_key>city</ifm|arg_key>")],
    ["text between the arguments", call("get_weather", `${arg("city", "Oslo")} and ${arg("days", "2")}`)],
    ["no name", call("", arg("city", "Oslo"))],
  ])("refuses %s", (_title, content) => {
    expect(detectIfm(content)).toBeUndefined();
  });
});

describe("IFM K2 calls written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call in its section", section(call("get_weather", arg("city", "Tokyo"))), [["get_weather", { city: "Tokyo" }]], ""],
    ["a typed argument, after prose", `Checking.\n${section(call("get_weather", arg("city", "Oslo") + arg("days", "3", "integer")))}`, [["get_weather", { city: "Oslo", days: 3 }]], "Checking."],
    ["two calls", section(call("get_weather", arg("city", "Oslo")), call("get_time", arg("tz", "CET"))), [["get_weather", { city: "Oslo" }], ["get_time", { tz: "CET" }]], ""],
    ["a call without its section", call("get_time", arg("tz", "UTC")), [["get_time", { tz: "UTC" }]], ""],
    ["no arguments", section(call("get_time", "")), [["get_time", {}]], ""],
    ["its JSON form", section(call("", '{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}')), [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["its JSON form and its tag form, text around", `Before ${section(call("", '{"name": "get_time", "arguments": {}}'), call("get_weather", arg("city", "Oslo")))} after.`, [["get_time", {}], ["get_weather", { city: "Oslo" }]], "Before after."],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("reads a value typed in the call as JSON, where the schema also admits a string", () => {
    const lookup = [{ name: "lookup", parameters: { type: "object", properties: { id: { anyOf: [{ type: "string" }, { type: "integer" }] } } } }];
    expect(readBothWays(call("lookup", arg("id", "123", "integer")), lookup).calls).toEqual([["lookup", { id: 123 }]]);
    expect(readBothWays(call("lookup", arg("id", "123", "string")), lookup).calls).toEqual([["lookup", { id: "123" }]]);
    expect(readBothWays(call("lookup", arg("id", "123")), lookup).calls).toEqual([["lookup", { id: "123" }]]);
  });

  // The format writes a type beside every value but a string: a value without one is its text, one reading.
  it.each<[string, Record<string, unknown>, string, unknown]>([
    ["false for a string or a boolean", { anyOf: [{ type: "string" }, { type: "boolean" }] }, "false", "false"],
    ["2.5 for a number or a string", { type: ["number", "string"] }, "2.5", "2.5"],
    ["null for an optional string", { type: "string" }, "null", "null"],
  ])("reads a value written without its type as its text: %s", (_title, schema, value, expected) => {
    const toolList = [{ name: "note", parameters: { type: "object", properties: { v: schema, w: { type: "string" } }, required: ["w"] } }];
    expect(readBothWays(call("note", arg("v", value) + arg("w", "x")), toolList).calls).toEqual([["note", { v: expected, w: "x" }]]);
    expect(readBothWays(call("note", arg("v", value, "string") + arg("w", "x")), toolList).calls).toEqual([["note", { v: expected, w: "x" }]]);
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["in its reasoning block", `<ifm|think>Maybe ${call("get_weather", arg("city", "Oslo"))}?</ifm|think>\nThe answer is 42.`, []],
    ["in a reasoning mode's block", `<ifm|think_fast>Maybe ${call("get_weather", arg("city", "Oslo"))}?</ifm|think_fast>\nThe answer is 42.`, []],
    ["in reasoning, then a real one", `<ifm|think_faster>Maybe ${call("get_weather", arg("city", "Oslo"))}?</ifm|think_faster>\n${section(call("get_weather", arg("city", "Rome")))}`, [["get_weather", { city: "Rome" }]]],
  ])("a call written %s is not made", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  it.each<[string, string]>([
    ["a tool the request does not declare", section(call("book_flight", arg("to", "NYC")))],
    ["a call shown as an example", `For example:\n${section(call("get_weather", arg("city", "Paris")))}`],
    ["a call cut short", `<ifm|tool_calls><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key>`],
    ["a section never closed", `<ifm|tool_calls>${call("get_time", "")}`],
    ["a section never closed, a call with arguments in it", `Sure. <ifm|tool_calls>${call("get_weather", arg("city", "Oslo"))}\n`],
    ["two JSON calls in one call's tags", section(call("", '{"name": "get_time", "arguments": {}} {"name": "get_time", "arguments": {}}'))],
    ["JSON and text in one call's tags", section(call("", '{"name": "get_time", "arguments": {}} later'))],
    ["JSON that is no call", section(call("", '{"city": "Oslo"}'))],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
