import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

/** The declared tools, with a tool's own element's name (Cline, Roo Code) among them. */
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
];

const hermes = (city: string): string => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;
const element = (path: string): string => `<read_file>\n<path>${path}</path>\n</read_file>`;
const kimi = (city: string, index: number): string => `functions.get_weather:${index}{"city": "${city}"}`;
const pythonic = (city: string): string => `[get_weather(city="${city}")]`;

describe("calls with prose between them", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    [
      "a tool's own elements, a sentence between",
      `I'll read both files.\n\n${element("src/a.ts")}\n\nNow let me also check the other file.\n\n${element("src/b.ts")}`,
      [["read_file", { path: "src/a.ts" }], ["read_file", { path: "src/b.ts" }]],
      "I'll read both files.\n\nNow let me also check the other file.",
    ],
    [
      "Hermes blocks, a lead-in before each",
      `Checking Paris first:\n${hermes("Paris")}\nAnd now Rome:\n${hermes("Rome")}`,
      [["get_weather", { city: "Paris" }], ["get_weather", { city: "Rome" }]],
      "Checking Paris first:\nAnd now Rome:",
    ],
    [
      "Kimi's stripped calls between sentences",
      `Let me check Paris. ${kimi("Paris", 0)} Then Rome. ${kimi("Rome", 1)}`,
      [["get_weather", { city: "Paris" }], ["get_weather", { city: "Rome" }]],
      "Let me check Paris. Then Rome.",
    ],
    [
      "two formats, a sentence between",
      `${hermes("Paris")}\nI also need the file.\n${element("a.txt")}`,
      [["get_weather", { city: "Paris" }], ["read_file", { path: "a.txt" }]],
      "I also need the file.",
    ],
    [
      "the same call again: read once, where it first stands",
      `${hermes("Paris")}\nLet me try once more.\n${hermes("Paris")}`,
      [["get_weather", { city: "Paris" }]],
      "Let me try once more.",
    ],
    [
      "three groups",
      `${hermes("Paris")}\nNext, Rome.\n${hermes("Rome")}\nLast, Oslo.\n${hermes("Oslo")}`,
      [["get_weather", { city: "Paris" }], ["get_weather", { city: "Rome" }], ["get_weather", { city: "Oslo" }]],
      "Next, Rome.\nLast, Oslo.",
    ],
  ])("%s: each call is read", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["an example's lead-in before the first", `Example: ${pythonic("London")}\nReal: ${pythonic("Paris")}`],
    ["the second offered instead", `${hermes("Paris")}\nAlternatively:\n${hermes("Rome")}`],
    ["the second offered with `or`", `${hermes("Paris")}\nor\n${hermes("Rome")}`],
    ["the first taken back", `${hermes("Paris")}\nWait, actually, I meant Rome:\n${hermes("Rome")}`],
    ["the second taken back", `${hermes("Paris")}\nNow Rome:\n${hermes("Rome")}\nOops, wrong city.`],
    ["the second on a condition", `${hermes("Paris")}\nIf that fails, try:\n${hermes("Rome")}`],
    ["a result of the first stated between", `${hermes("Paris")}\nThe weather in Paris is sunny with 22°C. Now Rome:\n${hermes("Rome")}`],
    ["a result made up after the second", `${hermes("Paris")}\nNow Rome:\n${hermes("Rome")}\n<tool_response>{"temp": 20}</tool_response>\nBoth are warm.`],
    ["some of the calls again", `${hermes("Paris")}\nNow Rome:\n${hermes("Rome")}\nLet me try once more.\n${hermes("Paris")}`],
    ["a call again with a new one", `${hermes("Paris")}\nLet me try once more.\n${hermes("Paris")}\n${hermes("Rome")}`],
    ["the second naming an undeclared tool", `${hermes("Paris")}\nAnd the time:\n<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>`],
  ])("%s: the text stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  // A later call shown rather than made (an example, a call a sentence talks about, code) is text; the one made is read.
  it.each([
    ["an example's lead-in before the second", "For example:"],
    ["the second inside a sentence", "The parser saw"],
    ["the second in a code block the text goes on after", "The format:\n```"],
  ])("%s: the first call is read, the shown one stays text", (_title, lead) => {
    const tail = lead.endsWith("```") ? "\n```\nThat is all." : lead === "The parser saw" ? " and treated it as a call." : "";
    const shownCall = lead.endsWith("```") ? `\n${hermes("Rome")}` : ` ${hermes("Rome")}`;
    const content = `${hermes("Paris")}\n${lead}${shownCall}${tail}`;
    expect(readBothWays(content, tools)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text: `${lead}${shownCall}${tail}` });
  });
});
