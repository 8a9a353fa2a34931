import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A closer forgotten: the block ends with its call, and the prose the model wrote after it is kept as text.
describe("prose after a call block never closed stays text", () => {
  it.each<[string, string]>([
    ["a Hermes JSON call", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}\nI will tell you once it returns.'],
    ["a JSON list of calls", '<tool_call>[{"name": "get_time", "arguments": {"tz": "UTC"}}]\nI will tell you once it returns.'],
    ["a function tag with an object", '<tool_call><function=get_time>{"tz": "UTC"}\nI will tell you once it returns.'],
    ["GLM-4's name line and object", '<tool_call>get_time\n{"tz": "UTC"}\nI will tell you once it returns.'],
    ["Qwen3-Coder XML whose </tool_call> was lost", "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\nI will tell you once it returns."],
    ["a Llama function tag left open", '<function=get_time>{"tz": "UTC"}\nI will tell you once it returns.'],
  ])("%s", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_time", { tz: "UTC" }]], text: "I will tell you once it returns." });
  });

  it("prose that takes the call back keeps it all text", () => {
    const content = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}\nWait, actually no.';
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("a second block still ends the first", () => {
    const content = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}\n<tool_call>{"name": "get_time", "arguments": {"tz": "CET"}}';
    expect(readBothWays(content).calls).toEqual([["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]]);
  });
});

// Words between a block's JSON and its closer are prose too: reading the call must not drop them.
describe("prose inside a closed block, after its JSON calls, stays text", () => {
  it.each<[string, string, string]>([
    ["a sentence on the next line", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}\nI will tell you once it returns.</tool_call>', "I will tell you once it returns."],
    ["a word on the same line", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}} hello</tool_call>', "hello"],
    ["after a list of calls", '<tool_call>[{"name": "get_time", "arguments": {"tz": "UTC"}}] One moment.</tool_call>', "One moment."],
    ["another tag's spelling", '<tool>{"name": "get_time", "arguments": {"tz": "UTC"}}\nOne moment.</tool>', "One moment."],
  ])("%s", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_time", { tz: "UTC" }]], text });
  });

  it("a bracket typed once too often is syntax, not prose", () => {
    expect(readBothWays('<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}}</tool_call>')).toEqual({ calls: [["get_time", { tz: "UTC" }]], text: "" });
    expect(readBothWays('<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}]</tool_call>')).toEqual({ calls: [["get_time", { tz: "UTC" }]], text: "" });
  });

  it("words that take the call back keep it all text", () => {
    const content = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}\nWait, actually no.</tool_call>';
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("words between a call and its frame's end are not dropped with the frame", () => {
  it.each<[string, string, string]>([
    ["Qwen3-Coder XML, after </function>", "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\nOne moment.\n</tool_call>", "One moment."],
    ["LFM2, before its end token", '<|tool_call_start|>[get_time(tz="UTC")] One moment.<|tool_call_end|>', "One moment."],
    ["LFM2, its end token missing", '<|tool_call_start|>[get_time(tz="UTC")]\nOne moment.', "One moment."],
  ])("%s: the words stay text", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_time", { tz: "UTC" }]], text });
  });

  it.each<[string, string]>([
    ["DeepSeek V3, after the fence", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_time\n```json\n{"tz": "UTC"}\n```\nOne moment.<｜tool▁call▁end｜><｜tool▁calls▁end｜>'],
    ["DeepSeek V3.1, after the object", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"} One moment.<｜tool▁call▁end｜><｜tool▁calls▁end｜>'],
    ["DeepSeek, its end token broken", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"}<｜tool\nOne moment.\n▁call▁end｜>'],
  ])("%s: the text stays as it is", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it("DeepSeek's calls with only its tokens and a stop token after them are read", () => {
    const content = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"}<｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
    expect(readBothWays(content).calls).toEqual([["get_time", { tz: "UTC" }]]);
  });
});
