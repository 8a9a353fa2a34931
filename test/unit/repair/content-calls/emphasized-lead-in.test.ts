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

// A sentence set in emphasis, its closing marks glued to the call or one space before it (`*Checking it now.*<tool_call>…`):
// the marks close the sentence's emphasis; they open none around the call.
const gluedFormats = { Hermes: parisCallFormats.Hermes, invoke: parisCallFormats.invoke, "Qwen3-Coder": parisCallFormats["Qwen3-Coder"], Mistral: parisCallFormats.Mistral };
const gluedActing = ["*Checking the weather now.*", "**Let me check.**", "_Looking into it._", "***On it!***", "**Note:**", "*Je vais vérifier la météo.*", "**我来查一下。**"];

describe("an emphasized sentence right before the call, glued or one space apart, leaves it read", () => {
  eachFormat(gluedFormats, gluedActing, (line, call) => `${line}${call}`, "read");
  eachFormat(gluedFormats, gluedActing, (line, call) => `${line} ${call}`, "read");
  eachFormat(gluedFormats, ["*For example:*", "**The user wrote:**", "_Avoid this:_"], (line, call) => `${line}${call}`, "stays text");
});

// The element opens after a sentence's end: also with its emphasis, a quote or a code span closed at it, an emoji after
// it, or an ellipsis closing an announcement (a trailing-off ellipsis, `Hmm...`, ends no sentence).
describe("a tool's own element after a sentence whose emphasis, quote or code span closes at its end", () => {
  const element = "<get_weather><city>Paris</city></get_weather>";
  it.each([
    "*Checking the weather now.* ",
    "**Checking the weather now.**",
    'I\'ll look up "Paris". ',
    "I'll use `get_weather`: ",
    "Checking (in Paris). ",
    "*Je vais vérifier la météo.* ",
    "On it! 👍 ",
    "Sure! 🛠️",
    "Calling get_weather... ",
    "🛠️ Calling get_weather... ",
    'Checking the weather for "Paris?"... ',
    "Checking the weather in Paris…",
    "Je vais appeler get_weather : ",
    "Je vais appeler get_weather\u00a0:",
  ])("%j: read", (lead) => expect(readBothWays(`${lead}${element}`).calls).toEqual([["get_weather", { city: "Paris" }]]));
  it.each(['I will look up "Paris" ', "Use *this* ", "The tag `x` ", "See **this** ", "Hmm... ", "Maybe… ", "Done ✅ ", "Je vais appeler get_weather ; "])("%j (no sentence's end): stays text", (lead) => {
    const content = `${lead}${element}`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
