/**
 * A last sentence in which the model says it acts now, as the words before a
 * call (or as the whole of an answer whose call is at the end of its
 * reasoning): `Let me create the file:`, `I'll check the weather:`, `Creating
 * the file now:`, `Checking the weather…`, and the same in the languages
 * models most often answer in (`让我来查看一下文件：`, `Voy a crear el archivo:`,
 * `Je vais vérifier la météo :`, `Ich werde die Datei lesen:`,
 * `ファイルを確認します：`, `Сейчас я проверю погоду:`). Each language's
 * forms are the ones that say "I act now": an imperative to oneself (`let me`,
 * `déjame`, `lass mich`, `давайте`), a near future (`I'll`, `voy a`, `je vais`,
 * `ich werde`, `我将`, `〜します`), a progressive (`Creating…`, `正在…`,
 * `〜中`, `Проверяю…`). Not when the sentence says the action is held back
 * (a negation right after the opening, `不`, `no`, `nicht`, `не`, `ません`),
 * or that the model shows, explains or imagines rather than acts (`Let me show
 * you an example:`, `让我举个例子：`, `Voy a mostrar un ejemplo:`).
 * A closing colon or ellipsis ends the announcement, whatever the language.
 */

/** What may close the announcement: a colon, an ellipsis (`…`, `...`), then space. */
const CLOSING = /(?:[:：]|…+|\.{2,})\s*$/u;

/** Where a sentence opens: the text's start, or after a sentence's end or a line break. */
const OPENS = String.raw`(?:^|[.!?。！？\n]\s*)`;
/** The rest of the sentence, to the text's end: a dot between word characters (`main.py`) ends none. */
const REST = String.raw`(?:[^.!?。！？\n]|\.(?=\w))*$`;
/** A word's own end, for scripts `\b` does not know (accented Latin, Cyrillic). */
const END = String.raw`(?!\p{L})`;

/** The sentence goes on to one of `words` (a lookahead: what the sentence may not hold). */
const holding = (words: string): string => String.raw`(?:[^.!?。！？\n]|\.(?=\w))*(?:${words})`;

/** Words that say the model shows, explains or imagines rather than acts: English, then the other languages' stems. */
const EN_NOT_ACTING = String.raw`\b(?:show|give|demonstrate|illustrate|explain|write out|simulate|pretend|imagine|say|suppose|assume)\b`;
/**
 * An example the model makes up, in the languages with articles: one it gives (`un ejemplo`, `um exemplo`, `un
 * exemple`, `des exemples`, `ein Beispiel`), or `for example` (`por ejemplo`, `par exemple`, `zum Beispiel`). The
 * example it acts on, named with a definite article or a demonstrative (`Voy a consultar el ejemplo:`, `Je vais lire
 * l'exemple :`, `Ich werde das Beispiel lesen:`), is a thing it reads or runs, as `Let me check the examples:` is.
 */
const EXAMPLE_GIVEN = String.raw`(?<!\p{L})(?:un|una|unos|unas|um|uma|uns|umas|une|des|ein|eine|einen|einem|einer|otro|otra|outro|outra|autre|anderes|por|par|pour|zum|zur|para)\s+(?:\p{L}+\s+)?(?:ejempl|exempl|beispiel)`;
const OTHER_NOT_ACTING =
  `${EXAMPLE_GIVEN}|mostr|muestr|demostr|ilustr|explic|simul|imagin|supon|asum|montr|démontr|illustr|expliqu|suppos|zeig|demonstr|veranschaulich|erklär|simulier|angenommen|пример|покаж|показ|продемонстр|объясн|представ|допуст|предполож|симул|举例|举个例|例如|比如|示例|例子|范例|演示|展示|示范|说明|解释|模拟|假设|想象|例えば|例を|実例|サンプル|示し|説明|紹介|見せ|デモ|仮に|すすめ|勧め|推奨|예시|예를|보여|설명|가정`;

