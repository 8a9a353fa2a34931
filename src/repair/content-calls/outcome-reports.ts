/**
 * A sentence after the calls that reports how they came out: `Success — the operation finished without errors.`,
 * `It came back with a 404.`, `Zero hits.`, `The results are in and look solid.`, `Judging by what came back, the
 * second option is better.`, `Observation: 36`, `已完成！`, `Laut der Antwort des Tools gibt es keine Einträge.` The
 * turn's calls run only once it ends, so the model imagined the outcome: the text is a transcript of a call, not one
 * to make (as a deed of the model's own reported done is, `I've sent the email.`: see `action-claims.ts`).
 *
 * Read sentence by sentence, as outcome words of each language (success or failure, finished, returned or came
 * back, found or no results, according to the results). A negation is still an outcome (`No errors were
 * reported.`); a sentence that waits on the outcome, speaks of what will or may be, or asks (`I'll summarise it
 * once it returns.`, `This should show whether it worked.`, `Did it succeed?`) reports none. `Done.` and `Done
 * checking.` say only that the model stopped, nothing about a result (servers' tests end calls with them).
 */

import { splitEndOfTurn } from "./end-of-turn.ts";

/** Not inside a word: `\b` is ASCII-only, and these words are in several scripts. */
const W = String.raw`(?<![\p{L}\p{N}_])`;
const E = String.raw`(?![\p{L}\p{N}_])`;

/** A label for what came back: `Observation: 36`, `Returned value: 7`, `Search results:`. */
const LABEL = String.raw`(?:observation|final\s+answer|answer|returned\s+value|return\s+value|search\s+results|result|results|output|summary)`;

/** A count written out: `3`, `1,204`, `three`. */
const COUNT = String.raw`(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|several|a\s+single)`;

/** What a tool is called where a sentence says how it came out: `the call`, `the search`, `it`. */
const DOER = String.raw`(?:it|this|that|everything|all|(?:the|your|my)\s+(?:\p{L}+\s+)?(?:call|tool|function|request|query|search|lookup|command|operation|job|task|run|script|action|api|service|server|update|change|changes|write|push|upload|check|checks|test|tests|message|email|file|record|entry|item))`;

