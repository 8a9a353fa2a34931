import { describe, expect, it } from "vitest";
import { onlyEndOfTurn, splitEndOfTurn } from "../../../../src/repair/content-calls/end-of-turn.ts";
import { readBothWays } from "./read-both-ways.ts";

const qwenXml = (eol: string): string =>
  ["<tool_call>", "<function=get_weather>", "<parameter=city>", "Paris", "</parameter>", "<parameter=days>", "3", "</parameter>", "</function>", "</tool_call>"].join(eol);

describe("CRLF line breaks around tagged values", () => {
  it.each([
    ["Qwen3-Coder XML written with CRLF", qwenXml("\r\n"), { city: "Paris", days: 3 }],
    ["pretty-printed with CRLF", "<tool_call>\r\n  <function=get_weather>\r\n    <parameter=city>\r\nParis\r\n    </parameter>\r\n    <parameter=days>\r\n      3\r\n    </parameter>\r\n  </function>\r\n</tool_call>", { city: "Paris", days: 3 }],
    ["an indented string value stays a guess with CRLF too", "<tool_call>\r\n  <function=get_weather>\r\n    <parameter=city>\r\n    Paris\r\n    </parameter>\r\n  </function>\r\n</tool_call>", undefined],
    ["a CRLF inside a value is the value's own", "<tool_call>\r\n<function=get_weather>\r\n<parameter=city>\r\nNew\r\nYork\r\n</parameter>\r\n</function>\r\n</tool_call>", { city: "New\r\nYork" }],
  ])("%s", (_title, content, args) => {
    const reading = readBothWays(content);
    if (args === undefined) expect(reading.calls).toEqual([]);
    else expect(reading.calls).toEqual([["get_weather", args]]);
  });

  it("reads the same arguments as the LF text", () => {
    expect(readBothWays(qwenXml("\r\n")).calls).toEqual(readBothWays(qwenXml("\n")).calls);
  });
});

describe("end-of-turn tokens a server left after the calls", () => {
  it.each([
    ["a JSON call in a tag left open, then <|im_end|> (the token stays, as after a closed call)", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n<|im_end|>', "<|im_end|>"],
    ["a bare JSON call missing its last brace, then <|eot_id|>", '{"name": "get_weather", "arguments": {"city": "Paris"}<|eot_id|>', "<|eot_id|>"],
    ["a pythonic list after prose, then </s>", "Checking. [get_weather(city='Paris')]</s>", "Checking. </s>"],
    ["a JSON list after reasoning, then two tokens", '<think>ok</think>[{"name": "get_weather", "arguments": {"city": "Paris"}}] <|im_end|>\n<|endoftext|>', "<think>ok</think><|im_end|>\n<|endoftext|>"],
    ["a closed call keeps the token in the text", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call><|im_end|>', "<|im_end|>"],
  ])("%s", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city: "Paris" }]], text });
  });

  it.each([
    ["prose after the token's place", "Checking. [get_weather(city='Paris')]<|im_end|> and more"],
    ["a token that is not an end of turn", "Checking. [get_weather(city='Paris')]<|tool|>"],
    ["a cut call before the token stays cut", '{"name": "get_weather", "arguments": {"city": "Par<|im_end|>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("splitEndOfTurn / onlyEndOfTurn", () => {
  it("splits the run of tokens and the space between them", () => {
    expect(splitEndOfTurn("x <|im_end|>\n</s>\n")).toEqual({ body: "x", tokens: " <|im_end|>\n</s>\n" });
    expect(splitEndOfTurn("x\n\n")).toEqual({ body: "x\n\n", tokens: "" });
    expect(splitEndOfTurn("<|im_end|> x")).toEqual({ body: "<|im_end|> x", tokens: "" });
  });

  it.each([
    ["", "yes"],
    [" <|eot_id|> ", "yes"],
    ["<|im_end|><|endoftext|>", "yes"],
    ["<|im", "maybe"],
    ["<|im_end|><|end", "maybe"],
    ["<|im_end|> ok", "no"],
    ["ok", "no"],
  ])("%j → %s", (rest, verdict) => {
    expect(onlyEndOfTurn(rest)).toBe(verdict);
  });
});
