/**
 * The prose between two groups of calls of one turn (`<tool_call>…</tool_call>`, `Now Rome:`,
 * `<tool_call>…</tool_call>`). A turn's calls run only once it ends, so between two of them the model has
 * learnt nothing the first returned: prose there narrates the model's own next step (`Now let me also check
 * the other file.`, `And now Rome:`, `I also need the file.`, `Next, Rome.`, `Checking Paris first:`). A
 * sentence there that states how things are (`The server is still running.`, `It failed.`, `There are 3
 * files.`) reports a result before its call could run (a transcript the model went on writing), or something
 * learnt before the turn: the text does not say which, so the calls are read all or none, and none is read.
 */
import { withoutMarkup } from "./call-groups.ts";

/** The sentences of a text: split after `.`, `!`, `?` (and their full-width forms) and at line breaks. */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+|(?<=[。！？])|\n+/u).map((sentence) => sentence.trim()).filter((sentence) => sentence !== "");

/** The model speaking of itself (`I`, `I'll`, `me`, `let's`, `we`), or to the reader (`you`): its own act, a word to the user. */
const PERSON = /(?<![\p{L}\p{N}])(?:I|[Ii](?:'|’)(?:m|ll|ve|d)|me|my|we|us|our|let|let's|let’s|you|your)(?![\p{L}\p{N}])|我/iu;
/** What opens a sentence that goes on to the next step: `Now`, `Next`, `Then`, `And`, `Also`, `Finally`, `然后`, … */
const SEQUENCE_OPENER =
  /^(?:(?:now|next|then|and|also|plus|finally|lastly|first|firstly|second|secondly|third|after that|afterwards|meanwhile|in parallel|at the same time|additionally|similarly|likewise|another|more|same|again|both|too)(?![\p{L}\p{N}])|然后|接下来|另外|同时|再|还有)/iu;
/** A gerund opening the sentence, the model's own act with its subject left out (`Checking Rome too.`), not a noun (`Nothing is there.`). */
const GERUND_OPENER = /^(?!(?:no|some|every|any)thing)\p{L}+ing(?![\p{L}\p{N}])(?!\s+(?:is|are|was|were|has|have|had)\b)/iu;

/**
 * A verb that says how things are or what came of something, in a finite form: a copula (`is`, `are`, `it's`), `has`,
 * `seems`, `looks`, `remains`, `contains`, an auxiliary (`didn't`, `can't`), a result in the past (`returned`, `found`, …).
 */
const STATE_VERB =
  /(?<![\p{L}\p{N}])(?:is|are|was|were|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|(?:it|that|there|this|what|he|she|who)['’]s|has|have|had|hasn['’]t|haven['’]t|does|did|doesn['’]t|didn['’]t|don['’]t|can['’]t|cannot|couldn['’]t|won['’]t|seems?|looks?|appears?|remains?|exists?|contains?|returned|failed|succeeded|worked|crashed|stopped|finished|completed|shows?|showed|says?|said|found|got|broke|went)(?![\p{L}\p{N}])/iu;
/** A sentence whose subject is a thing (`The tests`, `It`, `They`) and whose verb is in the past (`passed`, `timed out`): what came of something. */
const THING_IN_THE_PAST = /^(?:the|this|that|these|those|it|they|its|their|all|both|each|every|no|some)(?![\p{L}\p{N}])[^.!?]{0,60}?(?<![\p{L}\p{N}])\p{L}{2,}ed(?![\p{L}\p{N}])/iu;

/**
 * Whether a sentence between calls states how things are: a verb of state or result in it, and nothing that makes
 * it the model's narration (itself or the reader as a person in it, an opener of the next step, a label's colon, its
 * own act as a gerund). A fragment with no such verb (`Last, the file.`, `Rome too.`) states nothing.
 */
function statesHowThingsAre(sentence: string): boolean {
  const text = sentence.replace(/^[^\p{L}\p{N}]+/u, "");
  if (!STATE_VERB.test(text) && !THING_IN_THE_PAST.test(text)) return false;
  if (/[:：]\s*$/u.test(text)) return false;
  return !PERSON.test(text) && !SEQUENCE_OPENER.test(text) && !GERUND_OPENER.test(text);
}

/** Whether the prose between two groups of calls holds a sentence that states how things are (see above). */
export function reportsStateBetween(prose: string): boolean {
  return sentencesOf(withoutMarkup(prose)).some(statesHowThingsAre);
}