const ENGLISH_OUTCOME = new RegExp(
  [
    // The outcome named: success or failure.
    String.raw`${W}(?:succeeded|successful(?:ly)?|success|failed|failure|timed\s+out|went\s+through|errored)${E}`,
    // What the tool did, said of it in the past: `it returned`, `the query came back with`, `the call finished`.
    String.raw`${W}${DOER}(?:\s+has|\s+had)?\s+(?:now\s+|just\s+|already\s+)?(?:returned|came\s+back|gave|produced|printed|reported|showed|found|finished|completed|ran|passed|worked|responded|yielded|turned\s+up|went)${E}`,
    // Any subject with a verb that only an outcome has: `The backup finished.`, `The import failed halfway.`
    String.raw`${W}(?:the|your|my|this|that)\s+(?:[\p{L}-]+\s+){0,2}(?:has\s+|have\s+)?(?:now\s+|just\s+|already\s+)?(?:finished|completed|succeeded|failed|worked|went\s+through|came\s+back|timed\s+out|shipped|arrived)${E}`,
    // The result had: `I have the results.`, `Now I know the answer.`, `I now know the final answer.`
    String.raw`${W}I(?:['’]ve|\s+have|\s+now\s+have)\s+(?:now\s+)?(?:got\s+)?(?:the|your|all\s+the)\s+(?:\p{L}+\s+)?(?:results?|answer|information|data|details|output|response|numbers)${E}|${W}(?:I\s+now\s+know|now\s+I\s+know)${E}`,
    // The result spoken of as had: `the results are in`, `the output shows`, `the data looks good`, `results are back`.
    String.raw`${W}(?:the\s+)?(?:results?|output|response|data|lookup|reply|numbers|figures|logs?)\s+(?:(?:is|are)\s+(?:in|back)${E}|shows?|showed|confirms?|confirmed|indicates?|indicated|reveals?|revealed|says|said|came\s+back|speak|looks?\s+(?:good|solid|fine|great|clean|correct|right))`,
    // A count of what came back: `Found 3 matches.`, `Zero hits.`, `I got back a single item`, `No errors were reported.`
    String.raw`${W}(?:found|returned|got(?:\s+back)?|turned\s+up|reports?|reported)\s+(?:no|zero|only|just|exactly|a\s+single|${COUNT})${E}`,
    String.raw`${W}(?:no|zero|${COUNT})\s+(?:\p{L}+\s+){1,2}(?:(?:were|was|have\s+been|has\s+been)\s+)?(?:found|returned|reported|turned\s+up|came\s+back|matched|processed|loaded|fetched)${E}`,
    String.raw`${W}(?:zero|no)\s+(?:hits|matches|results)${E}|${W}no\s+changes\s+were\s+(?:needed|necessary|made)${E}|${W}all\s+(?:tests|checks)\s+(?:pass|passed)${E}`,
    // A passive perfect: what was done to the object (`The change has been applied.`, `It had already been done.`).
    String.raw`${W}(?<!(?:nothing|not|never)\s+)(?:has|have|had)\s+(?:(?:already|now|just|successfully)\s+)*been\s+(?:\p{L}+ed|done|made|set|sent|run|written|taken\s+care\s+of)${E}|${W}took\s+effect${E}`,
    // The answer or a value stated: `the answer to your question is yes`, `the value is 42`, `2 + 2 = 4`.
    String.raw`${W}the\s+answer\s+(?:to\s+(?:your|the|this)\s+(?:\p{L}+\s+){0,2})?is${E}|${W}the\s+(?:\p{L}+\s+)?(?:value|count|total|status|balance|price|temperature)\s+is\s+(?:now\s+)?[-+−]?[$€£¥]?\d`,
    String.raw`\d\s*[-+*/×÷]\s*\d+(?:\.\d+)?\s*=\s*[-+−]?\d`,
    // Built on the result: `based on the results`, `according to the data`, `judging by what came back`, `given that response`.
    String.raw`${W}(?:based\s+on|according\s+to|judging\s+(?:by|from)|from\s+what|given|as\s+(?:detailed|shown|seen)\s+in)\s+(?:the\s+|that\s+|this\s+|these\s+|what\s+)?(?:\p{L}+\s+){0,2}(?:results?|output|response|data|findings|came\s+back|returned|reported|tool|document)${E}`,
    // The result shown: `Here's what came back:`, `Here are the results I got:`.
    String.raw`${W}here(?:'s|’s|\s+is|\s+are)\s+(?:what\s+(?:came\s+back|it\s+(?:returned|found|gave)|(?:I|we)\s+got)|the\s+results?\s+(?:I|we)\s+got)${E}`,
    // A sentence opening with the outcome: `All set —`, `✓ Completed`, `Created!`, `There we have it` (not a label: `Fixed:` introduces a call).
    String.raw`^[^\p{L}\p{N}]*(?:(?:and|so|ok|okay|well)[\s,]+)?(?:all\s+set|all\s+done|all\s+good|completed|complete|finished|confirmed|there\s+we\s+(?:have\s+it|go)|great\s+news|perfect|mission\s+complete|created|saved|sent|updated|deleted|applied|added|removed|fixed|booked|scheduled|posted|published|deployed|installed|uploaded)${E}(?![ \t]*[:：])`,
    // A state reached: `The update is live now.`, `The message is on its way.`
    String.raw`${W}(?:is|are)\s+(?:now\s+)?(?:live|on\s+its\s+way|in\s+place|up\s+and\s+running)${E}`,
    String.raw`${W}(?:delivered|all\s+checks\s+passed|no\s+(?:errors?|warnings?|issues?|problems?)\s+(?:were\s+)?(?:found|reported|detected))${E}`,
    // I checked, and …: the model looked at what the call would give.
    String.raw`${W}I\s+(?:just\s+)?(?:checked|confirmed|verified)${E}|${W}I\s+can\s+see\s+from${E}|${W}(?:confirmed|verified)\s+(?:that\s+)?(?:it|this|that|the)${E}`,
    // A state the deed left (`Your meeting is booked for 3pm.`, `The file is saved.`), or a measure now (`It is 18°C in
    // Tokyo.`; one in the past is a result only of the call's own values, see `statesResultAfter`: `Last week Rome was 30°C.`).
    String.raw`${W}(?:is|are)\s+(?:now\s+|all\s+)?(?:booked|saved|sent|created|scheduled|confirmed|done|complete|finished|updated|deleted|uploaded|installed|deployed|fixed|resolved|cancell?ed)${E}`,
    String.raw`(?:${W}(?:is|are)|['’]s)\s+(?:now\s+|about\s+|around\s+|roughly\s+|approximately\s+)?[-+−]?\d+(?:[.,]\d+)?\s*(?:°|degrees${E}|percent${E}|%)`,
    // What there is, counted: `There are 3 open tickets.`, `The file contains 42 lines.`, `You have 2 unread emails.`
    String.raw`${W}there\s+(?:is|are|was|were)\s+(?!no\s+need${E})(?:no|only|just|exactly|${COUNT})\s+\p{L}`,
    String.raw`${W}(?:contains|contained|you\s+have)\s+(?:no|only|just|exactly|${COUNT})\s+\p{L}`,
    // The content presented: `Here are the top results:`, `Here's your summary.`
    String.raw`${W}here(?:'s|’s|\s+is|\s+are)\s+(?:the|your)\s+(?:\p{L}+\s+){0,3}?(?:results?|summary|list|data|details|forecast|contents?|output|information|answer|report|findings|breakdown|overview)${E}`,
    // An inference from what came back, or its news: `It looks like it worked.`, `Unfortunately, the site is down.`, `As you can see, …`
    String.raw`${W}(?:it|this|that|everything|things|all)\s+(?:looks|seems|appears)\s+(?:like|that|to\s+(?:be|have)|fine|good|ok|okay|correct|healthy|normal)${E}`,
    String.raw`${W}(?:unfortunately|as\s+you\s+can\s+see|good\s+news|bad\s+news|(?:it\s+)?turns\s+out)${E}`,
  ].join("|"),
  "iu",
);

