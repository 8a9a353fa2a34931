import { describe, expect, it } from "vitest";
import { leadsIn, mayLeadIn } from "../../../src/repair/lead-in.ts";
import { leavesReasoningToRead } from "../../../src/repair/reasoning-calls.ts";

/** Every prefix of a lead-in may still lead in: a stream that waits on `mayLeadIn` never gives up on one. */
function expectPrefixesMayLeadIn(text: string): void {
  for (let end = 0; end <= text.length; end++) expect(mayLeadIn(text.slice(0, end)), JSON.stringify(text.slice(0, end))).toBe(true);
}

describe("an answer that is only a lead-in to a call", () => {
  it.each([
    "Let me create the file:",
    "I'll check the weather in Paris:",
    "I will run the tests now:",
    "Let's look at the config file:",
    "I'm going to search for the latest release notes:",
    "Now I'll write the summary to disk:",
    "  Let me read the index file first:\n\n",
    "Let me create the file：",
    "Let me edit main.py:",
    "I'll bump the version to 1.2.3 in package.json:",
  ])("%j is a lead-in", (text) => {
    expect(leadsIn(text)).toBe(true);
    expect(leavesReasoningToRead(text)).toBe(true);
    expectPrefixesMayLeadIn(text);
  });

  it.each([
    ["an answer", "The weather in Paris is sunny."],
    ["an answer ending with a colon", "The files in the folder are:"],
    ["a question", "Should I create the file?"],
    ["a question ending with a colon", "Do you want me to create the file:"],
    ["a leave asked", "Would you like me to create the file:"],
    ["a result claimed", "Based on the results, let me summarise:"],
    ["a second sentence", "The file is ready. Let me show it:"],
    ["a second line", "Let me create the file:\nDone."],
    ["no colon", "Let me create the file."],
    ["call markup", "Let me create the file: <tool_call>"],
    ["a code span", "Let me run `ls -la`:"],
    ["a code block", "Let me run this:\n```bash\nls\n```"],
    ["a JSON object", 'Let me call {"name": "x"}:'],
    ["an example", "Let me show you an example:"],
    ["a hedge", "Let me maybe check the weather:"],
    ["a long paragraph", `Let me ${"check the weather in every city the user named and ".repeat(5)}then report:`],
    ["only a colon", ":"],
  ])("%s is not: %j", (_title, text) => {
    expect(leadsIn(text)).toBe(false);
    expect(leavesReasoningToRead(text)).toBe(false);
  });

  it("no text at all still leaves the reasoning to be read", () => {
    expect(leavesReasoningToRead(undefined)).toBe(true);
    expect(leavesReasoningToRead(null)).toBe(true);
    expect(leavesReasoningToRead(" \n")).toBe(true);
  });

  it("a text that can no longer be a lead-in is seen so early, and stays so", () => {
    expect(mayLeadIn("It is sunny. ")).toBe(true);
    expect(mayLeadIn("It is sunny. Paris")).toBe(false);
    expect(mayLeadIn("Let me <")).toBe(false);
    expect(mayLeadIn("x".repeat(201))).toBe(false);
    expect(mayLeadIn(`${" ".repeat(10_000)}Let me check:${" ".repeat(10_000)}`)).toBe(true);
  });
});
