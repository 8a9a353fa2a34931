import { describe, expect, it } from "vitest";
import { detectKimiK3 } from "../../../../src/repair/content-calls/kimi-k3-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

const section = (...calls: string[]): string => `<|open|>tools<|sep|>${calls.join("")}<|close|>tools<|sep|>`;
const call = (name: string, body: string, index = 1): string => `<|open|>call tool="${name}" index="${index}"<|sep|>${body}<|close|>call<|sep|>`;
const arg = (key: string, value: string, type = "string"): string => `<|open|>argument key="${key}" type="${type}"<|sep|>${value}<|close|>argument<|sep|>`;
const json = (value: string): string => `<|open|>json type="object"<|sep|>${value}<|close|>json<|sep|>`;

describe("detectKimiK3", () => {
  it("spans each tools section", () => {
    const content = `On it.${section(call("get_time", arg("tz", "UTC")))} Done.`;
    expect(detectKimiK3(content)?.spans).toEqual([[6, content.length - " Done.".length]]);
  });

  it.each([
    ["a section never closed, cut inside its call", `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>${arg("city", "Oslo")}`],
    ["a call without its tool", section('<|open|>call index="1"<|sep|><|close|>call<|sep|>')],
    ["an argument closer lost", section(call("get_weather", '<|open|>argument key="city" type="string"<|sep|>Oslo' + arg("days", "2", "integer")))],
    ["text between the calls", section(call("get_time", arg("tz", "UTC")) + "and " + call("get_time", arg("tz", "CET")))],
    ["an empty section", section()],
    ["a JSON block beside an argument", section(call("get_weather", json('{"city": "Oslo"}') + arg("days", "2", "integer")))],
  ])("refuses %s", (_title, content) => {
    expect(detectKimiK3(content)).toBeUndefined();
  });
});

describe("Kimi K3 XTML calls written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", section(call("get_weather", arg("city", "Tokyo"))), [["get_weather", { city: "Tokyo" }]], ""],
    ["typed from the schema, after prose", `Let me check.${section(call("get_weather", arg("city", "Seoul") + arg("days", "3", "number")))}`, [["get_weather", { city: "Seoul", days: 3 }]], "Let me check."],
    ["a JSON block", section(call("get_weather", json('{"city": "杭州"}'))), [["get_weather", { city: "杭州" }]], ""],
    ["two calls", section(call("get_weather", arg("city", "Oslo")), call("get_time", arg("tz", "CET"), 2)), [["get_weather", { city: "Oslo" }], ["get_time", { tz: "CET" }]], ""],
    ["a string kept with its spaces", section(call("get_weather", arg("city", " New York "))), [["get_weather", { city: " New York " }]], ""],
    ["no arguments", section(call("get_time", "")), [["get_time", {}]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a tool the request does not declare", section(call("book_flight", arg("to", "NYC")))],
    ["a call shown as an example", `For example:\n${section(call("get_weather", arg("city", "Paris")))}`],
    ["a section cut short", `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>`],
    ["prose mentioning the tokens", "Kimi K3 opens its calls with <|open|>tools<|sep|> and closes them later."],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("Kimi K3: the word null for an optional string", () => {
  it("is the word when the argument says type=\"string\"", () => {
    expect(readBothWays(section(call("get_time", arg("tz", "null"))))).toEqual({ calls: [["get_time", { tz: "null" }]], text: "" });
  });

  it.each<[string, string]>([
    ["no type said", section(call("get_time", '<|open|>argument key="tz"<|sep|>null<|close|>argument<|sep|>'))],
    ["another type said", section(call("get_time", arg("tz", "null", "null")))],
  ])("with %s, stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("Kimi K3: a tools section left open after closed calls", () => {
  const open = "<|open|>tools<|sep|>";
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", `${open}${call("get_weather", arg("city", "Oslo"))}`, [["get_weather", { city: "Oslo" }]], ""],
    ["two calls, a line break after", `${open}${call("get_weather", arg("city", "Oslo"))}${call("get_time", arg("tz", "UTC"), 2)}\n`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], ""],
    ["a JSON block", `${open}${call("get_weather", json('{"city": "Oslo"}'))}`, [["get_weather", { city: "Oslo" }]], ""],
    ["prose before", `On it.\n${open}${call("get_time", arg("tz", "UTC"))}`, [["get_time", { tz: "UTC" }]], "On it."],
    ["after a closed section", `${section(call("get_time", arg("tz", "UTC")))}\n${open}${call("get_time", arg("tz", "CET"))}`, [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
  ])("%s: each call's own closer ends it, read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["cut inside its call", `${open}<|open|>call tool="get_weather" index="1"<|sep|>${arg("city", "Oslo")}`],
    ["cut after the next call's opening", `${open}${call("get_weather", arg("city", "Oslo"))}<|open|>call tool="get_time" index="2"<|sep|>`],
    ["text after the last call", `${open}${call("get_weather", arg("city", "Oslo"))} Done.`],
    ["nothing but the section's opening", open],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