/** The state of things now (`It's currently 18°C there.`, `Right now there are 3 open tickets.`): unless the model speaks of itself. */
const STATE_NOW = /(?<![\p{L}\p{N}_])(?:currently|right\s+now|at\s+the\s+moment|at\s+present|as\s+of\s+(?:now|today))(?![\p{L}\p{N}_])/iu;
const SPEAKS_OF_ITSELF = /^\W*(?:I|we|let)(?![\p{L}])/iu;

/**
 * A label for what came back opening the text after the calls, with something after it on its line or under it
 * (`Returned value: 7`, `Search results:` then a list). Later in the text a label may be the model's plan (`I will
 * report back.\nResult: pending`).
 */
const LABEL_FIRST = new RegExp(String.raw`^[^\p{L}]*${LABEL}[*_ \t]*[:：][*_ \t]*(?:\n+[ \t]*)?\S`, "iu");

/** A sentence that waits on the outcome, speaks of what will or may be, or asks: no report. */
const ENGLISH_OPEN =
  /(?<![\p{L}\p{N}_])(?:will|would|should|might|may|can|shall|once|when|whenever|if|unless|until|till|whether|while|wait|waiting|let me|let's|let us|going to|gonna|want|wants|need to|needs to|expect|hope|ought|depending|in case|as soon as|yet|to see|to check|to verify|to confirm)(?![\p{L}\p{N}_])|['’]ll(?![\p{L}])|\?/iu;

interface LanguageOutcome {
  /** The outcome said: done, succeeded or failed, returned, found, or a sentence built on the result. */
  readonly outcome: RegExp;
  /** What makes the sentence no report: a condition, the future, a wait or a question. */
  readonly open: RegExp;
}

