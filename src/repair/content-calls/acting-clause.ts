/**
 * A sentence before a call whose last clause is the model's act, after a clause of its own (`Maybe it rains, let me
 * check:`, `You might want an umbrella, let me check:`, `It could be sunny, but let me verify:`, `Either Paris or
 * Lyon; I'll start with Paris:`, `Vielleicht regnet es, ich prüfe das:`). A hedge in the earlier clause qualifies what
 * that clause says (the weather, the reader's needs, the choice the model then makes), as it does in an earlier
 * sentence (`Maybe it rains. Let me check:`); the act itself is not in doubt. A hedge in the last clause (`…, let me
 * try something like:`), or alone before it (`Maybe, let me try:`, `Perhaps so, I'll call:`), still weighs the call.
 */
import { saysItActs } from "./call-announcements.ts";

/** Where a sentence ends: the text after the last of these is the sentence a call follows. */
const SENTENCE_END = /[.!?。！？\n]/u;
/** A break between two clauses of a sentence: a comma, a semicolon (and their full-width forms), a dash between spaces. */
const CLAUSE_BREAK = /[,;，；]|\s[—–]\s|\s-\s/gu;
/** A conjunction opening the last clause (`but let me verify`), left out so the clause opens with its own words. */
const CONJUNCTION = /^(?:but|so|and|yet|then|though|anyway|aber|also|und|pero|así que|y|mais|donc|et|но|и|поэтому|但是|但|所以|不过|那么)(?![\p{L}\p{N}])[\s,，]*/iu;
/** A word: a run of letters or digits, or one Han or kana character (the languages written without spaces). */
const WORD = /\p{sc=Han}|\p{sc=Hiragana}|\p{sc=Katakana}|[\p{L}\p{N}]+/gu;
/** A clause of its own has a subject and a verb: three words at least (`it might rain`, `可能会下雨`), not a lone `Maybe` or `Perhaps so`. */
const CLAUSE_WORDS = 3;

/**
 * Whether the sentence `lead` ends in announces the model's act in its last clause, that clause free of `hedged`
 * words, after a clause of its own: then a hedge before that clause is not about the call.
 */
export function actsInLastClause(lead: string, hedged: (clause: string) => boolean): boolean {
  const trimmed = lead.trimEnd();
  let sentenceStart = 0;
  for (let at = trimmed.length - 1; at >= 0; at--) {
    if (SENTENCE_END.test(trimmed[at]!)) {
      sentenceStart = at + 1;
      break;
    }
  }
  const sentence = trimmed.slice(sentenceStart);
  const breaks = [...sentence.matchAll(CLAUSE_BREAK)];
  const last = breaks.at(-1);
  if (last === undefined) return false;
  const before = breaks.at(-2);
  const earlier = sentence.slice(before === undefined ? 0 : before.index + before[0].length, last.index);
  if ((earlier.match(WORD) ?? []).length < CLAUSE_WORDS) return false;
  const clause = sentence.slice(last.index + last[0].length).trim().replace(CONJUNCTION, "");
  return !hedged(clause) && saysItActs(clause);
}
