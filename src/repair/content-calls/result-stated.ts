/**
 * A sentence after the calls that states their result as a value: `The result is 4.`, `The sum was 12.`, `The output
 * is "ok".`, and the same in other languages (`El resultado es 4.`, `Das Ergebnis ist 4.`, `结果是4。`). The model
 * wrote the result it imagined for the call; the turn's calls would only run once it ends, so the text is a
 * transcript of a call, not one to make (as `The result is: …` and `and it returned 22°C.` are). Only a value
 * right after the verb counts (a number, a quoted string): `The result is shown below.`, `The result will be 4.`
 * and a condition (`If the result is 4, …`, `Once the result is 4, …`) speak of a result still to come.
 */

/** Not inside a word (`\b` is ASCII-only, and the nouns here are in several scripts). */
const START = String.raw`(?<![\p{L}\p{N}_])`;

/** The value stated: a number (a sign or a currency mark before it) or an opening quote. */
const VALUE = String.raw`(?:approximately\s+|about\s+|roughly\s+|exactly\s+|aproximadamente\s+|environ\s+|etwa\s+|ungefähr\s+|около\s+|примерно\s+|约|大约)?(?:[-+−]?[$€£¥]?\d|["“'‘«「])`;

/** A condition or a check on the result opened right before it: the result is still to come. */
const CONDITIONED = String.raw`(?<!(?:${START}(?:if|once|when|whether|until|unless|after|before|check|see|verify|confirm|ensure|expect|assuming|si|cuando|quand|ob|falls|wenn|если|когда)\s+(?:the\s+|el\s+|le\s+|das\s+)?|如果|若|当))`;

const STATED = new RegExp(
  [
    String.raw`${CONDITIONED}${START}the\s+(?:final\s+)?(?:result|output|sum|product|total|difference|quotient)\s+(?:is|was|equals|comes\s+to|came\s+to)\s+${VALUE}`,
    String.raw`${CONDITIONED}${START}el\s+resultado\s+(?:es|fue|da)\s+(?:de\s+)?${VALUE}`,
    String.raw`${START}o\s+resultado\s+(?:é|foi|dá)\s+${VALUE}`,
    String.raw`${CONDITIONED}${START}le\s+résultat\s+(?:est|était|vaut)\s+(?:de\s+)?${VALUE}`,
    String.raw`${CONDITIONED}${START}das\s+ergebnis\s+(?:ist|war|lautet|beträgt)\s+${VALUE}`,
    String.raw`${CONDITIONED}${START}результат\s+(?:равен|составляет|был|—|-|=)\s*${VALUE}`,
    String.raw`${CONDITIONED}结果(?:是|为|等于)\s*${VALUE}`,
    String.raw`結果は\s*${VALUE}`,
    String.raw`결과는\s*${VALUE}`,
  ].join("|"),
  "iu",
);

/** Whether `rest`, the text after the calls, states their result as a value. */
export function statesResultValue(rest: string): boolean {
  return STATED.test(rest);
}
