/**
 * A sentence after the calls saying their action is already done: `I've written the file a.txt.`, `I have
 * updated ticket 4.`, `I sent the email.`, `The file a.txt has been created successfully.`, `Your email was
 * sent.` The turn's calls run only once it ends, so the model imagined the outcome: the text is a transcript
 * of a call, not one to make. Read sentence by sentence: one that waits on something (`once`, `when`, `after`,
 * `if`, `until`), speaks of what will or may be (`I'll`, `will`, `can`, `should`), asks, says `not`, or is about the
 * call itself (`I've written the call above`) claims nothing.
 */

import { claimsDoneInOtherLanguage } from "./action-claims-languages.ts";

/**
 * Participles (and the simple past where it differs) of what tools do: write, send, remove, schedule… Not the
 * verbs a model also uses to describe the arguments it wrote (`I've set the limit to 5`, `I've added the --force
 * flag`, `I changed the unit to celsius`): those tell the call, not its outcome.
 */
const DONE =
  "(?:written|wrote|created|saved|sent|updated|deleted|removed|scheduled|booked|moved|renamed|installed|deployed|committed|pushed|uploaded|posted|published|edited|appended|cleared|restarted|stopped|submitted|placed|cancell?ed|archived|copied|stored|recorded|registered|transferred|ordered|completed|finished|executed|inserted|emailed|notified|messaged|downloaded|closed|read|checked|opened|loaded|queried|looked up)";

/** `I've written`, `I have just sent`, `we updated`: the speaker reports the deed. */
const FIRST_PERSON = new RegExp(String.raw`\b(?:I|we)(?:'ve|’ve|\s+have|\s+had)?\s+(?:(?:just|already|now|successfully|also|gone ahead and)\s+){0,2}${DONE}\b`, "i");
/** `has been created`, `was sent`, `were added`: the deed reported of its object. */
const PASSIVE = new RegExp(String.raw`\b(?:has|have|had)\s+been\s+(?:(?:successfully|now|already|just)\s+){0,2}${DONE}\b|\b(?:was|were)\s+(?:(?:successfully|now|already|just)\s+){0,2}${DONE}\b`, "i");

/** A sentence that waits on something, speaks of what will or may be, asks or negates: no claim. */
const NOT_A_CLAIM =
  /\b(?:once|when|whenever|after|if|unless|until|till|before|whether|will|would|should|could|can|might|may|must|need|needs|going to|let me know|not|never|nothing|nobody|yet|haven't|hasn't|wasn't|weren't|didn't)\b|['’]ll\b|\?/i;
/** A sentence about the call itself, not its deed: `I've written the call above`, `the request was sent as JSON`, `I wrote this for you`. */
const ABOUT_THE_CALL = /\b(?:tool calls?|function calls?|calls?|requests?|json|arguments|parameters)\b|\b(?:written|wrote)\s+(?:this|that|it|these|the following|below|above)\b/i;

/** At most this much text after the calls is read for a claim: a claim follows the call closely. */
const MAX_TEXT = 2000;

export function claimsActionDone(rest: string): boolean {
  // CJK full stops end a sentence with no space after them (`文件已创建。我会…`).
  for (const sentence of rest.slice(0, MAX_TEXT).split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/)) {
    if (claimsDoneInOtherLanguage(sentence)) return true;
    if (!FIRST_PERSON.test(sentence) && !PASSIVE.test(sentence)) continue;
    if (NOT_A_CLAIM.test(sentence) || ABOUT_THE_CALL.test(sentence)) continue;
    return true;
  }
  return false;
}