/** English: `I'll`, `Let me`, `I'm going to`, `Now I`…, the established forms. */
const EN_FUTURE = String.raw`(?:I'll|I will|I'm going to|I am going to|Let me|Let's|Now,? I|Next,? I)\b(?!\s+(?:not|never)\b)`;

/** Words in `-ing` that open a line without saying the model acts: thought, showing or quoting, waiting, a noun, a preposition. */
const EN_NOT_GERUNDS =
  "thinking|wondering|considering|pondering|reflecting|hoping|guessing|assuming|supposing|imagining|pretending|simulating|showing|giving|demonstrating|illustrating|explaining|saying|echoing|quoting|repeating|citing|paraphrasing|describing|documenting|proposing|suggesting|recommending|drafting|sketching|outlining|mocking|faking|summari[sz]ing|concluding|recapping|nothing|something|anything|everything|thing|things|string|strings|during|pending|missing|remaining|existing|following|according|regarding|concerning|including|excluding|depending|meaning|being|having|warning|waiting|awaiting|interesting|amazing|outstanding|reasoning|morning|evening|king|ring|spring|bring|sing|sting|swing|wing";
/**
 * What follows a verb in `-ing` that acts on something: a determiner or pronoun (`Checking the weather`), a particle or
 * preposition (`Looking up…`), a file or identifier (`Reading config.json`), a time (`… now`), or a place or purpose
 * further on (`Checking weather in Paris`). A gerund that names a kind of thing (`Debugging output:`, `Parsing error
 * in:`, `Training data:`) is a label.
 */
const EN_OBJECT = String.raw`(?=\s+(?:(?:the|a|an|this|that|these|those|my|your|our|its|their|his|her|some|all|each|every|both|any|another|it|them|me|us|him|up|out|in|into|on|onto|for|to|from|with|through|over|at|by|again|now|back|down|off)\b|[^\s.!?]*[./_\d]|[^.!?\n]*?\b(?:now|again|first|next)\b|[^.!?\n]*?\s(?:in|for|on|at|from|to|into|with|of)\s+\p{L}))`;
/**
 * English progressive: `Creating the file now:`, `Now checking the weather…`, `I'm reading the config:` (a word after
 * the verb). Not a gerund that is the sentence's subject (`Running it would take an hour:`, `Calling the API returns:`).
 */
const EN_GERUND = String.raw`(?:(?:now|next|first|then|ok(?:ay)?|alright|sure|great|got it)[,!]?\s+)?(?:I'm\s+|I am\s+|we're\s+|we are\s+)?(?!(?:${EN_NOT_GERUNDS})\b)[A-Za-z]{2,}ing${EN_OBJECT}\s+\S(?!${holding(String.raw`\b(?:would|could|should|might|may|will|can|is|are|was|were|returns?|gives?|looks?|means?|requires?|takes?|works?|produces?|shows?|yields?|results?|fails?|failed|causes?|caused)\b`)})`;

/** Chinese: `让我…`, `我来…`, `我将…`, `现在我来…`, `接下来…`, `正在…`; not `我不会…`, `我没有…`. */
const ZH_SOON = "(?:现在|接下来|下面|首先|然后)[，,]?\\s*";
const ZH = `(?:好的?[，,]?\\s*)?(?:让我(?:们)?|(?:${ZH_SOON})?我(?:们)?(?:现在|马上|这就|立即|先|将|会|要|来|就)+|${ZH_SOON}(?:来|就|将|要)|正在)(?!\\s*(?:不|没|别|无法|未))`;

/** Spanish and Portuguese: `Voy a…`, `Déjame…`, `Vou…`, `Deixe-me…`, a gerund (`Revisando el clima…`, `Criando o arquivo:`). */
const ES_PT_NOT_GERUNDS =
  "cuando|quando|comando|mando|blando|pensando|considerando|suponiendo|supondo|asumiendo|imaginando|simulando|mostrando|demostrando|explicando|ilustrando|siendo|sendo|estando|teniendo|tendo|esperando|dependiendo|dependendo|entiendo|entendo|comprendo|compreendo|aprendo|vendo|lindo|estupendo|tremendo|horrendo|dividendo|reverendo|crescendo";
