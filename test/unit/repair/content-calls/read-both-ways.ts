/**
 * A text read the two ways toolmend reads it: whole (the non-streamed
 * answer) and streamed one character at a time, with what each gives.
 * Every format's table runs through it, so every row also checks that the
 * stream ends as the whole text does.
 */
import { expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

export const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

/** One call, `get_weather` for Paris, in eight formats of different families, for tables that vary the text around it. */
export const parisCallFormats = {
  Hermes: `<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>`,
  invoke: `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</function_calls>`,
  "Qwen3-Coder": `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>`,
  Mistral: `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]`,
  pythonic: `[get_weather(city="Paris")]`,
  "bare JSON": `{"name": "get_weather", "arguments": {"city": "Paris"}}`,
  ReAct: `Action: get_weather\nAction Input: {"city": "Paris"}`,
  "JSON fence": '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
};

export interface Reading {
  /** The calls, name and parsed arguments. */
  readonly calls: (readonly [string, unknown])[];
  /** The text left around them (trimmed), or the whole text when there is no call. */
  readonly text: string;
}

/** Reads `content` whole and streamed, asserts both agree, and returns the reading. */
export function readBothWays(content: string, toolList: readonly ToolDefinition[] = tools): Reading {
  const { calls, text } = readRawBothWays(content, toolList);
  return { calls: calls.map(([name, args]) => [name, JSON.parse(args) as unknown] as const), text };
}

/** As `readBothWays`, the arguments as the text gives them (for calls the repair pipeline has yet to judge). */
export function readRawBothWays(content: string, toolList: readonly ToolDefinition[] = tools): { calls: (readonly [string, string])[]; text: string } {
  const whole = extractToolCallsFromContent(content, toolList);
  const holdback = createTextHoldback({ tools: toolList });
  let released = "";
  for (const char of content) released += holdback.push(char);
  const end = holdback.end();
  expect(end.calls).toEqual(whole?.calls ?? []);
  const streamedText = released + end.text;
  if (whole === undefined) expect(streamedText).toBe(content);
  else expect(streamedText.trim()).toBe(whole.text);
  return { calls: (whole?.calls ?? []).map((call) => [call.name, call.arguments] as const), text: whole?.text ?? content };
}

/**
 * One row per format and text: `place` sets the format's call in the text, and the reading, whole and streamed, is
 * the text alone (`"stays text"`) or the call to `get_weather` for Paris (`"read"`).
 */
export function eachFormat(formats: Readonly<Record<string, string>>, texts: readonly string[], place: (text: string, call: string) => string, outcome: "stays text" | "read"): void {
  for (const [format, call] of Object.entries(formats)) {
    it.each(texts)(`${format}: %j`, (text) => {
      const content = place(text, call);
      if (outcome === "stays text") expect(readBothWays(content)).toEqual({ calls: [], text: content });
      else expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
}
