import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const v3 = (json: string): string => `<|message_sep|>\n\nfunction call<|role_sep|>\n${json}`;
const v31 = (json: string): string => `<|function_call|>${json}`;
const weather = '{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}';

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "GigaChat 3, one call", content: v3(weather), calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "GigaChat 3, prose before and the end token", content: `I'll check that for you.${v3(weather)}</s>`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "I'll check that for you." },
  { title: "GigaChat 3.1, one call", content: v31(weather), calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "GigaChat 3.1, prose before and the end token", content: `I'll check that for you.${v31('{"name": "get_time", "arguments": {}}')}</s>`, calls: [["get_time", {}]], text: "I'll check that for you." },
];

const prose: [string, string][] = [
  ["an undeclared tool", v31('{"name": "delete_all", "arguments": {"path": "/"}}')],
  ["GigaChat 3's separator before a text message naming a tool", "<|message_sep|>\n\nassistant<|role_sep|>\nget_weather needs a city."],
  ["the separator alone", "Done.<|message_sep|>\n\nSee you."],
  ["JSON that is not a call", v31('{"city": "Oslo"}')],
  ["a call shown as an example", `For example:\n${v31(weather)}`],
];

describe("GigaChat calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
