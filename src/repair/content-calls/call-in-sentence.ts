/**
 * A call written inside a sentence: words before it on its line that end in a
 * word (no sentence's end, no colon), the sentence going on after it. Read with
 * the call as the sentence's object (`it`), the sentence says what the call is:
 *
 * - a question (`Should I run <call> now?`, `Want me to run <call>?`): asked
 *   about, or leave asked for, not made;
 * - the model saying it acts now (`I'll run <call> and then report back.`, an
 *   announcement as call-announcements.ts reads one): made, when the call has a
 *   marker of its own (a tag, a special token, `[TOOL_CALLS]`): a bare JSON
 *   object or a bare `name(…)` inside a sentence is the sentence's words;
 * - anything else (`The parser saw <call> and treated it as a call.`, `For
 *   example, <call> would fetch it.`): described or shown, not made.
 *
 * A call after a sentence's end or a colon, or ending its line, is inside no
 * sentence: the guards before and after it decide.
 */
import { saysItActs } from "./call-announcements.ts";

/** The most of a sentence read on either side of the call: a sentence, not a paragraph. */
const MAX_SENTENCE = 200;

/** The line before the call ends in a word, a number, a comma or a closing quote or bracket, then space: mid-sentence. */
const CONTINUES = /[\p{L}\p{N},'’)"][ \t]+$/u;
/** The sentence goes on after the call with a lowercase word and more (`… and treated it`), a comma first or not. */
const GOES_ON = /^[ \t]*(?:,[ \t]*)?\p{Ll}[\p{L}'’-]*[ \t]+\p{L}/u;
/** What ends a sentence after the call. */
const SENTENCE_END = /[.!?。！？\n]/u;
/** The call's sentence ends in a question mark: after the call, before any other end of a sentence. */
const ASKED = /^[^.!。！\n]*?[?？]/u;
/** A call opening with a marker of its own: a tag or special token, a symbol, a bracketed word (`[TOOL_CALLS]`, `[unused11]`). */
const MARKED = /^(?:[^\p{L}\p{N}_{["'`\s]|\[[\w-]+\])/u;

export type CallInSentence = "made" | "not made" | "none";

/**
 * What the sentence a call sits in makes of it: `before` is the text up to the call, `following` the text after it
 * as written (a line break first when the call ends its line), `call` the call's first characters.
 */
export function callInSentence(before: string, following: string, call: string): CallInSentence {
  const line = before.slice(Math.max(before.lastIndexOf("\n") + 1, before.length - MAX_SENTENCE));
  if (!/\p{L}/u.test(line) || !CONTINUES.test(line)) return "none";
  const after = following.slice(0, MAX_SENTENCE);
  if (ASKED.test(after)) return "not made";
  if (!GOES_ON.test(after)) return "none";
  if (!MARKED.test(call)) return "not made";
  const end = after.search(SENTENCE_END);
  const rest = (end < 0 ? after : after.slice(0, end)).trimEnd();
  return saysItActs(`${line}it${rest}`) ? "made" : "not made";
}
