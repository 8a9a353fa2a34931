/**
 * Streamed text, held back only where a call written as text may begin.
 * Fed one choice's text deltas, it says what may go to the client now; text
 * that may open a call (`<tool_call>`, a fenced JSON block, `{"name": …`, a
 * declared tool's name opening a line, …) waits until it is read as a call
 * or ruled out, bounded in size and time. Prose passes at once, unchanged.
 *
 * The result does not depend on how the text was cut: pushing it whole
 * (the non-streamed path does) or in any deltas releases the same text and
 * ends with the same calls, as long as the time bound does not fire.
 */
import { indentedAt } from "./content-calls/indented-line.ts";
import type { ToolDefinition } from "./types.ts";
import { namesDeclaredTool, opensWithTemplateCall, readGenericCalls, readLeadingCalls, type ContentToolCall, type ContentToolCalls } from "./content-calls/read-leading-calls.ts";
import { CallOpening } from "./content-calls/call-opening.ts";
import { mayOpenAt, type LinePosition } from "./content-calls/opening-reads.ts";
import { nextPlace, SENTENCE_ENDS } from "./content-calls/next-place.ts";
import { MIN_SPACES_AFTER_PROSE } from "./content-calls/kimi-text-calls.ts";
import { KIMI_TEXT_OPENING } from "./content-calls/call-markers.ts";
import { endsWithHarmonyRole, HARMONY_ROLE_SPAN } from "./content-calls/harmony-text-calls.ts";
import { endsWithReasoningClose, fenceAfter, insideForeignFence, onlyClosesReasoning, OUTSIDE_FENCES, MAX_THINK_TAG, THINK_CLOSE_ANYWHERE, THINK_OPEN_ANYWHERE, type FenceState } from "./content-calls/foreign-fence.ts";
import { continuesSentence, correctionLineEnds, disownsCallsOutright, hedgesCall, namesPlanStep, introducesExample, weighsCall, LEAD_IN_CHARS, quoteAfter, repeatsInLoop, talksAboutMarkup, type QuoteState } from "./content-calls/call-guards.ts";
import { MINIMAX_NS } from "./content-calls/minimax-m3-calls.ts";
import { callInSentence } from "./content-calls/call-in-sentence.ts";
import { saysItActs } from "./content-calls/call-announcements.ts";
import { sectionLeftOpen } from "./content-calls/ifm-calls.ts";
import { headerLeftBehind } from "./content-calls/inkling-calls.ts";
import { answersAfterHarmonyCall, opensWithMadeUpResult } from "./content-calls/made-up-result.ts";
import { readFromOpenList } from "./content-calls/open-list-before.ts";
import { asksLeaveAfter, closesConversationAfter, closesNothingBefore, opensCallAfter, restatesOtherArguments, statesResultAfter } from "./content-calls/after-calls.ts";
import { holdsCallObject, undeclaredCallAfter, unreadCallBefore } from "./content-calls/unread-call-before.ts";
import { codeAfter, shownAsCode } from "./content-calls/code-block.ts";
import { frameBegunBefore } from "./content-calls/generic-markup-calls.ts";
import { isZeroWidth, MAX_ZERO_WIDTH } from "./content-calls/zero-width.ts";
import { declaredNameAt, insideInlineLayoutBlock, UnreadBlocks } from "./content-calls/unread-block.ts";
import { listGoesOnAfter } from "./content-calls/list-steps.ts";
import { reportsStateBetween } from "./content-calls/between-calls.ts";
import { holdsProse } from "./content-calls/call-groups.ts";
import { onlyEndOfTurn } from "./content-calls/end-of-turn.ts";
import { bodyOfRefusedBlock, holdsBareGlmBody } from "./content-calls/glm-bare-body.ts";
import { afterAssistantHead } from "./content-calls/assistant-head.ts";
import { afterCalls, callsSoFar, closes, correctionsRestate, groupKind, NO_GROUPS, onlyMentions, withoutCopies, type CallGroups } from "./content-calls/restated-calls.ts";

/** A UTF-16 unit of an emoji: a pictograph's surrogates, a BMP symbol (`✅`, `⏳`), a variation selector or a joiner. */
function isEmojiUnit(char: string | undefined): boolean {
  const code = char?.charCodeAt(0) ?? 0;
  return (code >= 0xd83c && code <= 0xd83e) || (code >= 0xdc00 && code <= 0xdfff) || (code >= 0x2300 && code <= 0x23ff) || (code >= 0x2600 && code <= 0x27bf) || code === 0xfe0f || code === 0x200d;
}
/** A full-width sentence end: `。`, `！`, `？`, `：`. */
const CJK_SENTENCE_END: ReadonlySet<string> = new Set(["。", "！", "？", "："]);
/** The spaces French typography sets before `:`, `!` and `?`: a plain one, a no-break one, a narrow no-break one. */
const FRENCH_SPACES = [" ", "\u00a0", "\u202f"];
/** Markdown's emphasis marks, which may close after a sentence's end (`*Checking it now.*`). */
const EMPHASIS_MARKS = ["*", "_"];
/** What may close right before a sentence's end: a quote, a parenthesis, a code span, emphasis (`… "Paris".`, `**Note**:`). */
const CLOSING_MARKS = ['"', "”", "’", "'", ")", "`", "*", "_", "」", "』"];
/** MiniMax-M3's call element: never prose, so one left as text is a call that could not be read. */
const M3_INVOKE = `${MINIMAX_NS}<invoke`;
const M3_WRAPPER_CLOSE = `${MINIMAX_NS}</tool_call>`;

export interface TextHoldbackLimits {
  /**
   * Longest block held, in characters from where it starts; longer, it is text. A block is judged on these first
   * characters whatever follows (so however the text was cut); one still open after them is text with all it read,
   * no call looked for inside (after the call it read, when it read one). Default 32768.
   */
  readonly maxChars?: number;
  /** Longest time a block is held, in milliseconds of `now`; then what is held goes out as text. Default 20000. */
  readonly maxMs?: number;
}