const ES_PT = String.raw`(?:(?:ahora|primero|luego|después|a continuación|bien|vale|de acuerdo|perfecto|claro|agora|primeiro|depois|certo|ok(?:ay)?)[,!]?\s+)?(?:(?:voy a|vamos a|déjame|déjeme|dejame|permíteme|permítame|procedo a|vou|vamos|deixe-me|deixa-me|deixa eu|permita-me)${END}(?!\s+(?:no|não)${END})|(?!(?:${ES_PT_NOT_GERUNDS})${END})\p{L}{2,}(?:ando|endo|indo)${END}\s+\S)`;

/** French: `Je vais…`, `Laissez-moi…`, `Permettez-moi de…`, `Je suis en train de…`, `On va…`. */
const FR = String.raw`(?:(?:maintenant|d'abord|ensuite|bien|d'accord|parfait|très bien|ok(?:ay)?)[,!]?\s+)?(?:je vais|nous allons|on va|laissez-moi|laisse-moi|permettez-moi de|permets-moi de|je suis en train de|je commence par|je m'occupe de)${END}(?!\s+(?:ne|pas)${END})`;

/** German: `Ich werde…`, `Lass mich…`, `Lassen Sie mich…`, `Jetzt prüfe ich…`; any `nicht` or `kein` in the sentence refuses. */
const DE_SOON = "jetzt|nun|als nächstes|zuerst|zunächst|dann";
const DE = String.raw`(?:(?:${DE_SOON})[,]?\s+(?!(?:habe|hatte|denke|glaube|zeige|erkläre|gebe|meine|sehe|weiß|wäre|hoffe)${END})\p{L}{2,}e\s+ich|(?:(?:${DE_SOON}|gut|okay|ok|alles klar)[,!]?\s+)?(?:ich werde|wir werden|werde ich|werden wir|lass mich|lasst mich|lass uns|lasst uns|lassen sie mich|lassen sie uns))${END}(?!${holding(String.raw`(?<!\p{L})(?:nicht|nie|niemals|kein\p{L}*)${END}`)})`;

/** Russian: `Давайте…`, `Позвольте…`, `Сейчас я…`, `Я собираюсь…`, a present first person (`Проверяю погоду…`); no `не`. */
const RU_NOT_VERBS = "думаю|предлагаю|рекомендую|показываю|знаю|понимаю|полагаю|считаю|советую|представляю|объясняю|ожидаю|надеюсь";
const RU = String.raw`(?:(?:сейчас|теперь|далее|сначала|итак|хорошо|ладно|отлично|окей)[,!]?\s+)?(?:(?:давайте|давай|позвольте(?:\s+мне)?|дайте мне|я собираюсь|собираюсь|я буду|сейчас я|теперь я)${END}|(?:я\s+)?(?!(?:${RU_NOT_VERBS})${END})\p{L}{2,}(?:аю|яю|ую|юю)${END}\s+\S)(?!${holding(String.raw`(?<!\p{L})(?:не|нельзя|никогда)${END}`)})`;

/** Japanese, by the sentence's last verb: `〜します`, `〜しましょう`, `〜させてください`, `〜しています`, `〜中`; not a negative, a possibility or a past. */
const JA = String.raw`(?![^。！？!?\n]*(?:ません|できます|あります|なります|思います|考えます|でしょう|かもしれ|たぶん|多分|いただけ|もらえ))[^。！？!?\n]*(?:ます|ましょう|させてください|\p{sc=Han}{2}中)$`;

/** Korean: `〜하겠습니다`, `〜해 보겠습니다`, `〜할게요`, `〜합시다`, `〜중입니다`; not a negative (`않`, `못`, `없`). */
const KO = String.raw`(?![^。！？!?.\n]*(?:않|못|없))[^。！？!?.\n]*(?:겠습니다|겠어요|할게요|볼게요|합시다|봅시다|중입니다)$`;

