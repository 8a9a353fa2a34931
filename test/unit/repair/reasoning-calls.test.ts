import { describe, expect, it } from "vitest";
import { createReasoningHoldback, extractReasoningCalls, leavesReasoningToRead } from "../../../src/repair/reasoning-calls.ts";
import { MAX_REASONING_CALL_CHARS } from "../../../src/repair/text-holdback.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import { HANG_GUARD_MS } from "../../support/hang-guard.ts";
import { tools } from "./content-calls/read-both-ways.ts";

const hermes = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
const coder = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>";
const dsmlV4 =
  '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>';
const dsmlV32 =
  '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
const glm = "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>";
const paris = [["get_weather", { city: "Paris" }]];

/** Reads `reasoning` whole and streamed one character at a time; both must agree. */
function read(reasoning: string): { calls: (readonly [string, unknown])[]; reasoning: string } {
  const whole = extractReasoningCalls(reasoning, { tools });
  const holdback = createReasoningHoldback({ tools });
  let released = "";
  for (const char of reasoning) released += holdback.push(char);
  const end = holdback.end();
  expect(end.calls).toEqual(whole?.calls ?? []);
  expect(released + end.text).toBe(whole?.reasoning ?? reasoning);
  return { calls: (whole?.calls ?? []).map((call) => [call.name, JSON.parse(call.arguments) as unknown] as const), reasoning: whole?.reasoning ?? reasoning };
}

describe("a call the separate reasoning field ends on", () => {
  it.each([
    ["Hermes JSON after reasoning (Qwen3)", `The user wants the weather in Paris.\n${hermes}`, "The user wants the weather in Paris.\n"],
    ["Qwen3-Coder XML (Qwen3.5)", `I need the weather.\n\n${coder}\n`, "I need the weather.\n\n"],
    ["DeepSeek V4 DSML, nothing before it", `\n\n${dsmlV4}`, "\n\n"],
    ["DeepSeek V3.2 DSML", `Paris, then.\n${dsmlV32}`, "Paris, then.\n"],
    ["GLM tags", `Checking Paris.\n${glm}`, "Checking Paris.\n"],
    ["then a closing think tag a server left", `Checking.\n${hermes}\n</think>\n\n`, "Checking.\n</think>"],
    ["then a stop token", `Checking.\n${hermes}<|im_end|>`, "Checking.\n<|im_end|>"],
    ["then GLM's stop tokens for the tool's turn and the user's", `Checking.\n${glm}<|observation|>\n<|user|>`, "Checking.\n<|observation|>\n<|user|>"],
    ["after `check if`, which is no condition on the call", `Let me check if Paris is sunny.\n${hermes}`, "Let me check if Paris is sunny.\n"],
  ])("%s", (_title, reasoning, left) => {
    expect(read(reasoning)).toEqual({ calls: paris, reasoning: left });
  });

  it.each([
    ["reasoning goes on after it", `${hermes}\nBut the user asked about Rome.`],
    ["hedged", `Maybe I should call ${hermes}`],
    ["offered as an alternative", `Or:\n${hermes}`],
    ["under a condition", `If the user confirms, ${hermes}`],
    ["approximate", `I need to output something like:\n${hermes}`],
    ["an example", `For example:\n${hermes}`],
    ["taken back", `${hermes}\nWait, actually no.`],
    ["bare JSON is thought, not markup", '{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["a pythonic list is thought", '[get_weather(city="Paris")]'],
    ["Mistral's marker is thought", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'],
    ["a tool nobody declared", '<tool_call>\n{"name": "send_mail", "arguments": {"to": "a"}}\n</tool_call>'],
    ["a call left open", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par'],
    ["inside a fenced code block", "```python\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>\n```"],
    ["a template placeholder", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "<city>"}}\n</tool_call>'],
  ])("%s: stays reasoning", (_title, reasoning) => {
    expect(read(reasoning)).toEqual({ calls: [], reasoning });
  });

  it("a call that takes longer than the bound to close stays reasoning", () => {
    const long = `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${"P".repeat(MAX_REASONING_CALL_CHARS)}"}}\n</tool_call>`;
    expect(read(long).calls).toEqual([]);
  });

  describe("calls in a row, one block each (parallel calls in Qwen's template)", () => {
    const rome = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Rome"}}\n</tool_call>';
    const both = [...paris, ["get_weather", { city: "Rome" }]];

    it("are all read when the reasoning ends on the last", () => {
      expect(read(`Both cities.\n${hermes}\n${rome}`)).toEqual({ calls: both, reasoning: "Both cities.\n" });
    });

    it("also inside <think> in the text", () => {
      expect(extractToolCallsFromContent(`<think>Both cities.\n${hermes}\n${rome}`, tools)?.calls.map((call) => call.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Rome"}']);
    });

    it.each([
      ["the first hedged", `Maybe ${hermes}\n${rome}`],
      ["the reasoning goes on after the last", `${hermes}\n${rome}\nBut first the time.`],
    ])("none is read when %s (reading the rest would make only some)", (_title, reasoning) => {
      expect(read(reasoning).calls).toEqual([]);
      expect(extractToolCallsFromContent(`<think>${reasoning}`, tools)).toBeUndefined();
    });

    it("a call drafted, then prose, then the call made: the one made", () => {
      expect(read(`Draft: ${hermes}\nNo, the user means Rome.\n${rome}`).calls).toEqual([["get_weather", { city: "Rome" }]]);
    });
  });

  it("plain reasoning streams at once, byte for byte", () => {
    const holdback = createReasoningHoldback({ tools });
    const text = "The user wants {city} weather; I could use get_weather(city=...) and compare [1, 2].";
    expect(holdback.push(text)).toBe(text);
    expect(holdback.end()).toEqual({ text: "", calls: [] });
  });

  it("reasoning that only mentions a tag streams on after a bounded stretch", () => {
    const reasoning = `I should write a <tool_call> block with the city. ${"Then I weigh the options. ".repeat(200)}`;
    const holdback = createReasoningHoldback({ tools });
    let released = "";
    for (const char of reasoning) released += holdback.push(char);
    expect(reasoning.length - released.length).toBeLessThanOrEqual(MAX_REASONING_CALL_CHARS + 1);
  });

  it.each([
    [null, true],
    [undefined, true],
    ["", true],
    ["\n\n", true],
    ["Sunny.", false],
  ])("an answer text of %j leaves the reasoning to read: %s", (content, leaves) => {
    expect(leavesReasoningToRead(content)).toBe(leaves);
  });
});

describe("hostile reasoning", () => {
  it.each([
    ["many calls in a row, streamed in small deltas", `${hermes}\n`.repeat(300)],
    ["many unclosed tags", "<tool_call>".repeat(5_000)],
    ["a long run of spaces between two calls", `${hermes}${" ".repeat(50_000)}${hermes}`],
  ])("%s", (_title, reasoning) => {
    const holdback = createReasoningHoldback({ tools });
    let released = "";
    for (let at = 0; at < reasoning.length; at += 7) released += holdback.push(reasoning.slice(at, at + 7));
    const end = holdback.end();
    expect(released + end.text + end.calls.length).toBeDefined();
    expect(end.calls).toEqual(extractReasoningCalls(reasoning, { tools })?.calls ?? []);
  }, HANG_GUARD_MS);
});
