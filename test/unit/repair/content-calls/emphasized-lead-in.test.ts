/**
 * A lead-in line set in Markdown emphasis says what it says unset: `**The user wrote:**`, `*Avoid this:*`,
 * `**Observation**:`, `__Incorrect:__` before a call keep it text as the plain line does, and `**Let me check the
 * weather:**` before one leaves it read. Every call format, read whole and streamed. Near-misses: emphasis that
 * does not wrap the line (a list's `* ` item, a lone `**`) changes nothing either way.
 */
import { describe, expect, it } from "vitest";
import { eachFormat, parisCallFormats, readBothWays } from "./read-both-ways.ts";

// ReAct's `Action:` lines are the format's own; a bold heading above them is a different text.
const { ReAct: _react, ...formats } = parisCallFormats;

const disowning = ["The user wrote:", "Avoid this:", "Incorrect:", "The previous call was:", "Tool result:", "Observation:", "The request looks like:", "For example:"];
const acting = ["Let me check the weather:", "Checking the weather in Paris now:", "I'll look it up."];

const wrappers: ReadonlyArray<readonly [string, (line: string) => string]> = [
  ["bold", (line) => `**${line}**`],
  ["italic", (line) => `*${line}*`],
  ["underscores", (line) => `__${line}__`],
  ["bold, colon outside", (line) => (line.endsWith(":") ? `**${line.slice(0, -1)}**:` : `**${line}**`)],
  ["bold italic, indented", (line) => `  ***${line}***`],
];

describe("an emphasized lead-in that disowns the call keeps it text", () => {
  for (const [style, wrap] of wrappers) {
    describe(style, () => {
      eachFormat(formats, disowning, (line, call) => `${wrap(line)}\n${call}`, "stays text");
    });
  }
});

describe("an emphasized lead-in that announces the call leaves it read", () => {
  for (const [style, wrap] of wrappers) {
    describe(style, () => {
      eachFormat(formats, acting, (line, call) => `${wrap(line)}\n${call}`, "read");
    });
  }
});

describe("near-misses: emphasis that does not wrap the line", () => {
  it.each([
    ["a list item", `* Let me check the weather:\n${parisCallFormats.Hermes}`],
    ["emphasis inside the line", `Let me check the **weather**:\n${parisCallFormats.Hermes}`],
    ["a lone marker", `Let me check the weather: **\n${parisCallFormats.Hermes}`],
  ])("%s: read", (_name, content) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
  it("emphasis inside a disowning line keeps the call text as the plain line does", () => {
    const content = `The **user** wrote:\n${parisCallFormats.Hermes}`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
