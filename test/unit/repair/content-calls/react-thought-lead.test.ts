/**
 * ReAct's block opens with its `Thought:` line: prose before that line that
 * introduces an example, refuses, offers or quotes the action keeps it text,
 * as the same prose right before any other call format does.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const block = (thought: string) => `${thought}\nAction: get_weather\nAction Input: {"city": "Paris"}`;

describe("prose before a ReAct block's Thought line", () => {
  it.each<[string, string]>([
    ["an example", "For example:"],
    ["an example in Spanish", "Por ejemplo:"],
    ["an example label", "Example call:"],
    ["a refusal", "I won't run this:"],
    ["a warning", "Do not run:"],
    ["a suggestion to the reader", "You could call:"],
    ["an imperative to the reader", "Try this:"],
    ["a quote of the user", "The user wrote:"],
  ])("keeps the block text after %s", (_title, lead) => {
    for (const thought of ["Thought: I should use a tool.", "**Thought:** I need the weather."]) {
      expect(readBothWays(`${lead}\n${block(thought)}`).calls).toEqual([]);
      expect(readBothWays(`${lead}\n\n${block(thought)}`).calls).toEqual([]);
    }
  });

  it.each<[string, string]>([
    ["no prose", ""],
    ["a lead-in", "Let me check the weather.\n"],
    ["a question restated", "Question: what is the weather in Paris?\n"],
  ])("reads the action after %s", (_title, lead) => {
    expect(readBothWays(`${lead}${block("Thought: I should use a tool.")}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it("still keeps it text when the Thought itself refuses", () => {
    expect(readBothWays(block("Thought: I won't run this:")).calls).toEqual([]);
  });
});
