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
import { codeAfter, TEXT_START, type CodeState } from "./code-block.ts";
import { afterEndOfTurn, onlyEndOfTurn } from "./end-of-turn.ts";

/** Where a stretch of text left off: among Markdown's code blocks, and in reasoning or not. */
export interface FenceState {
  readonly code: CodeState;
  /** Inside `<think>…</think>` (or Mistral's `[THINK]…[/THINK]`), and the tag read so far since its `<` or `[` (while it may still be one). */
  readonly thinking: boolean;
  readonly thinkTag?: string;
}

export const OUTSIDE_FENCES: FenceState = { code: TEXT_START, thinking: false };

/** Whether the text left off inside a fence of another language than a call's. */
export const insideForeignFence = (state: FenceState): boolean => state.code.fence?.foreign === true;

/**
 * `<think>` and `</think>`, bare or with one namespace prefix (Seed-OSS writes
 * `<seed:think>`, IFM's K2 `<ifm|think>`), and with a reasoning mode after
 * an underscore (K2's `<ifm|think_fast>`); also `<thinking>` (Apriel, and
 * Claude-style prompts), `<thought>` (Poolside's Laguna), and the other names
 * prompts give a model's working before its answer (`<reasoning>`,
 * `<scratchpad>`, `<reflection>`, `<analysis>`, `<deliberation>`, `<thoughts>`, a
 * monologue, each also with `internal_`, `inner_`, `hidden_` or `private_` before it
 * or a word after an underscore: `<internal_monologue>`, `<think_process>`); the
 * `<|begin_of_thought|>` … `<|end_of_thought|>` pair of Sky-T1 and OpenThinker;
 * and Kimi's `◁think▷` … `◁/think▷`.
 */
const THINK_NAMES = String.raw`(?:(?:internal|inner|hidden|private)_)?(?:think(?:ing)?|thoughts?|reasoning|analysis|scratchpad|reflection|monologue|deliberation|contemplation|chain_of_thought)(?:_[a-z]{1,8})?`;
const THINK_OPEN = new RegExp(String.raw`^<(?:(?:[\w-]{1,16}[:|])?${THINK_NAMES}|\|begin_of_thought\|)>$`);
const THINK_CLOSE = new RegExp(String.raw`^<(?:\/(?:[\w-]{1,16}[:|])?${THINK_NAMES}|\|end_of_thought\|)>$`);
/** A closing think tag anywhere in a text (Mistral's too): what came before it was reasoning. */
export const THINK_CLOSE_ANYWHERE = new RegExp(String.raw`<\/(?:[\w-]{1,16}[:|])?${THINK_NAMES}>|<\|end_of_thought\|>|\[\/THINK\]|◁\/think▷`, "g");
/** An opening think tag anywhere in a text (Mistral's and Kimi's too). */
export const THINK_OPEN_ANYWHERE = new RegExp(String.raw`<(?:[\w-]{1,16}[:|])?${THINK_NAMES}>|<\|begin_of_thought\|>|\[THINK\]|◁think▷`, "g");
/** Mistral's reasoning tokens (Magistral, Ministral 3), as a server that does not parse them leaves them. */
const MISTRAL_THINK_OPEN = "[THINK]";
const MISTRAL_THINK_CLOSE = "[/THINK]";
/** Kimi's reasoning tokens (Kimi-VL, Kimi K1.5), as a server that does not parse them leaves them. */
const KIMI_THINK_OPEN = "◁think▷";
const KIMI_THINK_CLOSE = "◁/think▷";
/** The longest such tag: beyond it, what follows a `<` is no think tag. */
export const MAX_THINK_TAG = 25;

/** The state after `text.slice(from, to)`, from `state` before it. */
export function fenceAfter(state: FenceState, text: string, from = 0, to = text.length): FenceState {
  let { code, thinking, thinkTag } = state;
  // The code state is brought up to a character only where a think tag may be read there: most characters are neither.
  let codeAt = from;
  // The reasoning closed with the character at `at`: the answer starts after it, and the reasoning is no text it opened with.
  const answerOpens = (at: number): void => {
    code = { ...codeAfter(code, text, codeAt, at + 1), started: false };
    codeAt = at + 1;
  };
  for (let at = from; at < to; at++) {
    const char = text[at]!;
    if (thinkTag === undefined && char !== "<" && char !== "[" && char !== "◁") continue;
    code = codeAfter(code, text, codeAt, at);
    codeAt = at;
    if (code.fence?.foreign === true) continue;
    if (char === "<" || char === "[" || char === "◁") thinkTag = char;
    else if (thinkTag !== undefined) {
      thinkTag = thinkTag.length < MAX_THINK_TAG && char !== "\n" ? thinkTag + char : undefined;
      if (char === ">" && thinkTag?.[0] === "<") {
        if ((thinking ? THINK_CLOSE : THINK_OPEN).test(thinkTag)) thinking = !thinking;
        if (!thinking && THINK_CLOSE.test(thinkTag)) answerOpens(at);
        thinkTag = undefined;
      } else if (char === "]" && thinkTag?.[0] === "[") {
        if (thinkTag === (thinking ? MISTRAL_THINK_CLOSE : MISTRAL_THINK_OPEN)) thinking = !thinking;
        if (!thinking && thinkTag === MISTRAL_THINK_CLOSE) answerOpens(at);
        thinkTag = undefined;
      } else if (char === "▷" && thinkTag?.[0] === "◁") {
        if (thinkTag === (thinking ? KIMI_THINK_CLOSE : KIMI_THINK_OPEN)) thinking = !thinking;
        if (!thinking && thinkTag === KIMI_THINK_CLOSE) answerOpens(at);
        thinkTag = undefined;
      }
    }
  }
  return { code: codeAfter(code, text, codeAt, to), thinking, thinkTag };
}

/** Whether `text` ends with the reasoning's closing tag (`</think>`, `</seed:think>`, `[/THINK]`): what follows opens the answer, as a new line would. */
export function endsWithReasoningClose(text: string): boolean {
  if (text.endsWith(MISTRAL_THINK_CLOSE) || text.endsWith(KIMI_THINK_CLOSE)) return true;
  if (!text.endsWith(">")) return false;
  // Only the last few characters can hold the tag: searching the whole text for one that is not there costs a pass.
  const tail = text.slice(-MAX_THINK_TAG);
  const open = Math.max(tail.lastIndexOf("</"), tail.lastIndexOf("<|"));
  return open >= 0 && THINK_CLOSE.test(tail.slice(open));
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
  // Stop tokens may come before the closing tag too (Glaive's `<functioncall> {…} <|endoftext|></think>`).
  const left = afterEndOfTurn(rest);
  const tagEnd = left.startsWith("</") || left.startsWith("<|") ? left.indexOf(">") + 1 : 0;
  if (tagEnd > 0 && THINK_CLOSE.test(left.slice(0, tagEnd))) return onlyEndOfTurn(left.slice(tagEnd));
  if (left.startsWith(KIMI_THINK_CLOSE)) return onlyEndOfTurn(left.slice(KIMI_THINK_CLOSE.length));
  if (THINK_CLOSE_CUT.test(left) || (left !== "" && KIMI_THINK_CLOSE.startsWith(left))) return "maybe";
  return onlyEndOfTurn(left);
}
