/**
 * The rules for calls not made, as models phrase them in other words than
 * the docs' examples: a result claimed done after the call (`Great, that's
 * finished.`, `Everything went through.`), a call taken back after an
 * interjection (`Err, ignore that.`, `Hmm, scratch that.`), a bare question
 * asking leave (`Shall I?`, `Good to go?`), a refusal in the progressive or
 * with `rather not` (`I'm not running it:`, `I'd rather not run this one:`),
 * and prose that shows the call's shape (`Just to show the shape of it:`,
 * `The general form is:`, `To give you an idea:`). Each keeps the call text;
 * the same words about what is still to come leave it a call.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const calls = [
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
  '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  '<function=get_weather>{"city": "Paris"}</function>',
];

describe("calls not made, in other words", () => {
  it.each<[string]>([
    ["Great, that's finished."],
    ["Done! Everything went through."],
    ["All done — the file is saved."],
    ["Looks like it worked."],
    ["It's updated now."],
    ["Err, ignore that."],
    ["Hmm, scratch that."],
    ["Um, never mind."],
    ["Shall I?"],
    ["Good to go?"],
  ])("keeps the call text with %s after it", (after) => {
    for (const call of calls) expect(readBothWays(`${call}\n\n${after}`).calls).toEqual([]);
  });

  it.each<[string]>([
    ["I'd rather not run this one:"],
    ["I'm declining to execute this:"],
    ["Not running this:"],
    ["This one is unsafe, so I'm not running it:"],
    ["Just to show the shape of it:"],
    ["The general form is:"],
    ["To give you an idea:"],
  ])("keeps the call text after %s", (lead) => {
    for (const call of calls) expect(readBothWays(`${lead}\n${call}`).calls).toEqual([]);
  });

  it.each<[string, string]>([
    ["a result still to come", "\n\nOnce that's done, I'll summarize it."],
    ["a wait for the result", "\n\nI'll tell you when it's finished."],
    ["a lead-in that shows what it does", "Let me show the weather in Paris:\n"],
    ["a lead-in after a refusal of something else", "I'm not guessing; checking it now:\n"],
  ])("reads the call with %s", (_title, context) => {
    for (const call of calls) {
      const content = context.startsWith("\n") ? `${call}${context}` : `${context}${call}`;
      expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
    }
  });
});
