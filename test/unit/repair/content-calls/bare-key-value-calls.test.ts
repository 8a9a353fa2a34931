import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const agentTools: ToolDefinition[] = [
  ...tools,
  { name: "web_fetch", parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"] } },
  { name: "web_search", parameters: { type: "object", properties: { query: { type: "string" }, count: { type: "integer" } }, required: ["query"] } },
];

describe("a declared tool's name then key=value words, alone on the line", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one quoted value", 'web_fetch url="https://www.iana.org/help/example-domains"', [["web_fetch", { url: "https://www.iana.org/help/example-domains" }]], ""],
    ["a quoted value with spaces and a bare number", 'web_search query="rust async traits" count=5', [["web_search", { query: "rust async traits", count: 5 }]], ""],
    ["bare words, typed from the schema", "get_weather city=Paris days=2", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["single quotes", "web_search query='local llm tool calls'", [["web_search", { query: "local llm tool calls" }]], ""],
    ["a line after prose", 'Let me fetch it.\nweb_fetch url="https://example.org"', [["web_fetch", { url: "https://example.org" }]], "Let me fetch it."],
    ["spaces after the words", 'web_fetch url="https://example.org/a"   ', [["web_fetch", { url: "https://example.org/a" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls, text });
  });

  it.each([
    ["a key the tool does not declare", 'web_fetch link="https://example.org"'],
    ["prose after the words", 'web_fetch url="https://example.org" to read the page'],
    ["an undeclared tool", 'curl url="https://example.org"'],
    ["mid-line, in prose", 'Run web_fetch url="https://example.org" now.'],
    ["a word that is not key=value", 'web_fetch the url="https://example.org"'],
    ["a quote never closed", 'web_search query="rust async'],
    ["the name alone, then prose", "web_search is the tool for this."],
    ["a value running into a quote", 'web_search query=rust"async"'],
    ["shown as an example", 'For example:\nweb_fetch url="https://example.org"'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, agentTools)).toEqual({ calls: [], text: content });
  });
});