/**
 * How many times `maxChars` the closed blocks that did not end as calls may add up to in one text (each counted from
 * where it starts to its closer, overlapping ones each in full): past that, the rest of the text is text. Reading a
 * closed block costs the extraction's time over it; this bounds that work per text, streamed or not.
 */
export const UNREAD_BLOCK_BUDGET = 4;

export interface TextHoldbackOptions extends TextHoldbackLimits {
  /** The request's tools: only their names make a call. */
  readonly tools: readonly ToolDefinition[];
  /** The clock `maxMs` is measured on; without one, time does not bound holding (the whole-text path). */
  readonly now?: () => number;
  /**
   * The text is a reasoning field's (`reasoning_content`, a Responses reasoning item): all of it is reasoning,
   * read as text inside `<think>` is, whatever tags it holds.
   */
  readonly reasoning?: boolean;
}

/** What a choice's held text came to once its text ended. */
export interface HeldTextEnd {
  /** Text to send now (before the calls, when there are any). */
  readonly text: string;
  /** The calls the held text turned out to be; empty when it was text after all. */
  readonly calls: readonly ContentToolCall[];
}

export interface TextHoldback {
  /** One delta in; the text that may be sent now out (`delta` itself while nothing is held). */
  push(delta: string): string;
  /**
   * The choice's text is over. With `extract: false` (the choice has real tool calls) everything held is text;
   * `cut`: the answer was cut short (`finish_reason: "length"`), so a list of calls left open may have gone on.
   */
  end(options?: { extract?: boolean; cut?: boolean }): HeldTextEnd;
}

export const DEFAULT_HOLDBACK_LIMITS = { maxChars: 32_768, maxMs: 20_000 } as const;

/** Gemma 4's token closing its thought channel: what follows it opens the answer as a new line would. */
const CHANNEL_CLOSE = "<channel|>";
/** The end tries at most this many places for a call before it calls the rest text. */
const MAX_FINAL_READINGS = 8;

/** The text after a call as written (`after` is trimmed): a line break first when one stands between the call and `after`. */
function following(rest: string, after: string): string {
  // The first line only: later calls may have been taken out of `after` (see `withCallsAcrossProse`).
  const at = after === "" ? -1 : rest.indexOf(after.slice(0, 40).split("\n", 1)[0]!);
  if (at <= 0) return "\n";
  return /\n[ \t]*$/.test(rest.slice(0, at)) ? `\n${after}` : ` ${after}`;
}

export function createTextHoldback(options: TextHoldbackOptions): TextHoldback {
  return holdback(options, true);
}

/** The hold-back, and what its text held that keeps other calls of the same answer from being read. */
interface ReadingHoldback extends TextHoldback {
  /** A block naming a declared tool that did not read, or a call naming an undeclared one. */
  unreadSeen(): boolean;
  /** Either, or calls in doubt for what the text says of them (taken back, a result made up, …), not only shown. */
  doubtSeen(): boolean;
  /** The held text before the calls read at the end (the rest of the text before them was released); "" before. */
  heldBeforeCalls(): string;
  /** Whether a group of the calls read at the end writes again every call read before this text (see `restated-calls.ts`). */
  restatesAll(): boolean;
}

/**
 * `checkRest`: whether calls read at the end must leave no call in the text after them (off for reading that text);
 * `depth`: how many groups of calls, prose between them, were read before this text (see `withCallsAcrossProse`);
 * `groups`: the calls those groups read (a group of this text that writes them again is read once, see `restated-calls.ts`).
 */