/** A sentence opening with `pattern` and holding none of `notActing`, to its end. */
const opening = (pattern: string, notActing: string): RegExp => new RegExp(`${OPENS}${pattern}(?!${holding(notActing)})${REST}`, "iu");
/** A sentence ending as `pattern` says (the verb-final languages), holding none of the other languages' words. */
const ending = (pattern: string): RegExp => new RegExp(`${OPENS}(?!${holding(OTHER_NOT_ACTING)})${pattern}`, "u");

// Built from strings, so the lint cannot check them; each runs on one lead-in's last `LEAD_IN_CHARS` characters at most.
const ANNOUNCEMENTS: readonly RegExp[] = [
  opening(EN_FUTURE, EN_NOT_ACTING),
  opening(EN_GERUND, EN_NOT_ACTING),
  opening(ZH, OTHER_NOT_ACTING),
  opening(ES_PT, OTHER_NOT_ACTING),
  opening(FR, OTHER_NOT_ACTING),
  opening(DE, OTHER_NOT_ACTING),
  opening(RU, OTHER_NOT_ACTING),
  ending(JA),
  ending(KO),
];

/** Whether `lead` (the text before a call, or a lead-in's line) ends in a sentence in which the model says it acts now. */
export function saysItActs(lead: string): boolean {
  const sentence = lead.replace(CLOSING, "");
  return ANNOUNCEMENTS.some((pattern) => pattern.test(sentence));
}

/**
 * A hedge in the languages above, in the last words of the sentence, split by what it qualifies: words that doubt the
 * act itself (`quizás`, `tal vez`, `peut-être`, `vielleicht`, `возможно`, `也许`, `かもしれ`, `아마`), and a modal or an
 * `or` (`podría`, `pourrait`, `könnte`, `oder`, `или`, `ou`, `或者`, `または`), which in a sentence where the model
 * says it acts belongs to what it acts on (`Ich prüfe, ob es regnen könnte:`). The English ones are the caller's.
 */
export const DOUBTS_OTHER =
  /(?:(?<!\p{L})(?:quizás?|tal vez|talvez|a lo mejor|posiblemente|pode ser|peut-être|éventuellement|vielleicht|eventuell|möglicherweise|возможно|может быть|наверное)(?!\p{L})|也许|可能|或许|大概|要不要|多分|たぶん|かもしれ|もしかしたら|아마|혹시)[^.!?。！？\n]{0,80}$/iu;
export const MODAL_OR_OTHER = /(?:(?<!\p{L})(?:podría|poderia|pourrai[st]?|könnte|или|ou|oder)(?!\p{L})|或者|または)[^.!?。！？\n]{0,80}$/iu;

/** The same, or a sentence opening with `if` (`si`, `wenn`, `falls`, `если`, `如果`, `もし`, `만약`): a call weighed while reasoning. */
export const HEDGED_OTHER =
  /(?:(?<!\p{L})(?:quizás?|tal vez|talvez|a lo mejor|posiblemente|podría|poderia|pode ser|peut-être|éventuellement|pourrai[st]?|vielleicht|eventuell|möglicherweise|könnte|возможно|может быть|наверное|или|ou|oder)(?!\p{L})|也许|可能|或许|大概|或者|要不要|多分|たぶん|かもしれ|もしかしたら|または|아마|혹시|(?:^|[.!?。！？\n]\s*)(?:si|wenn|falls|если|如果|假如|もし|만약)(?!\p{L}))[^.!?。！？\n]{0,80}$/iu;

