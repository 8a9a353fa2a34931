import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import { readBothWays, tools } from "./read-both-ways.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";

/** The tags other than `<tool_call>` that hold only JSON calls, one of each kind. */
const wrappers: readonly (readonly [string, string])[] = [
  ["<tools>", "</tools>"],
  ["<function>", "</function>"],
  ["<response>", "</response>"],
  ["<json>", "</json>"],
  ["<answer>", "</answer>"],
  ["<action>", "</action>"],
  ["[TOOL]", "[/TOOL]"],
  ["[function_call]", "[/function_call]"],
];

describe("a JSON-only wrapper keeps a <tool_call> block's rules", () => {
  describe.each(wrappers)("%s…%s", (open, close) => {
    it.each<[string, string, (readonly [string, unknown])[], string]>([
      ["its closer inside an argument", `${open}{"name": "get_weather", "arguments": {"city": "a ${close} b"}}${close}`, [["get_weather", { city: `a ${close} b` }]], ""],
      ["its closer ending an argument, on lines of their own, text after", `Checking.\n${open}\n{"name": "get_weather", "arguments": {"city": "see ${close}"}}\n${close}\nDone.`, [["get_weather", { city: `see ${close}` }]], "Checking.\nDone."],
      ["its last brace dropped right before the closer", `${open}{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}${close}`, [["get_weather", { city: "Oslo", days: 2 }]], ""],
      ["its last brace dropped, the closer on its own line, after prose", `Let me look.\n${open}\n{"name": "get_time", "arguments": {"tz": "UTC"}\n${close}`, [["get_time", { tz: "UTC" }]], "Let me look."],
    ])("reads %s", (_title, content, calls, text) => {
      expect(readBothWays(content)).toEqual({ calls, text });
    });

    it.each([
      ["the closer in a value that does not parse", `${open}{"name": "get_weather", "arguments": {"city": "a ${close} b"}${close}`],
      ["words between the JSON and the closer", `${open}{"name": "get_weather", "arguments": {"city": "a ${close} b"}} more${close}`],
      ["two braces dropped", `${open}{"name": "get_weather", "arguments": {"city": "Paris"${close}`],
      ["a brace dropped in a block of two calls", `${open}{"name": "get_time", "arguments": {}}, {"name": "get_time", "arguments": {}${close}`],
      ["a brace dropped, the call ending with a string", `${open}{"arguments": {"city": "Paris"}, "name": "get_weather"${close}`],
      ["a list with its bracket and a brace dropped", `${open}[{"name": "get_time", "arguments": {}${close}`],
      ["a brace dropped from a call naming no declared tool", `${open}{"name": "book_flight", "arguments": {"to": "Paris"}${close}`],
    ])("leaves %s as text", (_title, content) => {
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  });

  it("streamed, a held wrapper costs one pass on about 1 MB of closers in a string", () => {
    const content = `<tools>{"name": "get_time", "arguments": {"tz": "${"</tools>".repeat(120_000)}`;
    expect(() => extractToolCallsFromContent(content, tools)).not.toThrow();
    const holdback = createTextHoldback({ tools });
    let released = "";
    for (let at = 0; at < content.length; at += 4096) released += holdback.push(content.slice(at, at + 4096));
    expect(released + holdback.end().text).toBe(content);
  }, HANG_GUARD_MS);
});