function holdback(options: TextHoldbackOptions, checkRest: boolean, depth = 0, groups: CallGroups = NO_GROUPS): ReadingHoldback {
  const { tools, now, maxChars = DEFAULT_HOLDBACK_LIMITS.maxChars, maxMs = DEFAULT_HOLDBACK_LIMITS.maxMs, reasoning = false } = options;
  const toolNames = tools.map((tool) => tool.name);
  /** The text from the first place that may still open a call (empty when nothing is held). */
  let held = "";
  /** The reading of the block `held` starts with. */
  let opening: CallOpening | undefined;
  /** Whether that block opens inside reasoning (`<think>…`): then only a call the reasoning ends on counts. */
  let openingThinks = false;
  let heldSince = 0;
  /** The characters of closed blocks judged and not kept as calls so far (see `UNREAD_BLOCK_BUDGET`); past the budget, the rest is text. */
  let judged = 0;
  const judgeBudget = UNREAD_BLOCK_BUDGET * maxChars;
  /**
   * The fence and quote states `firstOpening` brought up to `at` of what is held, from the released text's: what
   * is held only grows at its end until some is released, so they hold for the text released next, up to `at`.
   */
  let scanned: { readonly at: number; readonly fence: FenceState; readonly quote: QuoteState } | undefined;
  /** Where the released text left off among Markdown's code blocks (a call in one is shown, not made; none opens in a fence of another language) and in reasoning. */
  let fence: FenceState = OUTSIDE_FENCES;
  /** Whether the released text left off in a Markdown blockquote's line (a call quoted there is shown, not made). */
  let quote: QuoteState = "blank";
  /** The end of the released text, for the prose just before a call. */
  let releasedTail = "";
  /** The released text's last `LEAD_IN_CHARS` before the last reasoning block it opened: that block's lead-in. */
  let leadBeforeThinking = "";
  /** The end of the released text, kept two think tags' length longer than `releasedTail`: a tag released in pieces keeps its lead-in. */
  let releasedRecent = "";
  /** Whether the released text holds a MiniMax-M3 invoke (one that was not read). */
  let m3InvokeBefore = false;
  /** Whether the released text holds GLM's pairs after a declared name written bare (a call of that form not read). */
  let glmBodyBefore = false;
  /**
   * Where (counted from the text's start) the last call in a tag or token format naming no declared tool
   * began, ruled out outside reasoning; -1 when none did. A closing think tag after it puts it in reasoning.
   */
  let undeclaredAt = -1;
  /** The blocks outside reasoning that name a declared tool and did not read (see `unread-block.ts`), counted from the text's start. */
  const unread = new UnreadBlocks();
  /**
   * Where the first call holding a template's placeholder began (`{"city": "<city>"}`), counted from the text's start;
   * -1 when none did. A format shown, not a call that failed to read: calls before it are read, calls after it are not.
   */
  let templateAt = -1;
  /** How much text was released, and where the last closing think tag in it ended (-1: none). */
  let releasedTotal = 0;
  let thinkClosedAt = -1;
  let ended = false;
  /** The answer may still open with the assistant's head of a chat template (read only in the answer's own text). */
  let headPending = checkRest && depth === 0 && !reasoning;
  /** Calls were refused at the end for a doubt about them, not because they were only shown (see `doubtSeen`). */
  let doubted = false;
  /** The held text before the calls read at the end. */
  let beforeCalls = "";
  /** A group of the calls read at the end wrote again every call read before it. */
  let restated = false;
  /** The text pushed, kept when this reads the text after earlier calls (read whole): whether prose stands before the calls read. */
  let pushed = "";

  function lineAt(at: number): LinePosition {
    // Zero-width characters right before the place show nothing: the line (or the text) opens after them.
    let back = 1;
    while (back <= MAX_ZERO_WIDTH && isZeroWidth(charBefore(at, back))) back++;
    const before = charBefore(at, back);
    if (before === undefined) return "text-start";
    if (before === "\n") return "line-start";
    if (back > 1) return "mid-line";
    // Chinese and Japanese put no space after a sentence's end: the next one opens right there, as a line does.
    if (CJK_SENTENCE_END.has(before)) return "line-start";
    if (before !== ">" && before !== "]") return "mid-line";
    // The answer may follow the reasoning's closing tag on its line (`</think>Action: …`, Gemma 4's `<channel|>call:…`).
    const text = releasedTail + held.slice(0, at);
    return text.endsWith(CHANNEL_CLOSE) || endsWithReasoningClose(text) ? "line-start" : "mid-line";
  }

  /**
   * Whether `MIN_SPACES_AFTER_PROSE` spaces or tabs are right before `at` (read on into the released text), or a
   * sentence's end or a colon and one space at most (`…the directory.functions.LS:1{…}`): where Kimi's stripped tokens stood.
   */
  function spacedAt(at: number): boolean {
    if (afterSentenceAt(at)) return true;
    for (let back = 1; back <= MIN_SPACES_AFTER_PROSE; back++) {
      const char = charBefore(at, back);
      if (char !== " " && char !== "\t") return false;
    }
    return true;
  }

  /**
   * Whether a sentence's end or a colon after a word is right before `at`, glued to it or one space apart (`…the
   * directory. <list_files>`), also with the emphasis that set the sentence off closed after it (`*Checking it now.*`,
   * `**Note:**`) or a quote, parenthesis or code span closed before it (`… "Paris".`, `` … `list_files`: ``), or an
   * emoji after it (`On it! 👍`), French's space before its `:` (`Je vais appeler get_weather :`); an ellipsis only after an announcement (`Calling search_files...`).
   */
  function afterSentenceAt(at: number): boolean {
    let back = charBefore(at, 1) === " " ? 2 : 1;
    // An emoji after the sentence's end belongs to it (`On it! 👍 <list_files>`), a space before it or none.
    const emojiFrom = back;
    while (back - emojiFrom < 8 && isEmojiUnit(charBefore(at, back))) back++;
    if (back > emojiFrom && charBefore(at, back) === " ") back++;
    for (let marks = 0; marks < 3 && EMPHASIS_MARKS.includes(charBefore(at, back) ?? ""); marks++) back++;
    // An ellipsis ends a sentence in which the model says it acts now (`Calling search_files... <search_files>`); after
    // any other (`Hmm... <list_files>`) the words trail off, and what follows may go on with them.
    if (charBefore(at, back) === "…" || (charBefore(at, back) === "." && charBefore(at, back + 1) === ".")) return announcesOnLine(at);
    if (!SENTENCE_ENDS.includes(charBefore(at, back) ?? "")) return false;
    // French sets a space before `:`, `!` and `?` (`Je vais appeler get_weather :`), often a no-break one.
    if (":!?".includes(charBefore(at, back)!) && FRENCH_SPACES.includes(charBefore(at, back + 1) ?? "x")) back++;
    const word = charBefore(at, back + 1) ?? "";
    return /\p{L}/u.test(word) || (CLOSING_MARKS.includes(word) && /[\p{L}\p{N}]/u.test(charBefore(at, back + 2) ?? ""));
  }

  /**
   * Whether the line before `at` is a sentence in which the model says it acts now (see `saysItActs`): what opens the
   * line before its words (an emoji, a list's mark) and the punctuation inside a quoted string (a URL's `?`) aside.
   */
  function announcesOnLine(at: number): boolean {
    // Only the last `LEAD_IN_CHARS` characters: a long text with many ellipses is not copied whole at each.
    const from = Math.max(0, at - LEAD_IN_CHARS);
    const released = from === 0 ? releasedTail.slice(Math.max(0, releasedTail.length - (LEAD_IN_CHARS - at))) : "";
    const before = released + held.slice(from, at);
    const line = before.slice(before.lastIndexOf("\n") + 1).trimEnd();
    return saysItActs(line.replace(/^[^\p{L}]+/u, "").replace(/"[^"\n]*"/g, '"x"'));
  }

  /** Whether a word and one space are right before `at` (`测试 functions.…`); not markup (`<|tool_call_begin|> functions.…` is a frame of its own). */
  function afterWordAt(at: number): boolean {
    const gap = charBefore(at, 1);
    return (gap === " " || gap === "\t") && /[\p{L}\p{N}]/u.test(charBefore(at, 2) ?? "");
  }

  /** Whether Harmony's role word, its tokens stripped, is right before `at` (see `endsWithHarmonyRole`). */
  function afterHarmonyRoleAt(at: number): boolean {
    const last = charBefore(at, 1);
    if (last !== "t" && last !== " ") return false;
    let before = "";
    for (let back = HARMONY_ROLE_SPAN; back >= 1; back--) before += charBefore(at, back) ?? "";
    return endsWithHarmonyRole(before);
  }

  /** The character `back` places before `at` of what is held, read on into the released text. */
  function charBefore(at: number, back: number): string | undefined {
    return at - back >= 0 ? held[at - back] : releasedTail[releasedTail.length + at - back];
  }

  /** The first place from `from` whose block may still be a call (and reads it into `opening`); `held.length` when none. */
  function firstOpening(from: number): number {
    // The fence and quote states are brought up to a place only where a call may open: most places are none.
    let state = fence;
    let quoted = quote;
    let stateAt = 0;
    for (let at = from; at < held.length; at++) {
      // Most characters open nothing where the line goes on: passed over without reading what is before them.
      if (at > 0) at = nextPlace(held, at);
      if (at >= held.length) break;
      const line = lineAt(at);
      const spaced = spacedAt(at);
      const afterRole = line === "mid-line" && afterHarmonyRoleAt(at);
      const indented = line === "mid-line" && indentedAt((back) => charBefore(at, back));
      const opens = mayOpenAt(held, at, line, spaced, afterRole, indented);
      // A place opened only by a word and one space before it (`测试 functions.…`): Kimi's stripped call alone may open there.
      const afterWord = !opens && held[at] === KIMI_TEXT_OPENING[0] && line === "mid-line" && afterWordAt(at);
      if (!opens && !afterWord) continue;
      // The closed blocks judged so far add up to the budget: no call is looked for in the rest of the text.
      if (judged >= judgeBudget) break;
      state = fenceAfter(state, held, stateAt, at);
      quoted = quoteAfter(quoted, held, stateAt, at);
      stateAt = at;
      if (insideForeignFence(state) || quoted === "quoted") continue;
      // In reasoning, only markup opens a call (`<tool_call>`, `<function=…>`, `<|…|>`, MiniMax-M3's namespace token):
      // prose and JSON there are thought.
      const thinking = reasoning || state.thinking;
      if (thinking && held[at] !== "<" && !MINIMAX_NS.startsWith(held.slice(at, at + MINIMAX_NS.length))) continue;
      const candidate = new CallOpening(tools, line, spaced, afterRole, line === "mid-line" && afterSentenceAt(at), indented, afterWord);
      // A place further back than the bound is judged on its first `maxChars` characters, as a stream judged it.
      const past = held.length - at > maxChars;
      const block = past ? held.slice(at, at + maxChars) : at === 0 ? held : held.slice(at);
      const open = candidate.advance(block) && !(thinking && reasoningGoesOn(candidate, block, tools));
      if (open && !past) {
        opening = candidate;
        openingThinks = thinking;
        scanned = { at, fence: state, quote: quoted };
        return at;
      }
      judged += candidate.judgedChars;
      if (!thinking && candidate.undeclaredCall) undeclaredAt = Math.max(undeclaredAt, releasedTotal + at);
      if (!thinking && candidate.unreadNameAt >= 0) unread.add(releasedTotal + at + candidate.unreadNameAt);
      if (!thinking && candidate.template && templateAt < 0) templateAt = releasedTotal + at;
      // Still open past the bound: the block is text, and no call opens inside what was read of it.
      if (open) at += spanPastBound(candidate) - 1;
    }
    opening = undefined;
    scanned = { at: stateAt, fence: state, quote: quoted };
    return held.length;
  }

  /** What of a block that outgrew the bound is its own: the call it read, or the `maxChars` characters read of it. */
  function spanPastBound(candidate: CallOpening): number {
    return candidate.confirmed && candidate.end !== undefined && candidate.end > 0 ? candidate.end : maxChars;
  }

  /** Whether a call naming no declared tool came before `at` of what is held, with no closing think tag after it. */
  function undeclaredBefore(at: number): boolean {
    if (undeclaredAt < 0) return false;
    return undeclaredAt >= answerStart(at);
  }

  /** Whether a call holding a template's placeholder came before `at` of what is held, in the same answer. */
  function templateBefore(at: number): boolean {
    return templateAt >= 0 && templateAt >= answerStart(at) && templateAt < releasedTotal + at;
  }

  /** Whether a block that did not read (see `unread-block.ts`) named its call before `at` of what is held, in the answer. */
  function unreadBefore(at: number): boolean {
    return unread.any && unread.between(answerStart(at), releasedTotal + at);
  }

  /** Where, counted from the text's start, the answer that `at` of what is held is in starts: after the last closing think tag before it. */
  function answerStart(at: number): number {
    const heldClose = lastThinkCloseEnd(held.slice(0, at));
    return heldClose < 0 ? thinkClosedAt : releasedTotal + heldClose;
  }

  /**
   * Whether `before`, the text up to calls (the released tail, then what is held), ends in a reasoning block closed
   * right before them whose own lead-in introduces an example (`Here is an example:` then `<think>…</think>` then the
   * call): the block and the call after it are one exhibit, whatever the reasoning's last words say.
   */
  function framedBeforeReasoning(before: string): boolean {
    const close = lastThinkCloseEnd(before);
    if (close < 0 || before.slice(close).trim() !== "") return false;
    const open = lastThinkOpen(before.slice(0, close));
    // An opening in what is held is read here; one already released left its lead-in behind when it went.
    const lead = open !== undefined && open.at >= releasedTail.length ? before.slice(Math.max(0, open.at - LEAD_IN_CHARS), open.at) : leadBeforeThinking;
    return lead.trim() !== "" && introducesExample(lead, false);
  }

  function released(out: string): void {
    if (out === "") return;
    // The states where the last search for a place left them, read on to the end of `out` (a `\r` ending it is
    // read as a line's end: the states are then read afresh, as the characters after it are not part of `out`).
    const from = scanned !== undefined && scanned.at <= out.length && !(scanned.at === out.length && out.endsWith("\r")) ? scanned : undefined;
    scanned = undefined;
    fence = fenceAfter(from?.fence ?? fence, out, from?.at ?? 0);
    quote = quoteAfter(from?.quote ?? quote, out, from?.at ?? 0);
    if ((releasedTail.slice(-(M3_INVOKE.length - 1)) + out).includes(M3_INVOKE)) m3InvokeBefore = true;
    if (!glmBodyBefore && holdsBareGlmBody(releasedTail.slice(-GLM_NAME_PEEK) + out, toolNames)) glmBodyBefore = true;
    // A think tag ends on one of these: text without one (most prose) ends none, so is searched for none.
    const endsTag = /[>\]▷]/u.test(out);
    const closed = endsTag ? lastThinkCloseEnd(releasedTail + out) : -1;
    if (closed >= 0) thinkClosedAt = Math.max(thinkClosedAt, releasedTotal - releasedTail.length + closed);
    const recent = releasedRecent + out;
    const opened = endsTag ? lastThinkOpen(recent) : undefined;
    if (opened !== undefined && opened.end > releasedRecent.length) leadBeforeThinking = recent.slice(Math.max(0, opened.at - LEAD_IN_CHARS), opened.at);
    releasedRecent = recent.slice(-(LEAD_IN_CHARS + 2 * MAX_THINK_TAG));
    releasedTotal += out.length;
    releasedTail = (releasedTail + out.slice(-LEAD_IN_CHARS)).slice(-LEAD_IN_CHARS);
  }

  /** Sends what is before `at`; the block at `at` (if any) is what stays held. */
  function releaseBefore(at: number): string {
    if (at === 0) return "";
    const out = held.slice(0, at);
    released(out);
    held = held.slice(at);
    return out;
  }

  function releaseAll(): string {
    const out = held;
    released(out);
    held = "";
    opening = undefined;
    return out;
  }

  /** The assistant's head was released: the answer starts here, as at the text's start (see `assistant-head.ts`). */
  function answerOpensHere(): void {
    fence = OUTSIDE_FENCES;
    quote = "blank";
    releasedTail = "";
    leadBeforeThinking = "";
    releasedRecent = "";
    scanned = undefined;
    thinkClosedAt = releasedTotal;
  }

  // An undeclared call a closing think tag follows was reasoning.
  const unreadSeen = (): boolean => unread.any || (undeclaredAt >= 0 && undeclaredAt >= thinkClosedAt);
  const api: ReadingHoldback = {
    unreadSeen,
    doubtSeen: () => doubted || unreadSeen(),
    heldBeforeCalls: () => beforeCalls,
    restatesAll: () => restated,
    push(delta) {
      if (ended || delta === "") return delta;
      if (headPending) {
        const text = held + delta;
        const head = afterAssistantHead(text);
        if (head === "maybe") {
          held = text;
          return "";
        }
        headPending = false;
        held = "";
        if (head === undefined) return api.push(text);
        held = text.slice(0, head);
        const out = releaseAll();
        answerOpensHere();
        return out + api.push(text.slice(head));
      }
      if (depth > 0) pushed += delta;
      let out = "";
      // Held too long: the block goes out as text; the new delta is read afresh.
      if (opening !== undefined && now !== undefined && now() - heldSince > maxMs) out = releaseAll();
      const wasHolding = opening !== undefined;
      held += delta;
      // The held block is judged on its first `maxChars` characters, however the text was cut.
      const past = held.length > maxChars;
      const block = wasHolding && past ? held.slice(0, maxChars) : held;
      const open = wasHolding && opening!.advance(block) && !(openingThinks && reasoningGoesOn(opening!, block, tools));
      if (open && !past) return out;
      // Ruled out, it is searched again from its next character; still open past the bound, from after what it read.
      const from = !wasHolding ? 0 : open ? spanPastBound(opening!) : 1;
      if (wasHolding) judged += opening!.judgedChars;
      if (wasHolding && !openingThinks && opening!.undeclaredCall) undeclaredAt = Math.max(undeclaredAt, releasedTotal);
      if (wasHolding && !openingThinks && opening!.unreadNameAt >= 0) unread.add(releasedTotal + opening!.unreadNameAt);
      if (wasHolding && !openingThinks && opening!.template && templateAt < 0) templateAt = releasedTotal;
      // Ruled out (or nothing held): the next place that may open a call, after the ruled-out one.
      const at = firstOpening(from);
      if (at === held.length) return out + releaseAll();
      out += releaseBefore(at);
      heldSince = now?.() ?? 0;
      return out;
    },
    end({ extract = true, cut = false } = {}) {
      // Held so far as space or the start of a head, which no call opens: read as any held text is.
      headPending = false;
      /**
       * Whether the calls read at `at` of what is held are shown rather than made: in a code block, after an
       * example's lead-in, inside a sentence that does not make them, in text about call markup, weighed.
       */
      const shown = (found: JudgedCalls, at: number): boolean => {
        const after = found.after ?? found.text;
        const before = releasedTail + held.slice(0, at);
        // The text the reading skipped before its first call (`<|python_tag|>Here is how to call it: <invoke …>`).
        const skipped = found.text.slice(0, found.text.length - after.length);
        return (
          // A lead-in to an example inside what was read: the call is shown, not made.
          (skipped.trim() !== "" && (introducesExample(before + skipped) || holdsCallObject(skipped))) ||
          // A reasoning block between an example's lead-in and them: shown with it.
          framedBeforeReasoning(before + skipped) ||
          // In a code block: a fence the text goes on after or never closes, an indented block. Shown as code, not made.
          shownAsCode(codeAfter(fence.code, held, 0, at), held, at, after) ||
          // In markup no known format writes, a hedge right before the calls (`Maybe something like:`): weighed, not made.
          // So does markup running into them: the frame began before the reading did, and did not read whole.
          (found.unknownMarkup === true && (hedgesCall(before + skipped) || frameBegunBefore(before))) ||
          // In any format, a hedge right before them (`Maybe something like:`, `I could call`): weighed, not made.
          weighsCall(before + skipped) ||
          // Part of a sentence that does not make it.
          callInSentence(before, following(held.slice(at), after), held.slice(at, at + MAX_MARKER_CHARS)) === "not made" ||
          // A step of a numbered list that goes on after them (`2. Send this:` then the call, then `3. …`): a procedure or a plan
          // written out, unless a later group carries it out (every call before it written again, `Let's execute these steps.`).
          (found.restated !== true && listGoesOnAfter(before, after, LEAD_IN_CHARS)) ||
          // Text about call markup around them (`… with [TOOL_CALLS] that shouldn't trigger.`): shown, not made.
          // (Only the lead-in's last characters before them, after any reasoning: a stream keeps no more of what it let go.)
          talksAboutMarkup(answerOnly(before.slice(-LEAD_IN_CHARS) + skipped), held.slice(at, at + MAX_MARKER_CHARS)) ||
          talksAboutMarkup(after, held.slice(at, at + MAX_MARKER_CHARS))
        );
      };
      /** Whether the calls read at `at` of what is held may not be the calls the model made: then none is read. */
      const inDoubt = (found: JudgedCalls, at: number, skippedBefore: boolean): boolean => {
        const after = found.after ?? found.text;
        const before = releasedTail + held.slice(0, at);
        return (
          // A call left as text after the ones read (`Example: [f(a=1)]` then `Real: [f(a=2)]`): which one the model meant is a guess.
          (checkRest && callsRemain(found.text, tools)) ||
          // The same before them: a block an earlier reading skipped that reads as calls on its own (`<tool_calls>[…]</tool_calls>
          // Then this: <tool_calls>[…]</tool_calls>`, each block read alone). Reasoning before the answer is not the answer's.
          (checkRest && skippedBefore && callsRemain(answerOnly(held.slice(0, at)), tools)) ||
          // Taken back after (`Wait, actually…`), or a loop: no call the model surely meant. A line that introduces
          // the right version (`The correct call is:`) takes them back unless what it introduces is a copy of them;
          // the reading across prose judged each such line where it stands (`correctionsJudged`).
          disownsCallsOutright(after) ||
          (found.correctionsJudged !== true && correctionLineEnds(after).length > 0) ||
          // A plan's next step after them (`Step 2: …`): a plan, unless a later group carries it out, the calls written again.
          (found.restated !== true && namesPlanStep(after)) ||
          repeatsInLoop(found.calls) ||
          // The call followed by its result, written by the model itself: a transcript, not a call.
          opensWithMadeUpResult(after) ||
          answersAfterHarmonyCall(held.slice(at), after) ||
          // An object read from inside a list never closed (`[{…}` at the end): more calls may have followed.
          readFromOpenList(before, after) ||
          // Another object opened right after the calls and never closed (`{…}{` at the end): cut inside the next call.
          // The arguments written again after them with other values (`the args were {…}`): which ones is a guess.
          // (Nothing is left when every call in a row was read: `after` then still holds the later ones.)
          // A measured result stated after them about their own values (`… The weather in Paris is 22°C.`): imagined.
          (found.text !== "" && (opensCallAfter(after) || restatesOtherArguments(after, found.calls, tools) || statesResultAfter(after, found.calls, tools))) ||
          // A question asking leave for it (`Want me to send it?`), or a remark that closes the conversation (`Hope this helps!`).
          asksLeaveAfter(after) ||
          closesConversationAfter(after) ||
          // A call tag's closer right before the calls that closes nothing: a piece of a longer text.
          closesNothingBefore(before) ||
          (cut && found.calls.some((call) => call.fromOpenList === true)) ||
          // A JSON call that did not read right before the ones that did (`{"name": "undeclared", …}; {…}`): only some of the turn's calls.
          unreadCallBefore(before) ||
          // And one right after them naming a tool the request does not declare (`{…} {"name": "undeclared", …}`).
          undeclaredCallAfter(after, (written) => namesDeclaredTool(written, tools)) ||
          // A whole JSON call object earlier on the call's line that did not read (`Compare {…} vs {…}`): the one read is one of them.
          holdsCallObject(before.slice(before.lastIndexOf("\n") + 1)) ||
          // A MiniMax-M3 invoke before the calls read is a call that could not be read: the later ones alone are a guess.
          m3InvokeBefore ||
          // So is GLM's call body written bare that did not read, before them or after (`… list_dir\n<arg_key>…`).
          glmBodyBefore ||
          holdsBareGlmBody(held.slice(0, at), toolNames) ||
          holdsBareGlmBody(after, toolNames) ||
          // So is a call in a tag or token format naming a tool the request does not declare (not one in reasoning).
          undeclaredBefore(at) ||
          // A block naming a declared tool that did not read, before them or after: the turn's calls are read all or none.
          unreadBefore(at) ||
          // A template's call before them (`{"name": "get_weather", "arguments": {"city": "<city>"}}`, then a call): a format
          // shown, and the calls after it are governed by it, as by an example's lead-in.
          templateBefore(at) ||
          // Read from inside a Seed-OSS block whose own reading refused it: the same call under another layout.
          insideInlineLayoutBlock(before) ||
          // Or GLM's body right after a call block's opening tag that did not read (never closed, say): the block's.
          bodyOfRefusedBlock(before, held.slice(at)) ||
          (checkRest && unreadIn(after, tools)) ||
          held.slice(0, at).includes(M3_INVOKE) ||
          // A calls section opened before them and never closed (the turn was cut, more calls may have followed),
          // or a message header before the block that did not read with it.
          sectionLeftOpen(held, at) ||
          headerLeftBehind(releasedTail + held, releasedTail.length + at)
        );
      };
      ended = true;
      if (!extract || held === "") return { text: releaseAll(), calls: [] };
      // The end decides: the first place, from the start of what is held, the extraction reads as calls.
      let from = 0;
      /** Where the last call refused in reasoning ends: a call read right after it would be only some of a row. */
      let refusedEnd: number | undefined;
      for (let reading = 0; reading < MAX_FINAL_READINGS; reading++) {
        const at = firstOpening(from);
        if (at >= held.length) break;
        // A call shown after `For example:` is an example; so may be any call after it. One under a later step of a list
        // (`2. Send this:`) is a step shown, unless the plan is carried out (its calls written again after it).
        const lead = releasedTail + held.slice(Math.max(0, at - LEAD_IN_CHARS), at);
        if (introducesExample(lead, false) || framedBeforeReasoning(releasedTail + held.slice(0, at))) break;
        const underStep = introducesExample(lead);
        // Held only as markup no reader knows (the known formats said no here): no other reading of it counts.
        const found: ContentToolCalls | undefined = opening?.unknownOnly === true ? readGenericCalls(held.slice(at), tools) : readLeadingCalls(held.slice(at), tools);
        // A block held to the end that does not read, its head naming a declared tool: a call left out of any later reading.
        // A template's call (a placeholder for a value) is a format shown: it keeps the calls after it text, not the ones before.
        if (found === undefined && !openingThinks) {
          const name = declaredNameAt(held, at, tools);
          if (name >= 0 && opensWithTemplateCall(held.slice(at, opening?.end === undefined ? undefined : at + opening.end), tools)) {
            if (templateAt < 0) templateAt = releasedTotal + at;
          } else if (name >= 0) unread.add(releasedTotal + name);
        }
        // A call inside reasoning counts only when the reasoning, and the answer, end on it, unhedged.
        if (found !== undefined && openingThinks && (onlyClosesReasoning(found.after ?? found.text) !== "yes" || hedgesCall(releasedTail + held.slice(0, at)))) {
          if (opening?.end !== undefined) refusedEnd = at + opening.end;
          from = at + 1;
          continue;
        }
        // Calls in a row whose first was refused (hedged, `maybe <A> <B>`): reading the rest would make some of them.
        if (found !== undefined && openingThinks && refusedEnd !== undefined && held.slice(refusedEnd, at).trim() === "") break;
        if (found !== undefined) {
          const row = checkRest ? withCallsAfter(found, tools) : found;
          // Calls of a later group (see `restated-calls.ts`): new ones, or every call before them written again; a
          // call written twice in a row, a mix, or only some written again is in doubt.
          const inRow = depth > 0 && !holdsProse(pushed.slice(0, releasedTotal + at));
          const next = depth === 0 ? { before: [], current: row.calls } : afterCalls(groups, row.calls, inRow);
          if (next === undefined) {
            doubted = true;
            break;
          }
          // Calls already read, written again inside a sentence (`… is the same as …`): mentioned, as a shown call is.
          const copies = groupKind(next) === "copies";
          if (copies && continuesSentence(row.after ?? row.text) && onlyMentions(row.after ?? row.text)) break;
          const all: JudgedCalls | undefined = checkRest ? withCallsAcrossProse(row, { tools, reasoning }, cut, depth, next) : row;
          if (all === undefined || shown(all, at) || (underStep && all.restated !== true)) {
            doubted ||= all === undefined && !underStep;
            break;
          }
          if (inDoubt(all, at, reading > 0)) {
            doubted = true;
            break;
          }
          beforeCalls = held.slice(0, at);
          restated = copies || all.restated === true;
          const text = beforeCalls + all.text;
          held = "";
          opening = undefined;
          return { text, calls: all.calls };
        }
        from = at + 1;
      }
      return { text: releaseAll(), calls: [] };
    },
  };
  return api;
}

