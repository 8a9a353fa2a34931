import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  {
    title: "Mistral's JSON list (tabbyAPI's completion text)",
    content: '[TOOL_CALLS]▁[{"name":▁"get_weather",▁"arguments":▁{"city":▁"Moscow",▁"days":▁2}}]',
    calls: [["get_weather", { city: "Moscow", days: 2 }]],
    text: "",
  },
  {
    title: "a Hermes call",
    content: '<tool_call>\n{"name":▁"get_weather",▁"arguments":▁{"city":▁"Oslo"}}\n</tool_call>',
    calls: [["get_weather", { city: "Oslo" }]],
    text: "",
  },
  {
    // The text around the call is not ours to rewrite: it stays as written.
    title: "a bare JSON call after prose",
    content: 'Let▁me▁check.\n{"name":▁"get_time",▁"arguments":▁{"tz":▁"UTC"}}',
    calls: [["get_time", { tz: "UTC" }]],
    text: "Let▁me▁check.",
  },
];

const prose: [string, string][] = [
  ["a marker inside a value as well", '[TOOL_CALLS]▁[{"name":▁"get_weather",▁"arguments":▁{"city":▁"New▁York"}}]'],
  ["a marker inside a key as well", '<tool_call>\n{"name":▁"get_weather",▁"arguments":▁{"ci▁ty":▁"Oslo"}}\n</tool_call>'],
  ["an undeclared tool", '[TOOL_CALLS]▁[{"name":▁"delete_all",▁"arguments":▁{}}]'],
  ["markers in prose", "I▁will▁check▁the▁weather▁for▁you."],
];

describe("calls whose spaces are SentencePiece markers", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
