import { describe, expect, it } from "vitest";
import { smartQuotedPair } from "../../../src/repair/smart-quote-pairs.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { callOutcomes } from "./call-outcomes.ts";

describe("smartQuotedPair", () => {
  it.each([
    ["{“command”: “echo ‘no nvidia’”}", "echo ‘no nvidia’"],
    ["{“q”: “say “hi” now”, “n”: 1}", "say “hi” now"],
    ["{‘q’: ‘the „best“ one’}", "the „best“ one"],
    ["{“a”: “x”, “b”: “call «it» so”}", "call «it» so"],
    // the separators typed in their fullwidth forms
    ["{“a”：“x”，“b”：“say “hi” now”}", "say “hi” now"],
    ["｛“q”：“echo ‘a b’”｝", "echo ‘a b’"],
  ])("%s → %s", (text, inner) => expect(smartQuotedPair(text)).toBe(inner));

  it.each([
    // an apostrophe in a word opens no pair
    "{“key”: “it’s working”}",
    "{“a”: “the users’ files”, “b”: “don’t”}",
    // a plain quote anywhere: no filter turned the text, the typographic pair is the model's own
    '{"a": „she said “hi” today”}',
    "{“q”: “say “hi” now”, 'n': 1}",
    // typographic quotes only as delimiters
    "{“city”: “Paris”, “unit”: “c”}",
    "{“city”：“Paris”，“unit”：“c”}",
  ])("%s → nothing", (text) => expect(smartQuotedPair(text)).toBeUndefined());
});

describe("a call whose every quote is typographic, with a pair inside a string", () => {
  const tools: ToolDefinition[] = [
    { name: "terminal", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
    { name: "note", parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
  ];
  const { repairOf, textOutcome } = callOutcomes(tools);

  it.each<[string, string, string, unknown]>([
    ["a shell command's quotes", "terminal", "{“command”: “df -h || echo ‘no disk’”}", "refused"],
    ["quoted words in a note", "note", "{“text”: “she said “hi” twice”}", "refused"],
    // near misses: an apostrophe, a plain quote elsewhere, no pair at all
    ["an apostrophe in a word", "note", "{“text”: “it’s working”}", { text: "it’s working" }],
    ["a plain key beside the typographic pair", "note", '{"text": “she said ‘hi’ twice”}', { text: "she said ‘hi’ twice" }],
    ["typographic delimiters only", "terminal", "{“command”: “df -h”}", { command: "df -h" }],
  ])("%s", (_what, name, text, expected) => expect(repairOf(name, text)).toEqual(expected));

  it.each<[string, string, unknown]>([
    ["a chat surface's call line", "[Calling tool: terminal with arguments: {“command”: “df -h || echo ‘no disk’”}]", "refused"],
    ["in Hermes call tags", "<tool_call>{“name”: “terminal”, “arguments”: {“command”: “echo ‘a b’”}}</tool_call>", "text"],
    ["the line with no pair", "[Calling tool: terminal with arguments: {“command”: “df -h”}]", { command: "df -h" }],
  ])("%s, whole and streamed", (_what, content, expected) => expect(textOutcome(content)).toEqual(expected));
});
