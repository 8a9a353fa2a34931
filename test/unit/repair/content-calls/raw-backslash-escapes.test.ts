import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const hermes = (args: string) => `<tool_call>{"name": "get_weather", "arguments": ${args}}</tool_call>`;

// A backslash that starts no JSON escape was written unescaped: kept, as the argument parsers keep it, never dropped.
describe("backslashes in the JSON of a call written as text, any format", () => {
  it.each([
    ["a Windows path", hermes(String.raw`{"city": "C:\Users\me"}`), String.raw`C:\Users\me`],
    ["a path that also spells escapes", hermes(String.raw`{"city": "C:\new\dir"}`), String.raw`C:\new\dir`],
    ["a regex", `<|python_tag|>{"name": "get_weather", "parameters": {"city": "\\d+\\s"}}`, String.raw`\d+\s`],
    ["single quotes", hermes(String.raw`{'city': 'C:\Users\me'}`), String.raw`C:\Users\me`],
    ["single quotes no Python reads", hermes(String.raw`{'city': 'C:\Users\new'}`), String.raw`C:\Users\new`],
    ["single quotes with an escaped quote", hermes(String.raw`{'city': 'it\'s \d'}`), String.raw`it's \d`],
    ["a Mistral list", String.raw`[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "C:\Users\me"}}]`, String.raw`C:\Users\me`],
    ["a fenced call with a trailing comma", "```json\n" + String.raw`{"name": "get_weather", "arguments": {"city": "C:\Users\x",}}` + "\n```", String.raw`C:\Users\x`],
    // JSON's own escapes keep their meaning where nothing says the string was written unescaped.
    ["escapes JSON knows, with a trailing comma", hermes(String.raw`{"city": "a\tb\\c",}`), "a\tb\\c"],
    // Pythonic calls: Python's reading, where a string holds only escapes, only kept backslashes, or a doubled one.
    ["a pythonic call's escapes", String.raw`[get_weather(city='a\tb')]`, "a\tb"],
    ["a pythonic call's regex", String.raw`[get_weather(city='\d+\.\d')]`, String.raw`\d+\.\d`],
    ["a pythonic call's escaped backslash", String.raw`[get_weather(city='a\\b\n\d')]`, "a\\b\n\\d"],
  ])("%s", (_title, content, city) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city }]]);
  });

  it.each([
    // Single quotes as Python reads them: `\n` a line break, `\d` a backslash; kept raw, both backslashes. Two readings.
    ["single quotes mixing escapes", hermes(String.raw`{'city': 'C:\new\dir'}`)],
    ["a single-quoted regex with a line break escape", hermes(String.raw`{'city': '\d+\n'}`)],
    // Pythonic calls alike, whichever the quote.
    ["a pythonic call's path mixing escapes", String.raw`[get_weather(city='C:\new\dir')]`],
    ["a pythonic call's regex mixing escapes", String.raw`[get_weather(city="\d+\n")]`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