/**
 * The most a call opened inside reasoning may take to close. Reasoning that only mentions a tag
 * (`I should emit a <tool_call> block…`) is held no longer than this before it streams on.
 */
export const MAX_REASONING_CALL_CHARS = 2048;

/** The most calls in a row, one block each, read at the end of reasoning. */
const MAX_CALLS_IN_A_ROW = 8;

/**
 * Whether a block opened inside reasoning is no call the model made: the reasoning goes on after it (a call
 * considered), or it did not close within `MAX_REASONING_CALL_CHARS`. Another call right after it (parallel
 * calls written one block each, as Qwen's template does) does not go on: what counts is what follows the last.
 * Depends only on `block`, however it was cut.
 */
function reasoningGoesOn(candidate: CallOpening, block: string, tools: readonly ToolDefinition[], calls = 1): boolean {
  if (!candidate.confirmed || candidate.end === undefined) return block.length > MAX_REASONING_CALL_CHARS;
  if (candidate.end > MAX_REASONING_CALL_CHARS) return true;
  let rest = block.slice(candidate.end);
  // MiniMax-M3's block is read one invoke at a time: its wrapper's closer after the last ends the calls.
  const left = rest.trimStart();
  if (left !== "" && M3_WRAPPER_CLOSE.startsWith(left.slice(0, M3_WRAPPER_CLOSE.length))) {
    if (left.length < M3_WRAPPER_CLOSE.length) return false;
    rest = left.slice(M3_WRAPPER_CLOSE.length);
  }
  if (onlyClosesReasoning(rest) !== "no") return false;
  const next = rest.trimStart();
  // The next call's opening, or its first characters so far (M3's token cut by the stream).
  const opensNext = next.startsWith("<") || MINIMAX_NS.startsWith(next.slice(0, MINIMAX_NS.length));
  if (calls >= MAX_CALLS_IN_A_ROW || !opensNext) return true;
  // Read no further than the next call may take to close.
  const window = next.slice(0, MAX_REASONING_CALL_CHARS + 1);
  const opening = new CallOpening(tools, "text-start");
  return !opening.advance(window) || reasoningGoesOn(opening, window, tools, calls + 1);
}

