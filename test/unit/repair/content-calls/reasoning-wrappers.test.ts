/**
 * Other names for a model's working before its answer (`<reasoning>`, `<scratchpad>`, `<reflection>`,
 * `<inner_monologue>`, Sky-T1's `<|begin_of_thought|>`): a call only weighed there, the reasoning or the
 * answer going on after it, stays text, as inside `<think>`; one made after the reasoning, or one the
 * reasoning ends on, is read. A call followed by the model saying it needs no tool stays text too.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;
const wrappers = [
  ["<reasoning>", "</reasoning>"],
  ["<scratchpad>", "</scratchpad>"],
  ["<reflection>", "</reflection>"],
  ["<inner_monologue>", "</inner_monologue>"],
  ["<|begin_of_thought|>", "<|end_of_thought|>"],
] as const;

describe("a call weighed inside another name for reasoning stays text", () => {
  it.each(wrappers)("%s, the answer after it", (open, close) => {
    const content = `${open}\nMaybe ${hermes("Paris")} first.\n${close}\nParis is lovely in spring.`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each(wrappers)("%s, a call made after it is read", (open, close) => {
    expect(readBothWays(`${open}\nThe user wants the weather.\n${close}\n${hermes("Paris")}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  // Sky-T1's closing token is no tag a call may end the reasoning on here: such a call stays text.
  it.each(wrappers.slice(0, 4))("%s, a call it ends on is read", (open, close) => {
    expect(readBothWays(`${open}\nI need the weather.\n${hermes("Paris")}\n${close}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it("an element named for reasoning in prose, not opened as one, changes nothing", () => {
    expect(readBothWays(`The <reasoning> tag is optional.\n${hermes("Paris")}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});

describe("a call followed by the model saying it needs no tool stays text", () => {
  it.each([
    ["I don't need tools", `${hermes("Paris")}\nI don't need tools; it's sunny.`],
    ["I don't need to use any tools", `${hermes("Paris")}\nActually I don't need to use any tools for this.`],
    ["No tool calls are needed", `${hermes("Paris")}\nNo tool calls are needed here.`],
  ])("%s", (_title, content) => expect(readBothWays(content)).toEqual({ calls: [], text: content }));

  it("a tool needed later is no such word", () => {
    expect(readBothWays(`${hermes("Paris")}\nI'll need another tool after this.`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});
