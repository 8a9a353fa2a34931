/**
 * Prose after a call in which the model waits on it: it says it waits (`I'll wait for the result.`, `One moment.`,
 * `J'attends le résultat.`, `等待结果返回。`) or will come back to the reader (`I'll let you know what I find.`), or
 * speaks of the call's outcome as still to come, with what it will do then (`Once I have the result I'll summarize it.`, `I'll report back as soon as it finishes.`, `Sobald ich die Daten
 * habe, fasse ich sie zusammen.`, `結果が出たらまとめてお伝えします。`). Such a text follows a call the model made and
 * leaves for the client to run: a code block and its explanation, or a result the model writes itself, say something
 * else. A sentence that negates, asks or states a result (`The result is 42.`) does not wait.
 */

/** Words of waiting, in the languages models most often answer in (`wait,` as an interjection is no waiting). */
const WAITING =
  /(?:(?<!\p{L})(?:wait(?:ing)?(?!\s*,)|await(?:ing)?|(?:one|a|just a) (?:moment|sec(?:ond)?)|(?:a few|a couple of) (?:seconds|moments)|hold on|stand by|attend(?:s|re|ons)?|patiente[rz]?|un (?:instant|moment)|warte(?:n)?|einen moment|moment bitte|espero|esperando|espera(?:r)?|un momento|aguard\p{L}*|um momento|attendo|attendi|un attimo|жду|ожида\p{L}*|подожд\p{L}*|минутку|секунду)(?!\p{L})|等待|等一下|稍等|请稍候|待ちます|待って|お待ち|기다리|잠시만)/iu;

