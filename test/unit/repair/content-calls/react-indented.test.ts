/**
 * ReAct's `Action:` after a line's indentation (a step nested under a list
 * item or a lead-in): the label still opens its line, and the call reads as
 * it does unindented. Mid-line, or in an indented code block after a blank
 * line, it does not.
 */
import { describe, expect, it } from "vitest";
import { indentedAt } from "../../../../src/repair/content-calls/indented-line.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("an indented ReAct action", () => {
  it.each<[string, string, unknown]>([
    ["under a list item", '- Checking now:\n   Action: get_weather\n   Action Input: {"city": "Paris"}', { city: "Paris" }],
    ["after a thought, two spaces", 'Sure.\n  Thought: I need the weather.\n  Action: get_weather\n  Action Input: {"city": "Paris", "days": 2}', { city: "Paris", days: 2 }],
    ["a tab, the input over lines", 'On it:\n\tAction: get_weather\n\tAction Input: {\n\t  "city": "Oslo"\n\t}', { city: "Oslo" }],
  ])("%s: read", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each<[string, string]>([
    ["after words on its line", 'Sure. Action: get_weather\nAction Input: {"city": "Paris"}'],
    ["in an indented code block after a blank line", 'For example:\n\n    Action: get_weather\n    Action Input: {"city": "Paris"}'],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("indentedAt", () => {
    const before = (text: string) => (back: number) => text[text.length - back];
    expect(indentedAt(before("a\n   "))).toBe(true);
    expect(indentedAt(before("a\n\t"))).toBe(true);
    expect(indentedAt(before("a\n"))).toBe(false);
    expect(indentedAt(before("a b "))).toBe(false);
    expect(indentedAt(before(`a\n${" ".repeat(9)}`))).toBe(false);
  });
});
