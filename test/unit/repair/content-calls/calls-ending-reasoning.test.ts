import { describe, expect, it } from "vitest";
import { createTextHoldback, MAX_REASONING_CALL_CHARS } from "../../../../src/repair/text-holdback.ts";
import { onlyClosesReasoning } from "../../../../src/repair/content-calls/foreign-fence.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const paris = [["get_weather", { city: "Paris" }]];

describe("a call the reasoning ends on is the call the model made", () => {
  it.each([
    ["the call alone in the reasoning (Trinity)", `<think>${call}</think>`, "<think></think>"],
    ["reasoning never closed, the call last (Qwen3.5)", `<think>The user wants Paris.\n${call}`, "<think>The user wants Paris."],
    ["then the closing tag and a stop token", `<think>I will check.\n${call}\n</think>\n<|im_end|>`, "<think>I will check.\n</think>\n<|im_end|>"],
    ["a namespaced reasoning tag", `<seed:think>Checking.\n${call}</seed:think>`, "<seed:think>Checking.\n</seed:think>"],
    ["the call right after a sentence on its line", `<think>I need data. Let me check. ${call}</think>`, "<think>I need data. Let me check. </think>"],
    ["the call glued to the sentence", `<think>Need to inspect first.${call}</think>`, "<think>Need to inspect first.</think>"],
    ["a stop token before the closing tag", `<think>I will check.\n${call}<|im_end|></think>`, "<think>I will check.\n<|im_end|></think>"],
    // Stop tokens before the closing tag end nothing more than after it (Glaive's call ends with its `<|endoftext|>`, which goes with it).
    [
      "a stop token between the call and the closing tag",
      '<think>I need data. <functioncall> {"name": "get_weather", "arguments": {"city": "Paris"}} <|endoftext|></think>',
      "<think>I need data. </think>",
    ],
    [
      "Functionary v2's message, its `<|stop|>` before the closing tag",
      '<think>I need data. <|from|>assistant\n<|recipient|>get_weather\n<|content|>{"city": "Paris"}<|stop|></think>',
      "<think>I need data. </think>",
    ],
    ["Gemini's call, its end token before the closing tag", "<think>I need data. <ctrl42>call:get_weather{city:<ctrl46>Paris<ctrl46>}<ctrl43></think>", "<think>I need data. </think>"],
    [
      "MiniMax-M3's block, read one invoke at a time, its wrapper's closer last",
      '<think>I need data. ]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call></think>',
      "<think>I need data. </think>",
    ],
  ])("%s", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: paris, text });
  });

  it.each([
    ["more reasoning after it", `<think>Draft:\n${call}\nHmm, the user asked about Rome.</think>`],
    ["more reasoning after it on its line", `<think>Need to inspect first.${call}Then continue.</think>`],
    [
      "MiniMax-M3's block, more reasoning after it",
      '<think>]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Paris]<]minimax[>[</city>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call> Then I answer.</think>',
    ],
    ["an answer after the reasoning", `<think>${call}</think>\nThe weather in Paris is sunny.`],
    ["a hedge before it", `<think>maybe ${call}</think>`],
    ["`or` before it", `<think>Or:\n${call}`],
    ["an example lead-in before it", `<think>For example:\n${call}</think>`],
    ["bare JSON, not markup", '<think>{"name": "get_weather", "arguments": {"city": "Paris"}}</think>'],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("a call drafted in the reasoning and one made after it: only the one made", () => {
    const rome = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call>';
    expect(readBothWays(`<think>${call}</think>\n${rome}`).calls).toEqual([["get_weather", { city: "Rome" }]]);
  });

  it("reasoning that only mentions a tag streams on once the tag has gone unclosed for a bounded stretch", () => {
    const content = `<think>I should emit a <tool_call> block with the city. ${"Then I weigh the options. ".repeat(200)}`;
    const holdback = createTextHoldback({ tools });
    let released = "";
    for (const char of content) released += holdback.push(char);
    expect(content.length - released.length).toBeLessThanOrEqual(MAX_REASONING_CALL_CHARS + 1);
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("a call in reasoning that takes longer than the bound to close is not read", () => {
    const long = `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${"P".repeat(MAX_REASONING_CALL_CHARS)}"}}\n</tool_call>`;
    expect(readBothWays(`<think>${long}</think>`).calls).toEqual([]);
  });

  it("reasoning after a drafted call streams on at once, not at the end", () => {
    const holdback = createTextHoldback({ tools });
    let released = "";
    for (const char of `<think>Draft: ${call}\nNo, first the forecast`) released += holdback.push(char);
    expect(released).toContain("No, first the");
  });
});

describe("onlyClosesReasoning", () => {
  it.each([
    ["", "yes"],
    ["\n</think>\n", "yes"],
    ["</seed:think><|im_end|>", "yes"],
    ["</thi", "maybe"],
    ["<|im", "maybe"],
    ["</think> Done.", "no"],
    ["Hmm", "no"],
  ])("%j → %s", (rest, verdict) => {
    expect(onlyClosesReasoning(rest)).toBe(verdict);
  });
});

describe("the answer right after the reasoning's closing tag opens its line", () => {
  // Formats that must open a line (ReAct's label, a tool's own element, a declared name and its object) are
  // read when the answer starts glued to the closing tag, as servers without a reasoning parser leave it.
  const lineCalls = [
    ["ReAct", 'Action: get_weather\nAction Input: {"city": "Paris"}'],
    ["a tool's own element", "<get_weather>\n<city>Paris</city>\n</get_weather>"],
    ["a declared name and its object", 'get_weather{"city": "Paris"}'],
  ] as const;
  const closers = ["</think>", "</seed:think>", "</thinking>", "[/THINK]"] as const;

  for (const [format, written] of lineCalls) {
    it.each(closers)(`${format} after %s`, (closer) => {
      expect(readBothWays(`The user wants the weather in Paris.${closer}${written}`).calls).toEqual(paris);
    });
    it(`${format} after the whole reasoning block`, () => {
      expect(readBothWays(`<think>The user wants the weather in Paris.</think>${written}`).calls).toEqual(paris);
    });
    it.each([
      ["a tag that only looks like a closer", "</thinker>"],
      ["another element's closer", "</b>"],
      ["a closing bracket", "[1]"],
    ])(`${format} after %s stays text`, (_title, before) => {
      expect(readBothWays(`See ${before}${written}`).calls).toEqual([]);
    });
  }
});
