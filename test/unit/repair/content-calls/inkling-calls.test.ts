import { describe, expect, it } from "vitest";
import { detectInkling } from "../../../../src/repair/content-calls/inkling-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

// Inkling's blocks: `<|message_model|>` opens a message, a content-kind token says what it holds, `<|end_message|>` ends it.
const INVOKE = "<|content_invoke_tool_json|>";
const END = "<|end_message|>";
const message = (header: string, json: string): string => `<|message_model|>${header}${INVOKE}${json}${END}`;
const weather = '{"name":"get_weather","args":{"city":"Oslo","days":2}}';

describe("detectInkling", () => {
  it("spans the message header with its block", () => {
    const content = `Sure.${message("get_weather", weather)}`;
    expect(detectInkling(content)?.spans).toEqual([[5, content.length]]);
  });
});

describe("Inkling calls written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call after prose", `Sure, let me check.${message("get_weather", weather)}`, [["get_weather", { city: "Oslo", days: 2 }]], "Sure, let me check."],
    ["a call without its header", `${INVOKE}${weather}${END}`, [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["a text block, then a call", `<|message_model|><|content_text|>Checking.${END}${message("get_time", '{"name":"get_time","args":{}}')}`, [["get_time", {}]], `<|message_model|><|content_text|>Checking.${END}`],
    ["two calls", message("get_weather", weather) + message("get_time", '{"name":"get_time","args":{"tz":"UTC"}}'), [["get_weather", { city: "Oslo", days: 2 }], ["get_time", { tz: "UTC" }]], ""],
    ["the end token missing at the end of the answer", `${INVOKE}${weather}`, [["get_weather", { city: "Oslo", days: 2 }]], ""],
    ["a stray block kind before the end", `${INVOKE}${weather}<|content_thinking|>${END}`, [["get_weather", { city: "Oslo", days: 2 }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a header naming another tool", message("get_time", weather)],
    ["an array that is no call", `${INVOKE}[1, 2, 3]${END}`],
    ["two calls in one block", `${INVOKE}[${weather}, ${weather}]${END}`],
    ["text after the JSON", `${INVOKE}${weather} and more${END}`],
    ["a call cut short", `${INVOKE}{"name":"get_weather","args":{"city":"Os`],
    ["an undeclared tool", message("delete_all", '{"name":"delete_all","args":{}}')],
    ["a call shown as an example", `For example:\n${message("get_weather", weather)}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
