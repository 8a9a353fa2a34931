import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const more: ToolDefinition[] = [
  ...tools,
  {
    name: "plan_trip",
    parameters: {
      type: "object",
      properties: {
        location: { type: "string" },
        options: { type: "object", properties: { unit: { type: "string" }, hourly: { type: "boolean" } } },
        days: { type: "array", items: { type: "string" } },
        note: { type: "string" },
      },
      required: ["location"],
    },
  },
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] } },
];

describe("a declared tool's element holding a YAML mapping", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one key a line, typed from the schema", "<get_weather>\ncity: Seoul\ndays: 3\n</get_weather>", [["get_weather", { city: "Seoul", days: 3 }]], ""],
    // The element's own indentation, in spaces or tabs alike.
    ["every line indented by two spaces", "<get_weather>\n  city: Seoul\n  days: 3\n</get_weather>", [["get_weather", { city: "Seoul", days: 3 }]], ""],
    ["every line indented by tabs", "<get_weather>\n\t\tcity: Seoul\n\t\tdays: 3\n</get_weather>", [["get_weather", { city: "Seoul", days: 3 }]], ""],
    ["tabs, then an object indented by spaces", "<plan_trip>\n\tlocation: Seoul\n\toptions:\n\t  unit: celsius\n</plan_trip>", [["plan_trip", { location: "Seoul", options: { unit: "celsius" } }]], ""],
    ["tabs and a block of text", "<write_file>\n\tpath: a.txt\n\tcontent: |\n\t  line one\n\t    line two\n</write_file>", [["write_file", { path: "a.txt", content: "line one\n  line two\n" }]], ""],
    ["after prose", "Let me check.\n<get_weather>\ncity: Seoul\n</get_weather>", [["get_weather", { city: "Seoul" }]], "Let me check."],
    ["a value on the line after its key", "<get_weather>\ncity:\n  Seoul\n</get_weather>", [["get_weather", { city: "Seoul" }]], ""],
    ["a quoted value, as YAML reads it", '<get_weather>\ncity: "New York: Manhattan"\n</get_weather>', [["get_weather", { city: "New York: Manhattan" }]], ""],
    ["a number for a string property stays its text", "<get_time>\ntz: 0100\n</get_time>", [["get_time", { tz: "0100" }]], ""],
    ["a list and an object", "<plan_trip>\nlocation: Seoul\noptions:\n  unit: celsius\ndays:\n  - mon\n  - tue\n</plan_trip>", [["plan_trip", { location: "Seoul", options: { unit: "celsius" }, days: ["mon", "tue"] }]], ""],
    ["a block scalar keeps its lines", "<write_file>\npath: a.md\ncontent: |\n  # Title\n  line two\n</write_file>", [["write_file", { path: "a.md", content: "# Title\nline two\n" }]], ""],
    ["two calls", "<get_time>\ntz: UTC\n</get_time>\n<get_time>\ntz: CET\n</get_time>", [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, more)).toEqual({ calls, text });
  });

  it.each([
    ["a key the tool does not declare", "<get_weather>\ncity: Seoul\nunits: metric\n</get_weather>"],
    ["prose that reads as a mapping", "<get_weather>\nThe city: Seoul\n</get_weather>"],
    ["a comment, which may be the model's own #", "<get_time>\ntz: UTC # the zone\n</get_time>"],
    ["a key without a value", "<get_weather>\ncity:\n</get_weather>"],
    ["a key written twice", "<get_time>\ntz: UTC\ntz: CET\n</get_time>"],
    ["an alias", "<get_weather>\ncity: &c Seoul\ndays: *c\n</get_weather>"],
    ["a tag", "<get_weather>\ncity: !!str Seoul\n</get_weather>"],
    ["a YAML error", "<get_weather>\ncity: what: now\n</get_weather>"],
    ["two documents", "<get_time>\ntz: UTC\n---\ntz: CET\n</get_time>"],
    ["a list where a string goes", "<get_weather>\ncity:\n  - Seoul\n  - Busan\n</get_weather>"],
    ["never closed", "<get_weather>\ncity: Seoul\n"],
    ["a plain word", "<get_weather>Seoul</get_weather>"],
    ["a tool that was not declared", "<read_file>\npath: a.txt\n</read_file>"],
    ["a tab inside the mapping's own indentation", "<plan_trip>\nlocation: Seoul\noptions:\n\tunit: celsius\n</plan_trip>"],
    ["lines indented by different tabs", "<get_weather>\n\tcity: Seoul\n\t\tdays: 3\n</get_weather>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});

describe("a declared tool's self-closing element", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", "<get_time/>", [["get_time", {}]], ""],
    ["with a space before the slash", "<get_time />", [["get_time", {}]], ""],
    ["after prose", "Checking.\n<get_time/>", [["get_time", {}]], "Checking."],
    ["then a call with arguments", "<get_time/>\n<get_weather>\ncity: Seoul\n</get_weather>", [["get_time", {}], ["get_weather", { city: "Seoul" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, more)).toEqual({ calls, text });
  });

  it.each([
    ["in a sentence", "Use <get_time/> to read the clock."],
    ["an undeclared tool", "<read_file/>"],
    ["an attribute", '<get_time tz="UTC"/>'],
    ["HTML", "<br/>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, more)).toEqual({ calls: [], text: content });
  });
});
