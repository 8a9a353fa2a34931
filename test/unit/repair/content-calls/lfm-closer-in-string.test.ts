import { describe, expect, it } from "vitest";
import { closerAfterPythonList } from "../../../../src/repair/content-calls/closer-after-python-list.ts";
import { readBothWays } from "./read-both-ways.ts";

// LFM2's end token inside one of its list's strings closes nothing: Python's quotes say where each string ends.
const lfm = (list: string): string => `<|tool_call_start|>${list}<|tool_call_end|>`;

describe("LFM2: its end token inside a string of the list", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["in a single-quoted string", lfm("[get_weather(city='<|tool_call_end|>')]"), [["get_weather", { city: "<|tool_call_end|>" }]], ""],
    ["in a double-quoted string, with more arguments after", lfm('[get_weather(city="a <|tool_call_end|> b", days=2)]'), [["get_weather", { city: "a <|tool_call_end|> b", days: 2 }]], ""],
    ["in the JSON form's string", lfm('[{"name": "get_time", "arguments": {"tz": "<|tool_call_end|>"}}]'), [["get_time", { tz: "<|tool_call_end|>" }]], ""],
    ["with prose around", `Checking.\n${lfm("[get_time(tz='x<|tool_call_end|>')]")}\nDone.`, [["get_time", { tz: "x<|tool_call_end|>" }]], "Checking.\nDone."],
    ["in the second of two blocks", `${lfm("[get_time(tz='UTC')]")}${lfm("[get_time(tz='<|tool_call_end|>')]")}`, [["get_time", { tz: "UTC" }], ["get_time", { tz: "<|tool_call_end|>" }]], ""],
    ["an apostrophe in a double-quoted string", lfm(`[get_weather(city="it's")]`), [["get_weather", { city: "it's" }]], ""],
  ])("reads the call %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["the list's own end token missing after it", "<|tool_call_start|>[get_time(tz='<|tool_call_end|>')] and more"],
    ["a string never closed", lfm("[get_time(tz='<|tool_call_end|>)]")],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("finds the closer after the list only when one stands inside it", () => {
    expect(closerAfterPythonList("[f(a='<|x|>')] <|x|>", 0, ["<|x|>"])).toEqual([15, "<|x|>"]);
    expect(closerAfterPythonList("[f(a='b')]<|x|>", 0, ["<|x|>"])).toBeUndefined();
    expect(closerAfterPythonList("[f(a='<|x|>')] tail <|x|>", 0, ["<|x|>"])).toBeUndefined();
  });
});
