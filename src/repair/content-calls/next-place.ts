/**
 * The next place in a text where a call written as text may open, as far as a
 * character and the one before it tell: the hold-back's scan of a long text
 * passes over the rest reading character codes only, and works out the line
 * position, the spaces and the role word before a place (see `mayOpenAt`) only
 * where this says a block may open.
 */
import { HARMONY_TEXT_OPENINGS, KIMI_TEXT_OPENING } from "./call-markers.ts";
import { MID_LINE_OPENING_CHARS } from "./opening-reads.ts";

/** A sentence's last character, or the colon that introduces the call: Kimi's stripped call and a tool's own element may follow it. */
export const SENTENCE_ENDS = [".", "!", "?", ":", "。", "！", "？", "："];

/**
 * The characters that open a block mid-line only right after certain others, with those others (ASCII ones: any
 * character past ASCII before them is read in full): ReAct's `Action:` and its bold after a line's indentation,
 * Harmony's stripped header after its role word (`…assistantcommentary to=…`: a `t`, or a space), Kimi's stripped
 * call after spaces, a word and a space, or a sentence's end (`…the directory.functions.LS:1{…}`).
 */
export const OPENS_ONLY_AFTER: ReadonlyMap<string, string> = new Map([
  ["A", " \t"],
  ["*", " \t"],
  [HARMONY_TEXT_OPENINGS[0][0]!, "t "],
  [KIMI_TEXT_OPENING[0]!, ` \t${SENTENCE_ENDS.filter((end) => end.charCodeAt(0) < 128).join("")}`],
]);

/** By ASCII code, whether a character may open a block mid-line: 1 always, 2 after one of `OPENS_ONLY_AFTER`'s, 0 never. */
const ASCII_OPENS = Uint8Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  return OPENS_ONLY_AFTER.has(char) ? 2 : MID_LINE_OPENING_CHARS.has(char) ? 1 : 0;
});
/** By ASCII code, whether a character may open a block where a line opens (a name, ReAct's bold, a rule, or as mid-line): 1, else 0. */
const ASCII_OPENS_LINE = Uint8Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  return ASCII_OPENS[code] === 1 || /[A-Za-z_*=~-]/.test(char) ? 1 : 0;
});
const NEWLINE = "\n".charCodeAt(0);
/** After `>` or `]` a line may open (`</think>Action: …`, Gemma 4's `<channel|>`, `[/THINK]`): read in full. */
const CLOSE_ANGLE = ">".charCodeAt(0);
const CLOSE_BRACKET = "]".charCodeAt(0);

/**
 * The first place from `from` on (`from` > 0: the character before it is in `text`) that is not known to open
 * nothing, `text.length` when there is none. A place is passed over when the character before it keeps the line
 * going whatever came before that (not a line break, `>`, `]`, nor a character past ASCII such as a zero-width
 * one) and its own character opens a block only where a line opens, or only after other characters than that one;
 * or when a line may open there (after a line break, `>`, `]`) and its character opens no block, even at a line's start.
 */
export function nextPlace(text: string, from: number): number {
  for (let at = Math.max(from, 1); at < text.length; at++) {
    const code = text.charCodeAt(at);
    const before = text.charCodeAt(at - 1);
    if (code >= ASCII_OPENS.length || before >= ASCII_OPENS.length) return at;
    // Where a line may open, no spaces, role word or indentation stand before: only what opens a line may open there.
    if (before === NEWLINE || before === CLOSE_ANGLE || before === CLOSE_BRACKET) {
      if (ASCII_OPENS_LINE[code] === 1) return at;
      continue;
    }
    const opens = ASCII_OPENS[code];
    if (opens === 1 || (opens === 2 && OPENS_ONLY_AFTER.get(text[at]!)!.includes(text[at - 1]!))) return at;
  }
  return text.length;
}
