import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A closed payload's end token inside one of its strings closes nothing: the list of calls (pythonic or JSON)
// reads to its own end, and the block's end token follows it.
describe("a payload's end token inside one of its strings", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Llama 4, pythonic", "<|python_start|>[get_time(tz='<|python_end|>')]<|python_end|>", [["get_time", { tz: "<|python_end|>" }]], ""],
    ["Llama 4, with prose after", "<|python_start|>[get_weather(city=\"a <|python_end|> b\", days=1)]<|python_end|>\nDone.", [["get_weather", { city: "a <|python_end|> b", days: 1 }]], "Done."],
    ["Nemotron, JSON", '<TOOLCALL>[{"name": "get_time", "arguments": {"tz": "</TOOLCALL>"}}]</TOOLCALL>', [["get_time", { tz: "</TOOLCALL>" }]], ""],
    ["Command R7B, JSON", '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_time", "parameters": {"tz": "<|END_ACTION|>"}}]<|END_ACTION|>', [["get_time", { tz: "<|END_ACTION|>" }]], ""],
    ["openPangu, JSON", '[unused11][{"name": "get_time", "arguments": {"tz": "[unused12]"}}][unused12]', [["get_time", { tz: "[unused12]" }]], ""],
  ])("%s: the call reads", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("a string never closed keeps the text", () => {
    const content = "<|python_start|>[get_time(tz='<|python_end|>)]<|python_end|>";
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