/**
 * The calls read, and the calls right after them when nothing but calls follows, in another
 * format or the same (`{"name": …} <tool_call>{…}</tool_call>`): one turn's calls. A call
 * written twice is not made twice: then the calls are as read, and the rest is in doubt.
 */
function withCallsAfter(found: ContentToolCalls, tools: readonly ToolDefinition[]): ContentToolCalls {
  // A reading may skip text before its calls (tags read further on): the rest is before them, or after, not both.
  const after = found.after ?? found.text;
  const before = found.text.slice(0, found.text.length - after.length);
  // Stop tokens a server printed after the last call (`<|im_end|>`) end the turn: they stay as its text, and are no
  // text after the calls.
  const callsEnd = (text: string): boolean => text.trim() === "" || onlyEndOfTurn(text) === "yes";
  if (before.trim() !== "" && !callsEnd(after)) return found;
  const next = found.text === "" ? undefined : readWhole(found.text, { tools }, false);
  if (next === undefined || !callsEnd(next.text)) return found;
  const key = (call: ContentToolCall): string => `${call.name}\u0000${call.arguments}`;
  const seen = new Set(found.calls.map(key));
  if (next.calls.some((call) => seen.has(key(call)))) return found;
  const calls = before.trim() !== "" ? [...next.calls, ...found.calls] : [...found.calls, ...next.calls];
  return { calls, text: next.text, ...(found.after === undefined ? {} : { after: found.after }), ...(found.unknownMarkup === true ? { unknownMarkup: true as const } : {}) };
}

