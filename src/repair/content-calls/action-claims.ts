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
 * Participles (and the simple past where it differs) of what tools do: write, send, remove, schedule…, the
 * irregular ones and those `NOT_A_DEED` would otherwise leave out.
 */
const DONE =
  "(?:written|wrote|created|saved|sent|updated|deleted|removed|scheduled|booked|moved|renamed|installed|deployed|committed|pushed|uploaded|posted|published|edited|appended|cleared|restarted|stopped|submitted|placed|cancell?ed|archived|copied|stored|recorded|registered|transferred|ordered|completed|finished|executed|inserted|emailed|notified|messaged|downloaded|closed|read|checked|opened|loaded|queried|looked up)";

/**
 * Verbs in the past a model also uses of the call it writes, its arguments, its own thinking or the conversation
 * (`I've set the limit to 5`, `I passed the city`, `I used this tool because`, `I noticed the file is missing`, `As we
 * discussed`, `I was asked to`): those tell the call, not its outcome. Any other regular verb in the past
 * (`drafted`, `generated`, `searched`) is a deed, as the ones in `DONE` are: deeds are an open class, descriptions
 * of a call are not.
 */
const NOT_A_DEED =
  "(?:added|changed|used|called|passed|limited|included|specified|provided|requested|asked|formatted|reformatted|wrapped|escaped|quoted|named|selected|filtered|restricted|scoped|defaulted|configured|based|focused|designed|structured|converted|translated|corrected|fixed|adjusted|modified|noticed|realized|realised|decided|assumed|considered|understood|interpreted|inferred|figured|wanted|tried|attempted|planned|prepared|needed|learned|guessed|reasoned|determined|identified|concluded|mentioned|explained|noted|suggested|described|listed|outlined|started|continued|proceeded|followed|looked|intended|expected|hoped|received|invoked|triggered|issued|initiated|launched|fired|performed|attached|enclosed|entered|typed|filled|supplied|picked|chosen|analy[sz]ed|reviewed|examined|evaluated|compared|studied|discussed|talked|agreed|covered|established|shared|required|supposed|allowed|permitted|interested|surprised|confused|concerned|worried|tasked|instructed|prompted|related|involved|located|titled|label(?:l)?ed|trained|programmed)";
const DEED = String.raw`(?:${DONE}|(?!${NOT_A_DEED}\b)\p{L}{3,}(?<!e)ed)`;

/** `I've written`, `I have just sent`, `we drafted`: the speaker reports the deed. */
const FIRST_PERSON = new RegExp(String.raw`\b(?:I|we)(?:'ve|’ve|\s+have|\s+had)?\s+(?:(?:just|already|now|successfully|also|gone ahead and)\s+){0,2}${DEED}\b`, "iu");
/** `has been created`, `was sent`, `were added`, `was carried out`: the deed reported of its object. */
const PASSIVE = new RegExp(
  String.raw`\b(?:has|have|had)\s+been\s+(?:(?:successfully|now|already|just)\s+){0,2}(?:${DEED}|carried\s+out)\b|\b(?:was|were)\s+(?:(?:successfully|now|already|just)\s+){0,2}(?:${DEED}|carried\s+out)\b`,
  "iu",
);

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
