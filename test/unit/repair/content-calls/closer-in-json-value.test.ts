import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback, extractHeldCalls } from "../../../../src/repair/text-holdback.ts";
import { readBothWays, tools } from "./read-both-ways.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";

describe("a tag block whose JSON value holds the closing tag in a string", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Hermes, the closer in an argument", '<tool_call>{"name":"get_weather","arguments":{"city":"echo </tool_call> test"}}</tool_call>', [["get_weather", { city: "echo </tool_call> test" }]], ""],
    ["spaces around the value, text after", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "a</tool_call>b"}}\n</tool_call>\nDone.', [["get_weather", { city: "a</tool_call>b" }]], "Done."],
    ["the opening tag in a value", '<tool_call>{"name":"get_weather","arguments":{"city":"<tool_call>"}}</tool_call>', [["get_weather", { city: "<tool_call>" }]], ""],
    [
      "two blocks, the first holding both tags",
      '<tool_call>{"name":"get_weather","arguments":{"city":"<tool_call>x</tool_call>"}}</tool_call>\n<tool_call>{"name":"get_time","arguments":{}}</tool_call>',
      [["get_weather", { city: "<tool_call>x</tool_call>" }], ["get_time", {}]],
      "",
    ],
    ["MiniMax's [TOOL_CALL]", '[TOOL_CALL] {"tool": "get_time", "args": {"tz": "[/TOOL_CALL]"}} [/TOOL_CALL]', [["get_time", { tz: "[/TOOL_CALL]" }]], ""],
    ["closers written twice after the call", '<tool_call>{"name":"get_time","arguments":{}}</tool_call></tool_call>', [["get_time", {}]], ""],
    ["Llama's <function=…>, its closer in an argument", '<function=get_weather>{"city": "a </function> b"}</function>', [["get_weather", { city: "a </function> b" }]], ""],
    ["Llama's <function=…>, the closer in an argument, text after", '<function=get_weather>{"city": "</function>"}</function>\nDone.', [["get_weather", { city: "</function>" }]], "Done."],
    ["Llama's <function=…>, two calls, the closer in the first", '<function=get_weather>{"city": "</function>"}</function><function=get_time>{}</function>', [["get_weather", { city: "</function>" }], ["get_time", {}]], ""],
    ["<tool_use>, another call tag in an argument", '<tool_use>{"name": "get_weather", "input": {"city": "<tool_call>"}}</tool_use>', [["get_weather", { city: "<tool_call>" }]], ""],
    [
      "<tool_use>, another call tag's block in an argument, text after",
      '<tool_use>{"name": "get_weather", "input": {"city": "<tool_call>x</tool_call>"}}</tool_use>\nDone.',
      [["get_weather", { city: "<tool_call>x</tool_call>" }]],
      "Done.",
    ],
    ["a <tool_use> mention before a <tool_call> block", 'No <tool_use> here.\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>', [["get_time", {}]], "No <tool_use> here."],
    [
      "Harmony, its call token in an argument",
      '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "<|call|>"}<|call|>',
      [["get_weather", { city: "<|call|>" }]],
      "",
    ],
    [
      "Harmony, an end token in an argument, text after",
      '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "a<|end|>b"}<|call|>\nOne moment.',
      [["get_weather", { city: "a<|end|>b" }]],
      "One moment.",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a value that does not parse", '<tool_call>{"name":"get_weather","arguments":{"city":"a </tool_call> b"}</tool_call>'],
    ["text between the value and the closer", '<tool_call>{"name":"get_weather","arguments":{"city":"a </tool_call> b"}} more</tool_call>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  // Streamed, a held block must cost one pass: these finish (timed by hand, well under a second each).
  const hostile = [
    `<tool_call>{"name": "get_time", "arguments": {"tz": "${"</tool_call>".repeat(80_000)}`,
    `<tool_call>{"a": "${'</tool_call>" "'.repeat(60_000)}`,
    `<tool_call>${" ".repeat(500_000)}${"{".repeat(400_000)}`,
    `<tool_call>{"a": "${"\\".repeat(900_000)}</tool_call>`,
  ];
  it.each(hostile.map((content, index) => [index, content] as const))("hostile input %i, about 1 MB, completes whole and streamed", (_index, content) => {
    expect(() => extractToolCallsFromContent(content, tools)).not.toThrow();
    for (const maxChars of [undefined, 2_000_000]) {
      expect(() => extractHeldCalls(content, { tools, maxChars })).not.toThrow();
      const holdback = createTextHoldback({ tools, maxChars });
      let released = "";
      for (let at = 0; at < content.length; at += 4096) released += holdback.push(content.slice(at, at + 4096));
      expect(released + holdback.end().text).toBe(content);
    }
  }, HANG_GUARD_MS);
});
