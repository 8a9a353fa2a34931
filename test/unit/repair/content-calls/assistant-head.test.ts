/**
 * A chat template's head for the assistant's turn opening the text (`<|im_start|>assistant` then a line break, Llama
 * 3's `<|start_header_id|>assistant<|end_header_id|>`, Llama 4's, Gemma's `<start_of_turn>model` line, Phi's
 * `<|assistant|>`, DeepSeek's `<｜Assistant｜>`): the answer starts after it. Every call format reads after it as at
 * the text's start, and what is text at the start stays text after it: a fence that opens the text with prose after it
 * (a code block and its explanation), an indented code block. Whole and streamed. Near-misses: the user's turn before a
 * call (an echo of the prompt: text), a head cut before its line break, a head after prose.
 */
import { describe, expect, it } from "vitest";
import { afterAssistantHead } from "../../../../src/repair/content-calls/assistant-head.ts";
import { eachFormat, parisCallFormats, readBothWays } from "./read-both-ways.ts";

const heads = [
  "<|im_start|>assistant\n",
  "<|im_start|>assistant\r\n",
  "<|start_header_id|>assistant<|end_header_id|>\n\n",
  "<|start_header_id|>assistant<|end_header_id|>",
  "<|header_start|>assistant<|header_end|>\n\n",
  "<start_of_turn>model\n",
  "<|assistant|>\n",
  "<｜Assistant｜>",
  "\n<|im_start|>assistant\n",
];

const formats: Record<string, string> = {
  ...parisCallFormats,
  "unknown markup around a JSON call": `<<TOOL>>{"name": "get_weather", "arguments": {"city": "Paris"}}<</TOOL>>`,
  "a function-call tag": `<function-call> {"name": "get_weather", "arguments": {"city": "Paris"}}`,
};

describe("a call right after the assistant's head is read", () => {
  eachFormat(formats, heads, (head, call) => head + call, "read");
});

describe("what is text at the start stays text after the head", () => {
  const call = `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>`;
  const texts: Record<string, string> = {
    "a fence opening the text, prose after it": `\`\`\`xml\n${call}\n\`\`\`\nThat is the format.`,
    "a tilde fence opening the text, prose after it": `~~~xml\n${call}\n~~~\nMore explanation.`,
    "an indented code block": `    <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n`,
    "a tab-indented code block": `\t<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n`,
  };
  for (const [name, text] of Object.entries(texts)) {
    it.each(heads)(`${name}, after %j`, (head) => {
      expect(readBothWays(text).calls).toEqual([]);
      const content = head + text;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }
});

describe("near-misses", () => {
  it("the user's turn before a call is an echo of the prompt: text", () => {
    const content = `<|im_start|>user\n${parisCallFormats.Hermes}`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
  it("a head after prose changes nothing: the call is read as after the prose", () => {
    const content = `Let me check.\n<|im_start|>assistant\n${parisCallFormats.Hermes}`;
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
  it("the head alone, or cut, is text", () => {
    for (const content of ["<|im_start|>assistant\n", "<|im_start|>assistant", "<|im_start|>assist", "  \n"]) expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("afterAssistantHead", () => {
  it.each([
    ["<|im_start|>assistant\nHi", 22],
    ["<|im_start|>assistant\r\nHi", 23],
    ["  <|assistant|>Hi", 15],
    ["<|start_header_id|>assistant<|end_header_id|>\n\nHi", 45],
    ["<|im_start|>assistant", "maybe"],
    ["<|im_start|>assistant\r", "maybe"],
    ["<|im_st", "maybe"],
    ["\n\n", "maybe"],
    ["<|im_start|>assistantX", undefined],
    ["<|im_start|>user\nHi", undefined],
    ["<tool_call>", undefined],
    ["Hi", undefined],
  ])("%j: %j", (text, expected) => {
    expect(afterAssistantHead(text)).toBe(expected);
  });
});