const LANGUAGES: readonly LanguageOutcome[] = [
  {
    outcome: /成功|失败|已完成|完成了|找到了?|共找到|返回了|返回[：:]|结果(?:如下|[：:]|显示|表明)|根据(?:返回|查询|获取)?的?(?:结果|数据|信息)|没有(?:找到|发现)|一切正常|完毕|搞定|目前|当前|很遗憾|遗憾的是|不幸的是/u,
    open: /将|会|等|如果|一旦|稍等|请稍|之后|以后|吗|正在|[?？]/u,
  },
  {
    outcome: /完了しました|終了しました|成功しました|見つかりました|ありませんでした|返しました|返されました|によると|(?:実行)?結果[：:]|問題(?:は)?ありません|正常に|残念ながら/u,
    open: /たら|れば|待ち|予定|でしょう|ましょう|[?？]/u,
  },
  {
    outcome: /완료(?:했|되었|됐)|성공(?:했|적으로)|반환했|찾았|확인해\s*보니|문제(?:가|는)?\s*없습니다|결과[:：]|안타깝게도|아쉽게도/u,
    open: /겠|면\s|후에|기다|[?？]/u,
  },
  {
    outcome:
      /(?<!\p{L})(?:listo|complet[óo]|correctamente|con éxito|exitosamente|devolvi[óo]|encontr[éó]|no se encontr\p{L}*|funcion[óo]|según\s+(?:los|el|la|las)\s+(?:\p{L}+\s+)?(?:datos|resultados?|respuesta)|resultados?\s*:|actualmente|en este momento|lamentablemente|desafortunadamente)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:cuando|si|mientras|esperar[ée]?|voy|vamos|podr\p{L}*|quieres|antes)(?!\p{L})|[¿?]/iu,
  },
  {
    outcome:
      /(?<!\p{L})(?:pronto|conclu[íi]d[ao]|com sucesso|retornou|encontr(?:ei|ou)|funcionou|com base n[oa]s?\s+(?:\p{L}+\s+)?(?:resultados?|dados|resposta)|resultado\s*:|resposta\s*:|atualmente|no momento|infelizmente)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:quando|se|vou|vamos|aguardar|aguardo|enquanto|quer|assim que)(?!\p{L})|\?/iu,
  },
  {
    outcome:
      /(?<!\p{L})(?:c['’]est fait|avec succès|réussi|terminée?s?|a (?:renvoyé|retourné|trouvé|fonctionné)|trouvé|aucun résultat|réponse reçue|d['’]après les\s+(?:\p{L}+\s+)?(?:résultats|données)|résultats?\s*:|actuellement|en ce moment|malheureusement)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:vais|va|allons|quand|lorsque|si|dès que|pendant|attends|attendre|voulez|veux)(?!\p{L})|\?/iu,
  },
  {
    outcome:
      /(?<!\p{L})(?:erledigt|erfolgreich|fertig|abgeschlossen|zurückgegeben|zurückgeliefert|gefunden|treffer|hat geklappt|laut\s+(?:der|dem|den)\s+(?:\p{L}+\s+)?(?:antwort|ergebnis\p{L}*|daten)|ergebnis(?:se)?\s*(?:ist da|sind da|:)|derzeit|momentan|leider)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:werde|werden|wird|sobald|wenn|falls|ob|warte|warten|sollte|soll|möchten|möchtest)(?!\p{L})|\?/iu,
  },
  {
    outcome: /(?<!\p{L})(?:готово|успешно|вернул\p{L}*|найден\p{L}*|не найдено|судя по|результат\s*:|выполнен\p{L}*|заверш[её]н\p{L}*|в данный момент|на данный момент|к сожалению)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:дождусь|когда|если|после|буду|будет|подожд\p{L}*|хотите)(?!\p{L})|\?/iu,
  },
  {
    outcome:
      /(?<!\p{L})(?:fatto|andat[ao] a buon fine|con successo|ha restituito|trovat[oi]|funzionato|nessun[oa]? (?:errore|risultato)|in base ai\s+(?:\p{L}+\s+)?(?:dati|risultati)|risultato\s*:|attualmente|al momento|purtroppo)(?!\p{L})/iu,
    open: /(?<!\p{L})(?:aspetto|quando|se|mentre|vuoi|vorresti|appena)(?!\p{L})|\?/iu,
  },
];

/** At most this much text after the calls is read: a report follows the call closely. */
const MAX_TEXT = 2000;

/** Whether `rest`, the text after the calls, reports how they came out (see the module's comment). */
export function reportsOutcome(rest: string): boolean {
  // End-of-turn tokens at the end are where the model stopped (`Observation:<|eot_id|>`), not what came back.
  const text = splitEndOfTurn(rest.slice(0, MAX_TEXT)).body;
  if (LABEL_FIRST.test(text)) return true;
  // CJK full stops end a sentence with no space after them; a dot inside a word or a number (`a.txt`, `0.8`) ends none.
  for (const sentence of text.split(/(?<=[.!?…])\s+|(?<=[。！？])\s*|\n+/)) {
    if ((ENGLISH_OUTCOME.test(sentence) || (STATE_NOW.test(sentence) && !SPEAKS_OF_ITSELF.test(sentence))) && !ENGLISH_OPEN.test(sentence)) return true;
    if (LANGUAGES.some((language) => language.outcome.test(sentence) && !language.open.test(sentence))) return true;
  }
  return false;
}
