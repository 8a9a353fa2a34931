import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools as baseTools } from "./read-both-ways.ts";

const python: ToolDefinition = { name: "python", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } };
const tools = [...baseTools, python];

/** Functionary v2.5's separator token, one per tokenizer, where v3 writes `>>>`. */
const separators = ["<|reserved_special_token_249|>", "<|placeholder6|>", "<|function|>"];

type Row = [string, (separator: string) => string, (readonly [string, unknown])[], string];

describe("Functionary v2.5's calls after its tokenizer's separator token", () => {
  const rows: Row[] = [
    ["one call alone", (s) => `${s}get_weather\n{"city": "Paris"}`, [["get_weather", { city: "Paris" }]], ""],
    ["two calls back to back, glued to a lead-in", (s) => `Let me compare both.${s}get_weather\n{"city": "Paris"}${s}get_weather\n{"city": "Oslo", "days": 2}`, [["get_weather", { city: "Paris" }], ["get_weather", { city: "Oslo", days: 2 }]], "Let me compare both."],
    ["calls of two tools", (s) => `${s}get_time\n{"tz": "UTC"}${s}get_weather\n{"city": "Rome"}`, [["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome" }]], ""],
    ["the code interpreter's raw code", (s) => `I will fix the code${s}python\nl = [1, 2]\nl.remove(2)\nl`, [["python", { code: "l = [1, 2]\nl.remove(2)\nl" }]], "I will fix the code"],
    ["raw code, then a JSON call", (s) => `${s}python\nprint(1)${s}get_time\n{"tz": "UTC"}`, [["python", { code: "print(1)" }], ["get_time", { tz: "UTC" }]], ""],
  ];
  for (const separator of separators) {
    it.each(rows)(`${separator}: %s`, (_title, build, calls, text) => {
      expect(readBothWays(build(separator), tools)).toEqual({ calls, text });
    });
  }

  const textRows: [string, (separator: string) => string, readonly ToolDefinition[]][] = [
    ["an undeclared tool", (s) => `${s}delete_all\n{"path": "/"}`, tools],
    ["raw code with no python tool declared", (s) => `${s}python\nprint('hey')`, baseTools],
    ["a name with no arguments after it", (s) => `Done.${s}get_weather\nIt is sunny.`, tools],
  ];
  for (const separator of separators) {
    it.each(textRows)(`${separator}: %s stays text`, (_title, build, toolList) => {
      const content = build(separator);
      expect(readBothWays(content, toolList)).toEqual({ calls: [], text: content });
    });
  }
});