/** The call's completion as a condition, with no word for its outcome (`After getting the weather, …`, `Once I have it, …`). */
const ONCE_DONE = /\b(?:after|once|when|as soon as)\s+(?:I\s+(?:get|have|receive|see)|I've\s+(?:got|received)|getting|receiving|having|seeing)\s+(?:it|that|this|them|the\s+\p{L}+)\b/iu;

/**
 * The model saying it will come back to the reader once the call is done: `I'll let you know what I find.`, `I'll get
 * back to you`, `Je vous tiens au courant.`, `Ich melde mich gleich.`, `Вернусь с результатом.`, `結果をお知らせします。`.
 */
const REPORTS_BACK =
  /(?:(?<!\p{L})(?:let you know|get back to you|report back|update you|keep you (?:posted|updated)|tiens? au courant|vous tiendrai|je reviens|reviendrai|melde mich|gebe (?:dir|ihnen) bescheid|te aviso|le aviso|te informo|le informo|te mantengo|vuelvo con|volto com|retorno com|ti faccio sapere|ti aggiorno|вернусь|сообщу|доложу|дам знать)(?!\p{L})|告诉你|通知你|お知らせします|報告します|알려\s?드리겠습니다)/iu;

/** The call's outcome named: its result, response, output or data, or its coming back or finishing. */
const OUTCOME =
  /(?:(?<!\p{L})(?:results?|response|output|answer|data|findings|returns?|comes? back|responds|replies|finish(?:es)?|complete[sd]?|is done|summari[sz]e|zusammen\p{L}*|résum\p{L}*|resum\p{L}*|подвед\p{L}*|итог\p{L}*|résultats?|réponse|données|ergebnis(?:se)?|antwort|daten|resultados?|respuesta|datos|resposta|dados|risultat[oi]|risposta|результат\p{L}*|ответ\p{L}*|данны\p{L}*)(?!\p{L})|结果|返回|回复|数据|总结|結果|応答|返って|まとめ|결과|응답)/iu;

/**
 * What puts the outcome still to come: a condition on it (`once`, `when`, `as soon as`, `after`, `then`, `dès que`,
 * `sobald`, `en cuanto`, `assim que`, `как только`, `…后`, `…たら`) or a verb by which the model says what it will do
 * with it (`report back`, `summarize`, `continue`, `let you know`).
 */
const STILL_TO_COME =
  /(?:(?<!\p{L})(?:once|when|as soon as|after|then|let's see|let me see|we'll see|report back|get back|follow up|continue|proceed|let you know|update you|dès que|quand|lorsque|une fois|ensuite|puis|sobald|wenn|nachdem|dann|danach|en cuanto|cuando|una vez|luego|después|assim que|quando|depois|appena|poi|как только|когда|после|потом|затем)(?!\p{L})|之后|以后|后|然后|たら|次第|その後|면)/iu;

/** A negation, a question or a result stated: the sentence does not wait. */
const NOT_WAITING = /\?|(?<!\p{L})(?:not|never|don't|didn't|won't|no need|ne|pas|nicht|kein\p{L}*|no|não|non|не|нет)(?!\p{L})|不|没|ない|ません|않|\b(?:is|are|was|were)\s+(?:\d|ready|done|here|below|above|as follows)\b|:\s*\S/iu;

/**
 * The call as the sentence's subject, doing something (`When run, this returns the weather.`), or the reader as the
 * one who runs it (`Once you run it, the result appears.`, `Run it and wait a moment.`): a description of the call or a
 * suggestion, not waiting.
 */
const DESCRIBES_CALL =
  /\b(?:this|it|that|which|the (?:call|code|tool|function|command|request|snippet|query|api|above))\s+(?:(?:will|would|should)\s+(?:return|give|output|produce|yield|fetch|retrieve|print|show|list|send|update|let|tell|keep)|returns|gives|outputs|produces|yields|fetches|retrieves|prints|shows|lists|sends|updates|lets|tells|keeps)\b|\bwhen (?:run|called|executed|invoked|used)\b|\b(?:once|when|after|if|as soon as)\s+you\b|(?:^|,\s*)(?:please\s+)?(?:then\s+|and\s+)?(?:use|run|call|try|execute|send|paste|type|enter|check|open)\b|\byou(?:'ll| will| can| should| could| may)?\s+(?:run|call|execute|send|try|use|paste|get|see|receive)\b/iu;

/** An English sentence (its words ASCII, one of its common words in it): it says who acts, so the model must be there. */
const ENGLISH = /^[\x20-\x7E’]*$/;
const ENGLISH_WORD = /\b(?:the|then|once|when|after|it|this|is|are|will|as soon as)\b/i;
const FIRST_PERSON = /\b(?:I|I'll|I’ll|I'm|I’m|I've|we|we'll|me|us|let's)\b/i;

/** Markup or syntax: a text holding any is more than prose. */
const MARKUP = /[<>{}[\]`=|\\]/;

/** The sentences of a text: split after a sentence's end (`.`, `!`, `?`, `。`, `！`, an ellipsis) and at line breaks. */
const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?。！？…])\s*|\n+/u)
    .map((sentence) => sentence.replace(/^(?:[\s*_~-]|\p{Extended_Pictographic}|\uFE0F|\u200D)+|[\s*_~]+$/gu, ""))
    .filter((sentence) => /\p{L}/u.test(sentence));

/** Whether `text` is prose of at most three sentences, each one the model's waiting on the call before it. */
export function onlyAwaitsCall(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > 300 || MARKUP.test(trimmed)) return false;
  const sentences = sentencesOf(trimmed);
  if (sentences.length === 0 || sentences.length > 3) return false;
  return sentences.every(
    (sentence) =>
      !NOT_WAITING.test(sentence) &&
      !DESCRIBES_CALL.test(sentence) &&
      (WAITING.test(sentence) || REPORTS_BACK.test(sentence) || ONCE_DONE.test(sentence) || (OUTCOME.test(sentence) && STILL_TO_COME.test(sentence) && speaksOfItself(sentence))),
  );
}

/**
 * Whether the model is the one who acts in `sentence`: in English a first person says so (`Then the result is shown.`
 * describes); other languages often say it by the verb alone (`te lo resumo`, `подведу итог`).
 */
function speaksOfItself(sentence: string): boolean {
  return !(ENGLISH.test(sentence) && ENGLISH_WORD.test(sentence)) || FIRST_PERSON.test(sentence);
}
