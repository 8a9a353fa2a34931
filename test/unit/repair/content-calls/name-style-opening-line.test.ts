import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// A declared tool's name opening a line, glued to its arguments (`web_fetch{…}`, `web_fetch(…)`), also in another
// naming style: `WebFetch{…}`, as a model used to a client's PascalCase tools writes it. The name field resolves the
// same spellings; in text, as there, the spelling must name exactly one declared tool.
const tool = (name: string, key = "url"): ToolDefinition => ({ name, parameters: { type: "object", properties: { [key]: { type: "string" } }, required: [key] } });
const tools = [tool("web_fetch"), tool("search", "query")];

describe("a declared name in another naming style opening a line", () => {
  it.each([
    ["PascalCase", `WebFetch{"url": "https://example.com"}`],
    ["camelCase", `webFetch{"url": "https://example.com"}`],
    ["kebab-case", `web-fetch{"url": "https://example.com"}`],
    ["capitals", `WEB_FETCH{"url": "https://example.com"}`],
    ["the object in parentheses", `WebFetch({"url": "https://example.com"})`],
    ["keyword arguments", `WebFetch(url="https://example.com")`],
    ["after a lead-in line", `Let me fetch that.\nWebFetch{"url": "https://example.com"}`],
  ])("%s: read as the declared tool", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([["web_fetch", { url: "https://example.com" }]]);
  });

  it.each([
    ["a sentence that opens with the name", "Search for the file in the repository."],
    ["the name then words in parentheses", "Search (optionally) the repository."],
    ["a longer word", `WebFetcher{"url": "https://example.com"}`],
    ["the name inside a sentence", `I would call WebFetch{"url": "https://example.com"} here.`],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it("a spelling two declared tools share reads neither", () => {
    const content = `WebFetch{"url": "https://example.com"}`;
    expect(readBothWays(content, [tool("web_fetch"), tool("webfetch")]).calls).toEqual([]);
  });
});
