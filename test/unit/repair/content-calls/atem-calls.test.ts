import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { readBothWays, readRawBothWays, tools } from "./read-both-ways.ts";

const atem = (name: string, params: string): string => `<atem:function_calls>\n<atem:invoke name="${name}">\n${params}</atem:invoke>\n</atem:function_calls>`;
const param = (key: string, value: string): string => `<atem:parameter name="${key}">${value}</atem:parameter>\n`;

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "one call", content: atem("get_weather", param("city", "SF")), calls: [["get_weather", { city: "SF" }]], text: "" },
  { title: "after Glimmer's recipient header", content: ` to=get_weather<|message|>${atem("get_weather", param("city", "SF") + param("days", "3"))}<|eot|>`, calls: [["get_weather", { city: "SF", days: 3 }]], text: "to=get_weather<|message|><|eot|>" },
  { title: "a string keeps its spaces", content: atem("get_weather", param("city", " San  Francisco ")), calls: [["get_weather", { city: " San  Francisco " }]], text: "" },
  { title: "no parameters", content: atem("get_time", ""), calls: [["get_time", {}]], text: "" },
  {
    title: "two invokes in one wrapper",
    content: `<atem:function_calls>\n<atem:invoke name="get_time">\n${param("tz", "UTC")}</atem:invoke>\n<atem:invoke name="get_weather">\n${param("city", "Oslo")}</atem:invoke>\n</atem:function_calls>`,
    calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]],
    text: "",
  },
];

const prose: [string, string][] = [
  ["an undeclared tool", atem("other.run", "")],
  ["a broken parameter", atem("get_weather", '<atem:parameter>SF</atem:parameter>\n')],
  ["a block shown as an example", `For example:\n${atem("get_time", param("tz", "UTC"))}`],
  ["a quoted block", `> ${atem("get_time", param("tz", "UTC")).replace(/\n/g, "\n> ")}`],
  // The model's message to the user right after its call: an answer written before any result came back.
  ["a call then a message to the user", ` to=get_weather<|message|>${atem("get_weather", param("city", "SF"))}<|eom|><|start|>assistant to=user<|message|>It is sunny in SF.`],
];

describe("Glimmer ATEM calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("Glimmer's messages to the user around a call", () => {
  it("reads the call after a message to the user, which stays text and is no call to a tool named user", () => {
    const content = `<|start|>assistant to=user<|message|>Let me check.<|eom|><|start|>assistant to=get_time<|message|>${atem("get_time", param("tz", "UTC"))}<|eom|>`;
    const { calls, text } = readRawBothWays(content, tools);
    expect(calls.map(([name]) => name)).toEqual(["get_time"]);
    const engine = createRepairEngine();
    const outcome = engine.repair({ name: "get_time", arguments: calls[0]![1] }, engine.prepareTools(tools));
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome).toEqual({ tz: "UTC" });
    expect(text).toBe("<|start|>assistant to=user<|message|>Let me check.<|eom|>");
  });
});

describe("the text null in a typed parameter", () => {
  const withChoice = (choice: unknown) => [{ name: "pick", parameters: { type: "object", properties: { choice } } }];
  const content = atem("pick", param("choice", "null"));

  it.each([
    ["null or a string (anyOf)", { anyOf: [{ type: "null" }, { type: "string" }] }],
    ["null or a string (type list)", { type: ["string", "null"] }],
  ])("is refused for %s: null and the word are both valid", (_title, choice) => {
    expect(readBothWays(content, withChoice(choice)).calls).toEqual([]);
  });

  it("is refused for an optional string: the word, or no value (the property left out)", () => {
    expect(readBothWays(content, withChoice({ type: "string" })).calls).toEqual([]);
  });

  it.each([
    ["a required string", { type: "object", properties: { choice: { type: "string" } }, required: ["choice"] }, "null"],
    ["a string whose enum holds the word", { type: "object", properties: { choice: { type: "string", enum: ["null", "a"] } } }, "null"],
    ["null or an integer", { type: "object", properties: { choice: { type: ["integer", "null"] } } }, null],
  ])("is read for %s", (_title, parameters, value) => {
    expect(readBothWays(content, [{ name: "pick", parameters }]).calls).toEqual([["pick", { choice: value }]]);
  });
});

describe("a call element holding JSON arguments", () => {
  it.each([
    ["<function name=…> (Hermes 2 Pro)", '<function name="get_weather">\n{"city": "Oslo", "days": 2}\n</function>', [["get_weather", { city: "Oslo", days: 2 }]]],
    ["<invoke name=…>", '<invoke name="get_time">{"tz": "UTC"}</invoke>', [["get_time", { tz: "UTC" }]]],
  ])("reads %s", (_title, content, calls) => {
    expect(readBothWays(content).calls).toEqual(calls);
  });

  it.each([
    ["JSON then more text", '<function name="get_weather">{"city": "Oslo"} and then Rome</function>'],
    ["an undeclared tool", '<function name="delete_all">{"path": "/"}</function>'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