/** The most groups of calls, prose between them, read from one text: more is a text to show, not one turn's calls. */
const MAX_CALL_GROUPS = 8;

/**
 * The calls read, and the calls in the text after them when prose stands between (`<read_file>…</read_file>`, `Now
 * let me also check the other file.`, `<read_file>…</read_file>`): one turn's calls, as the rest of the text is read
 * on its own, so each later call is judged by every rule a first call is, the prose before it as its lead-in (an
 * example's lead-in, a hedge, a quote keep it text). The prose is judged as text after the earlier calls too (the
 * guards at the end see it, the later calls taken out). Anything that keeps a later call unread, or text skipped
 * before the calls read, leaves the calls as read: calls then remain, and none is read. A later group that writes
 * every call before it again is read once (see `restated-calls.ts`); one that writes only some again, or mixes
 * copies with new calls, keeps the text as text, and so does a correction line over other values.
 */
function withCallsAcrossProse(found: ContentToolCalls, options: TextHoldbackOptions, cut: boolean, depth: number, groups: CallGroups): JudgedCalls | undefined {
  const after = found.after ?? found.text;
  // The last group ends here: a group of copies must hold every call before it.
  if (found.text.length !== after.length || after.trim() === "") return closes(groups) ? found : undefined;
  // The calls read so far, each once: a later group writing them all again is read once (see `restated-calls.ts`).
  const read = callsSoFar(groups);
  const reading = holdback({ ...options, now: undefined }, true, depth + 1, groups);
  const released = reading.push(after);
  const end = reading.end({ cut });
  // A line introducing the right version of the calls (`The correct call is:`) before the next group, or after the
  // last: it takes the calls back unless the block it introduces (a fenced copy, the next group) holds copies of them.
  const between = end.calls.length === 0 ? after : released + reading.heldBeforeCalls();
  const corrections = correctionLineEnds(between);
  if (corrections.length > 0 && !correctionsRestate(after, corrections, read, (block) => readWhole(block, options, false)?.calls)) return undefined;
  // No later call read: the calls there are only shown (an example, a code block), or in doubt, and so are these.
  if (end.calls.length === 0) return reading.doubtSeen() || !closes(groups) ? undefined : { ...found, correctionsJudged: true };
  if (depth + 1 >= MAX_CALL_GROUPS) return undefined;
  // Between the two groups, a sentence that states how things are: a result before its call ran, or known before.
  if (reportsStateBetween(between)) return undefined;
  const text = (released + end.text).trim();
  const calls = [...found.calls, ...withoutCopies(read, end.calls)];
  return {
    calls,
    text,
    after: text,
    correctionsJudged: true,
    ...(reading.restatesAll() ? { restated: true as const } : {}),
    ...(found.unknownMarkup === true ? { unknownMarkup: true as const } : {}),
  };
}

