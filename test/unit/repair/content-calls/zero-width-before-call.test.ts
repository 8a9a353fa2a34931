/**
 * Zero-width characters before a call on its line (a byte-order mark opening
 * the stream, a zero-width space, a word joiner) show nothing: a format that
 * must open its line (Cline's element named after the tool, `functools`)
 * is still read after them; more than a few, or a visible character, is prose.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const element = "<get_weather>\n<city>Paris</city>\n</get_weather>";
const functools = 'functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]';

describe("zero-width characters before a call that opens its line", () => {
  it.each<[string, string]>([
    ["a byte-order mark opening the text", "\uFEFF"],
    ["a zero-width space opening the text", "\u200B"],
    ["a word joiner and a zero-width joiner", "\u2060\u200D"],
    ["a zero-width space after a line of prose", "Let me check.\n\u200B"],
  ])("reads the call after %s", (_title, before) => {
    for (const call of [element, functools]) {
      expect(readBothWays(`${before}${call}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    }
  });

  it.each<[string, string]>([
    ["prose on the line", "Let me check \u200B"],
    ["more than four of them", "\u200B".repeat(5)],
  ])("keeps the element text after %s", (_title, before) => {
    expect(readBothWays(`${before}${element}`).calls).toEqual([]);
  });
});
