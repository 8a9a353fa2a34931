import { describe, expect, it } from "vitest";
import { nextPlace, OPENS_ONLY_AFTER, SENTENCE_ENDS } from "../../../../src/repair/content-calls/next-place.ts";
import { MID_LINE_OPENING_CHARS, mayOpenAt } from "../../../../src/repair/content-calls/opening-reads.ts";
import { KIMI_TEXT_OPENING } from "../../../../src/repair/content-calls/call-markers.ts";

const ASCII = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
const FLAGS = [false, true];

/**
 * Whether a place may open after `before` by any of the hold-back's readings of what is before it, mid-line: each
 * flag only when `before` allows it (two spaces or a sentence's end before a Kimi call; Harmony's role word ends in
 * `t` or a space; indentation and a word then a space end in a space or a tab).
 */
function opensAfterAnyHow(before: string, char: string, after = "xx"): boolean {
  const text = `${before}${char}${after}`;
  const spacing = before === " " || before === "\t";
  const spaced = spacing || SENTENCE_ENDS.includes(before);
  const role = before === "t" || before === " ";
  for (const isSpaced of FLAGS.filter((flag) => !flag || spaced)) {
    for (const afterRole of FLAGS.filter((flag) => !flag || role)) {
      for (const indented of FLAGS.filter((flag) => !flag || spacing)) {
        if (mayOpenAt(text, 1, "mid-line", isSpaced, afterRole, indented)) return true;
      }
    }
  }
  // Kimi's stripped call after a word and one space.
  return char === KIMI_TEXT_OPENING[0] && spacing;
}

describe("nextPlace: the characters passed over open nothing", () => {
  it("passes over no pair of ASCII characters that a reading of the place could open", () => {
    const missed: string[] = [];
    for (const before of ASCII) {
      for (const char of ASCII) {
        const text = `${before}${char}xx`;
        if (nextPlace(text, 1) !== 1 && (opensAfterAnyHow(before, char) || opensAfterAnyHow(before, char, ">"))) missed.push(JSON.stringify(before + char));
      }
    }
    expect(missed).toEqual([]);
  });

  it("where a line may open (after a line break, `>`, `]`), passes over only what opens no block at a line's start", () => {
    const missed: string[] = [];
    for (const before of ["\n", ">", "]"]) {
      for (const char of ASCII) {
        if (nextPlace(`${before}${char}xx`, 1) === 1) continue;
        for (const line of ["line-start", "mid-line"] as const) {
          if (mayOpenAt(`${before}${char}xx`, 1, line) || mayOpenAt(`${before}${char}>`, 1, line)) missed.push(JSON.stringify(before + char));
        }
      }
    }
    expect(missed).toEqual([]);
    for (const before of ["\n", ">", "]"]) {
      expect(nextPlace(`${before}word`, 1)).toBe(1);
      expect(nextPlace(`${before} 1. <b>`, 1)).toBe(5);
    }
  });

  it("stops on any character past ASCII or after one", () => {
    for (const before of ["\u200B", "é"]) expect(nextPlace(`${before} 1`, 1)).toBe(1);
    expect(nextPlace("a✿", 1)).toBe(1);
  });

  it("passes over prose to the next place a reading may open", () => {
    const prose = "The quick brown dog jumps over the lazy hen";
    expect(nextPlace(`${prose} <tool_call>`, 1)).toBe(prose.length + 1);
    expect(nextPlace(`${prose}`, 1)).toBe(prose.length);
    // `c` only after a `t` or a space (Harmony's role word), `f` only after a space, a tab or a sentence's end, `A` and `*` after indentation.
    expect(nextPlace("quick", 1)).toBe(5);
    expect(nextPlace("a.functions", 1)).toBe(2);
    expect(nextPlace("assistantcommentary", 1)).toBe(9);
    expect(nextPlace("xAy", 1)).toBe(3);
  });

  it("keeps every character that opens mid-line by a marker, a bracket or a brace", () => {
    for (const char of ["<", "[", "{", "`", ">"]) expect(MID_LINE_OPENING_CHARS.has(char)).toBe(true);
    for (const [char] of OPENS_ONLY_AFTER) expect(MID_LINE_OPENING_CHARS.has(char)).toBe(true);
  });
});