/** Calls read across prose, with what the reading of the later groups settled about the text between them. */
interface JudgedCalls extends ContentToolCalls {
  /** Every correction line in the text was judged where it stands. */
  readonly correctionsJudged?: true;
  /** A later group wrote again every call before it: steps of a plan before it (`Step 2: …`) are carried out there. */
  readonly restated?: true;
}

/** More than any call marker's length: what of the text at a call its marker may take. */
const MAX_MARKER_CHARS = 64;
/** How much released text is looked at again for a bare name before GLM's pairs (a name and its layout; see `holdsBareGlmBody`). */
const GLM_NAME_PEEK = 140;

/** What of `text` follows the last closing think tag in it: the answer, without the reasoning before it. */
function answerOnly(text: string): string {
  const closed = lastThinkCloseEnd(text);
  return closed < 0 ? text : text.slice(closed);
}

/** Where the last opening think tag in `text` starts and ends, if there is one. */
function lastThinkOpen(text: string): { at: number; end: number } | undefined {
  let last: { at: number; end: number } | undefined;
  for (const found of text.matchAll(THINK_OPEN_ANYWHERE)) last = { at: found.index, end: found.index + found[0].length };
  return last;
}

/** Where the last closing think tag in `text` ends; -1 when there is none. */
function lastThinkCloseEnd(text: string): number {
  let end = -1;
  for (const found of text.matchAll(THINK_CLOSE_ANYWHERE)) end = found.index + found[0].length;
  return end;
}