/**
 * A call refused or warned against in the languages above, as the last sentence before it: a negation governing an
 * action on the call (`No voy a ejecutar esto:`, `Não execute isso:`, `Je ne vais pas lancer ça :`, `Führe das nicht
 * aus:`, `Я не буду запускать это:`, `我不会运行这个：`, `これは実行しないでください：`, `실행하지 마세요:`). The
 * negation and the verb stand close, with no comma between them (`Ich prüfe, warum es nicht läuft, und führe …` acts).
 * The English ones are the caller's.
 */
// Each gap is bounded (`{0,40}`) and the sentence's rest is one class: linear in the lead-in's `LEAD_IN_CHARS`.
const REFUSED_OTHER = [
  /(?<!\p{L})(?:no|não|nunca|jamás|jamais)(?!\p{L})[^.!?\n,;]{0,40}?(?<!\p{L})(?:ejecut|llam|usar|uses|invoc|corr[ae]|hac|hag|envi|execut|cham|rod[ae]|faz|faç)[^.!?\n]*$/iu,
  /(?<!\p{L})(?:ne(?!\p{L})|n['’])[^.!?\n,;]{0,40}?(?<!\p{L})(?:lanc|exécut|execut|appel|utilis|fai|envoi|envoy)[^.!?\n]*$/iu,
  /(?:(?<!\p{L})(?:nicht|nie|niemals|kein\p{L}*)(?!\p{L})[^.!?\n,;]{0,40}?(?<!\p{L})(?:aus)?(?:führ|ruf|benutz|verwend|start|send|mach)|(?<!\p{L})(?:aus)?(?:führ|ruf|benutz|verwend|start|send|mach)\p{L}*(?!\p{L})[^.!?\n,;]{0,40}?(?<!\p{L})(?:nicht|nie|niemals)(?!\p{L}))[^.!?\n]*$/iu,
  /(?<!\p{L})(?:не|нельзя|никогда)(?!\p{L})[^.!?\n,;]{0,40}?(?<!\p{L})(?:запуск|выполн|вызыв|вызов|использ|отправ|дела|сдела)[^.!?\n]*$/iu,
  /(?:不|别|勿|没有?|无法|禁止)(?:要|会|能|应该?|可以|得|用|必)?(?:直接)?(?:运行|执行|调用|使用|发送)[^。！？!?\n]*$/u,
  /(?:(?:実行|呼び出|使用|送信)(?:し|さ)?(?:ない|ません|するな)|使わない|禁止)[^。！？!?\n]*$/u,
  /(?:실행|호출|사용)(?:하지|해서는|하면)\s*(?:마|않|안)[^.!?\n]*$/u,
  // The action first, then the negation that forbids it: `Так делать не надо:`, `Так писать нельзя:`.
  /(?<!\p{L})(?:дела|писа|запуска|выполня|вызыва|использова|отправля)ть(?!\p{L})[^.!?\n,;]{0,20}?(?<!\p{L})(?:не\s+(?:надо|нужно|стоит|следует)|нельзя)(?!\p{L})[^.!?\n]*$/iu,
  // A label line that names the call wrong: `Falsch:`, `Incorrecto:`, `Faux :`, `Errado:`, `Неправильно:`, `错误示范：`, `悪い例：`, `잘못된 예:`.
  /(?:^|\n)[^\p{L}\n]*(?:(?:falsch|incorrect[oa]?|incorrecte|faux|fausse|errad[oa]|incorret[oa]|mal|неправильно|неверно|ошибочно)(?:[ \t]+(?:beispiel|ejemplo|exemple|exemplo|пример|aufruf|llamada|appel|chamada|вызов))?|错误(?:示范|示例|写法|用法|的写法|的示例|的调用)?|誤り|間違い(?:の例)?|悪い例|잘못된(?:[ \t]*(?:예시?|사용법|호출))?)[ \t]*[:：][^\p{L}\p{N}\n]*$/iu,
];

/** Whether `lead`'s last sentence refuses or warns against the call after it, in a language other than English. */
export function refusesInOtherLanguage(lead: string): boolean {
  return REFUSED_OTHER.some((pattern) => pattern.test(lead));
}
