import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
const paris = [["get_weather", { city: "Paris" }]];

describe("<thinking> and <thought> are reasoning, as <think> is", () => {
  it.each([
    ["Apriel's <thinking>, more reasoning after the call", `<thinking>Draft: ${call} maybe</thinking>ok`],
    ["<thinking>, an answer after it", `<thinking>${call}</thinking>\nIt is sunny in Paris.`],
    ["Laguna's <thought>, more reasoning after the call", `<thought>${call}\nBut the user asked about Rome.</thought>`],
    ["a namespaced <x:thinking>", `<x:thinking>${call} or not</x:thinking>Done.`],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it.each([
    ["a call after the closed <thinking>", `<thinking>I'm\nthinking</thinking>Hello${call}`, "<thinking>I'm\nthinking</thinking>Hello"],
    ["a call after the closed <thought>", `<thought>Need current weather.</thought>\n${call}`, "<thought>Need current weather.</thought>"],
    ["a call the <thinking> ends on", `<thinking>Checking.\n${call}</thinking>`, "<thinking>Checking.\n</thinking>"],
    ["a <thinking> that never closes, the call last", `<thinking>The user wants Paris.\n${call}`, "<thinking>The user wants Paris."],
  ])("%s is read", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: paris, text });
  });

  it.each([
    ["<thinker> is no reasoning tag", `<thinker>${call} maybe</thinker>`],
    ["<thoughtful> is no reasoning tag", `<thoughtful>${call} maybe</thoughtful>`],
  ])("%s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual(paris);
  });
});

describe("Mistral's [THINK]…[/THINK] is reasoning", () => {
  const mistral = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}';

  it.each([
    ["a call after the closed reasoning", `[THINK]I'm thinking[/THINK]${mistral}`, "[THINK]I'm thinking[/THINK]"],
    ["brackets in prose that are no reasoning token", `Use [THINKING] mode.\n${mistral}`, "Use [THINKING] mode."],
    ["a closed reasoning then a tagged call", `[THINK]Paris it is.[/THINK]\n${call}`, "[THINK]Paris it is.[/THINK]"],
  ])("%s is read", (_title, content, text) => {
    expect(readBothWays(content)).toEqual({ calls: paris, text });
  });

  it.each([
    ["a call drafted in the reasoning, more reasoning after it", `[THINK]Maybe ${mistral} but the user wants Rome.[/THINK]It is sunny.`],
    ["a tagged call drafted in the reasoning", `[THINK]${call} hmm[/THINK]ok`],
    ["a reasoning never closed", `[THINK]Let me call ${mistral}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