/**
 * Whether `rest`, the text after the calls read, holds a block naming a declared tool that did not read, or a call
 * in a tag or token format naming a tool the request does not declare (outside reasoning): a call the model made.
 */
function unreadIn(rest: string, tools: readonly ToolDefinition[]): boolean {
  if (rest.trim() === "") return false;
  const reading = holdback({ tools }, false);
  reading.push(rest);
  reading.end();
  return reading.unreadSeen();
}

/** Whether `rest`, the text left once calls were read, holds a call of its own. */
function callsRemain(rest: string, tools: readonly ToolDefinition[]): boolean {
  return rest !== "" && readWhole(rest, { tools }, false) !== undefined;
}

/**
 * The calls written into a whole text, read exactly as a stream of the same
 * text would be: one push, then the end. `undefined` when there is none.
 * `cut`: the answer was cut short (see `TextHoldback.end`).
 */
export function extractHeldCalls(content: string, options: TextHoldbackOptions, cut = false): ContentToolCalls | undefined {
  return readWhole(content, options, true, cut);
}

function readWhole(content: string, options: TextHoldbackOptions, checkRest: boolean, cut = false, depth = 0): ContentToolCalls | undefined {
  const whole = holdback({ ...options, now: undefined }, checkRest, depth);
  const released = whole.push(content);
  const end = whole.end({ cut });
  return end.calls.length === 0 ? undefined : { calls: [...end.calls], text: (released + end.text).trim() };
}
