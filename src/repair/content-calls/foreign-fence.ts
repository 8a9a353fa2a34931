/**
 * Whether text sits inside a fenced code block of another language than a
 * call's (```python … ```): code shown there is code, never a call, even
 * when it spells one. Inside `<think>…</think>` (also with a namespace, as
 * `<seed:think>` or `<ifm|think_fast>`, and `<thinking>`, `<thought>`, Mistral's
 * `[THINK]…[/THINK]`) a call the model only considered while
 * reasoning is not one it made: only one the reasoning and the answer end on
 * counts (see onlyClosesReasoning). Read one character at
 * a time, so that the state after a text does not depend on how the text was cut.
 */
import { FENCE_INFOS } from "./call-markers.ts";
import { onlyEndOfTurn } from "./end-of-turn.ts";

/** Where a stretch of text left off: inside a foreign fence or not, and where on its line. */
export interface FenceState {
  readonly inside: boolean;
  /** Inside `<think>…</think>` (or Mistral's `[THINK]…[/THINK]`), and the tag read so far since its `<` or `[` (while it may still be one). */
  readonly thinking?: boolean;
  readonly thinkTag?: string;
  /** At a line's start, in its leading backticks (how many), in a fence line's info (what so far), or further on. */
  readonly line: { readonly at: "start" } | { readonly at: "ticks"; readonly count: number } | { readonly at: "info"; readonly info: string } | { readonly at: "rest" };
}

export const OUTSIDE_FENCES: FenceState = { inside: false, line: { at: "start" } };

/** Info strings longer than this are not a language name: kept short, since only their being a call's matters. */
const MAX_INFO = 32;
/**
 * `<think>` and `</think>`, bare or with one namespace prefix (Seed-OSS writes
 * `<seed:think>`, IFM's K2 `<ifm|think>`), and with a reasoning mode after
 * an underscore (K2's `<ifm|think_fast>`); also `<thinking>` (Apriel, and
 * Claude-style prompts) and `<thought>` (Poolside's Laguna).
 */
const THINK_OPEN = /^<(?:[\w-]{1,16}[:|])?(?:think(?:ing)?(?:_[a-z]{1,8})?|thought)>$/;
const THINK_CLOSE = /^<\/(?:[\w-]{1,16}[:|])?(?:think(?:ing)?(?:_[a-z]{1,8})?|thought)>$/;
/** Mistral's reasoning tokens (Magistral, Ministral 3), as a server that does not parse them leaves them. */
const MISTRAL_THINK_OPEN = "[THINK]";
const MISTRAL_THINK_CLOSE = "[/THINK]";
/** The longest such tag: beyond it, what follows a `<` is no think tag. */
const MAX_THINK_TAG = 25;
const START: FenceState["line"] = { at: "start" };
const REST: FenceState["line"] = { at: "rest" };

/** The state after `text.slice(from, to)`, from `state` before it. */
export function fenceAfter(state: FenceState, text: string, from = 0, to = text.length): FenceState {
  let { inside, line } = state;
  let thinking = state.thinking === true;
  let thinkTag = state.thinkTag;
  for (let at = from; at < to; at++) {
    const char = text[at]!;
    if (!inside) {
      if (char === "<" || char === "[") thinkTag = char;
      else if (thinkTag !== undefined) {
        thinkTag = thinkTag.length < MAX_THINK_TAG && char !== "\n" ? thinkTag + char : undefined;
        if (char === ">" && thinkTag?.[0] === "<") {
          if ((thinking ? THINK_CLOSE : THINK_OPEN).test(thinkTag)) thinking = !thinking;
          thinkTag = undefined;
        } else if (char === "]" && thinkTag?.[0] === "[") {
          if (thinkTag === (thinking ? MISTRAL_THINK_CLOSE : MISTRAL_THINK_OPEN)) thinking = !thinking;
          thinkTag = undefined;
        }
      }
    }
    if (char === "\n") {
      // A fence line ends: it closes the foreign block we are in, or opens one unless its info is a call's.
      if (line.at === "info") inside = inside ? false : !FENCE_INFOS.includes(line.info.trim().toLowerCase());
      else if (line.at === "ticks" && line.count >= 3) inside = false;
      line = START;
    } else if (line.at === "info") {
      if (line.info.length <= MAX_INFO) line = { at: "info", info: line.info + char };
    } else if (char === "`" && (line.at === "start" || line.at === "ticks")) {
      line = { at: "ticks", count: line.at === "start" ? 1 : line.count + 1 };
    } else if (line.at === "ticks" && line.count >= 3) {
      line = { at: "info", info: char };
    } else {
      line = REST;
    }
  }
  return { inside, line, thinking, thinkTag };
}


/** A closing think tag cut by the stream (`</thi`). */
const THINK_CLOSE_CUT = /^<\/[\w:|-]{0,24}$/;

/**
 * Whether `rest`, the text after calls written inside reasoning, only ends the reasoning and the answer:
 * space, the closing think tag, stop tokens. "maybe" while such a tag or token may still be coming.
 * A call the reasoning ends on, with nothing after it, is the call the model made (Trinity, Qwen3.5);
 * one it goes on reasoning or answering after was only considered.
 */
export function onlyClosesReasoning(rest: string): "yes" | "maybe" | "no" {
  const left = rest.trimStart();
  const tagEnd = left.startsWith("</") ? left.indexOf(">") + 1 : 0;
  if (tagEnd > 0 && THINK_CLOSE.test(left.slice(0, tagEnd))) return onlyEndOfTurn(left.slice(tagEnd));
  if (THINK_CLOSE_CUT.test(left)) return "maybe";
  return onlyEndOfTurn(left);
}
