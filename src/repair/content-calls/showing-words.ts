/**
 * Words that say a call is shown rather than made, whatever sentence they stand in: in the sentence that leads into it
 * (what it is, `Pseudocode of the request:`; where it comes from, `The log shows this call at 10:02:`; that it is
 * wrong, imagined, for later or the reader's to run, `Don't run the following, it wipes the table:`), or in the first
 * sentence after it, said of the call (`That's the deprecated shape; the server rejects it.`). The sentence rules
 * (call-guards.ts) read whole phrasings; a phrasing none was written for still uses one of these words. A sentence in
 * which the model says it acts keeps its call (`Let me check the example config:`), and so do words in the values it
 * writes (a quoted query, a link, a file's path, a tool's name).
 */
import { saysItActs } from "./call-announcements.ts";

/** What the call is, as a document names a piece of itself. */
const PIECE = String.raw`examples?|samples?|snippets?|excerpts?|templates?|placeholders?|dummy|mock(?:ed|-?ups?)?|fake|pseudo-?(?:code|calls?)|illustrat\w*|demo(?:nstrat\w*)?|specimen|syntax|schemas?|fixtures?|boilerplate|skeleton|transcripts?|screenshots?|docstrings?|readme|tutorials?|walkthrough|cheat ?sheet|few-shot|dataset|ground truth|answer key|test (?:case|fixture|suite|session)s?|unit tests?|exercises?|counter-?examples?|anti-?patterns?|dry[ -]run`;

/** Words for the sentence that leads into a call, each alternative matched whole. */
const BEFORE = [
  PIECE,
  String.raw`drafts?|excerpt|awaiting|expected|actual behaviou?r|behaviou?r`,
  // Where it was seen.
  String.raw`logged|(?:the|this|our|my) logs?\s+(?:shows?|showed|says|said|recorded|records)|(?:in|from) (?:a|the|my|our|your) (?:previous|earlier|last) (?:turn|message|session|run|reply|answer)|the user (?:wrote|said|sent|typed|posted|pasted)|you wrote|your (?:last |previous )?message|quoted`,
  // Wrong, or not to be done.
  String.raw`wrong (?:way|version|call|format|example|usage|approach|form|syntax|shape)|incorrect|deprecated|legacy|obsolete|outdated|avoid|refuse[sd]?|declin(?:e|ed|ing)`,
  // Imagined, or for later.
  String.raw`hypothetic\w*|suppos\w*|imagin\w*|what if|if I (?:were|had)|let['’]s say|pretend\w*|would (?:\w+ )?(?:look|return|answer|respond|reply|produce)|(?:could|might|should) (?:\w+ )?look like`,
  String.raw`tomorrow|tonight|next (?:week|month|time)|scheduled|queued|once you (?:approve|confirm)|after (?:your )?(?:approval|confirmation|sign-off)|sign-off|before the fix|after the fix`,
];

/**
 * Words that frame a call only in a sentence that ends on a colon, introducing it: a format spoken of (`Use the
 * following format:`; `in the right format:` and `Following the call format from the docs:` are the model's own call),
 * the reader's to run (`You can paste this:`).
 * In a sentence that ends on its period they speak of something else (`The format is {…}.`, `You could use X too.`).
 */
const BEFORE_COLON = new RegExp(
  String.raw`(?:\bformat(?:ted)?\b(?<!\b(?:required|requested|correct|expected|specified|proper|right|given|same|valid) format)(?<!\b(?:following|using|per|in|with|matching|into) (?:the|this|that|a|an|your|my) (?:\w+ )?format(?:ted)?)|\byourself\b|\byour own\b|\b(?:prints|printed|output of)\b|\b(?:you|one) (?:can|could|should|would|may|might|need to|have to|must) (?:\w+\s+){0,2}?(?:call|use|send|run|paste|try|copy|instruct|invoke|write|pass|execute)\b)[^.!?\n]*[:：]\s*$`,
  "iu",
);

/** Words for either side: not run, someone else's output. */
const EITHER = [
  String.raw`(?:don['’]t|do not|never|won['’]t|will not|not going to|shouldn['’]t|should not|must not|mustn['’]t)\s+(?:(?:actually|really|even|ever|yet|blindly)\s+)?(?:run|execute|call|invoke|send|use|copy|make|try|paste|submit|dispatch|repeat)\w*`,
  String.raw`(?:nothing|nobody|no one) (?:\w+\s+){0,2}?(?:(?:is|was|has been|will be|gets|got|has|have) (?:\w+\s+)?(?:sent|run|executed|called|calling|made|dispatched|invoked|running)|ran|happened)|(?:is|are|was|were) (?:not|never) (?:being |actually |really )?(?:made|sent|run|executed|called|dispatched|invoked)|not (?:now|yet|executed|run|sent|dispatched)`,
  String.raw`the (?:model|assistant|llm|bot|chatbot|agent)(?:['’]s)? (?:\w+ )?(?:returns|returned|outputs|output|generates|generated|produces|produced|emits|emitted|wrote|writes|predicts|predicted|hallucinat\w*|does not|doesn['’]t|never|only|should have|is supposed to|plans)|(?:claude|chatgpt|gpt-[\w.]+|gemini|llama[- ]?\d[\w.]*|qwen[\w.]*|mistral|deepseek|gemma) (?:will|would|may|might|should|can|could) (?:return|respond|reply|answer|output|produce|generate|emit)|hallucinat\w*|printed|prints|emitted|emits`,
];

/** Words for the sentence right after a call: said of the call itself (`This snippet…`, `…are placeholders`), not of what comes next. */
const AFTER = [
  String.raw`(?:this|that|these|those|the above|above|it|which)(?:['’]s| is| was| are| were)? (?:just |only |merely |purely |a |an |the )*(?:\w+ )?(?:${PIECE}|draft|reference|format)(?=\s*(?:[.,;:!?)]|$)|\s+(?:is|are|was|were|has|have|belongs|shows|illustrates|only|for|from|of|in|with|to|that|which)\b)`,
  String.raw`^\W*(?:${PIECE}|excerpt|reference)`,
  String.raw`wrong (?:way|version|call|format|example|usage|approach|form|syntax|shape)|incorrect|deprecated|legacy|obsolete|outdated|declin(?:e|ed|ing)|refuse[sd]?`,
  // `tomorrow's forecast` is a thing of tomorrow's, not the call put off till then.
  String.raw`would (?:\w+ )?look like|yourself|your own|(?:tomorrow|tonight)(?!['’]s)|scheduled|queued|(?:in|from) (?:a|the|my|our|your) (?:previous|earlier|last) (?:turn|message|session|run)|quoted`,
];

const englishWords = (list: readonly string[]): RegExp => new RegExp(String.raw`\b(?:${list.join("|")})\b`, "iu");
const ENGLISH_BEFORE = englishWords([...BEFORE, ...EITHER]);
const ENGLISH_AFTER = englishWords([...AFTER, ...EITHER]);

/** The other languages models answer in: stems, since their words inflect (and Han and kana have no word breaks). */
const OTHER = new RegExp(
  [
    // Spanish, Portuguese, Italian
    String.raw`(?<!\p{L})(?:ejempl|exempl|esempi|muestra|plantilla|sintaxis|sintaxe|sintassi|esquema|incorrect|obsolet|deprecad|deprecat|dimostrativ|ilustrativ|supon|suponh|supponi|imagin|el modelo|o modelo|il modello|documentaci[óo]n|documentação|documentazione|referencia|referência|riferimento|el usuario (?:escribi|envi|dij)|o usuário (?:escrev|envi|diss)|l'utente (?:l['’]|lo |la )?(?:ha|aveva) (?:scritto|inviato)|tú mismo|você mesmo|te stesso|no (?:lo )?(?:ejecut|hag|uses)|não (?:execut|use|faça)|non (?:eseguir|usare|fare))`,
    // French, German
    String.raw`(?<!\p{L})(?:exemple|modèle de|syntaxe|schéma|obsolète|incorrect|supposons|imaginons|le modèle|documentation|référence|dokumentation|referenz|l'utilisateur (?:a écrit|a envoyé)|vous-même|ne (?:pas |l'|le )?(?:exécut|lanc|utilis)|beispiel|vorlage|veraltet|falsch|angenommen|das modell|der (?:be)?nutzer (?:schrieb|hat geschrieben|schickte)|selbst|nicht (?:\p{L}+ )?(?:ausführ|aufruf|verwend|benutz))`,
    // A model named as the one that would answer (`Claude devolverá …`, `Claude 将返回 …`), as in English
    String.raw`(?:claude|chatgpt|gpt-[\w.]+|gemini|llama[- ]?\d[\w.]*|qwen[\w.]*|mistral|deepseek|gemma)\s*(?:(?:将|会)\s*(?:返回|输出|生成|回复)|(?:devolverá|retornará|responderá|generará|renverra|répondra|restituirà|risponderà|restituisce)(?!\p{L}))`,
    // Russian
    String.raw`(?<!\p{L})(?:пример|шаблон|синтаксис|образец|устаревш|неправильн|не выполняй|не вызывай|не используй|допустим|предполож|представ|модель|пользователь (?:написал|прислал|отправил))`,
    // The model saying it does not run the call: `no voy a ejecutar`, `je ne vais pas l'exécuter`, `не буду выполнять`, `不会执行`
    String.raw`(?<!\p{L})(?:no (?:voy a|puedo|lo he) (?:ejecut|llam|envi)|não (?:vou|posso) (?:execut|cham|envi)|non (?:posso|devo|vado a|ho) (?:eseguir|chiamar|inviar)|je ne (?:vais|peux) pas (?:l'|le )?(?:exécut|lanc|appel|envoy)|ich (?:werde|kann) (?:\p{L}+ ){0,2}nicht (?:aus|auf|ab)|не (?:буду|стану|могу) (?:выполн|вызыв|запуск|отправл))|(?:不会|不能|并未|没有)(?:真正)?(?:运行|执行|调用|发送)|(?:実行|呼び出)し(?:ません|ていません)|(?:실행|호출|전송)하지 않`,
    // Chinese, Japanese, Korean
    String.raw`示例|例子|样例|模板|语法|错误|不要|请勿|假设|假如|模型|用户(?:在[^。！？\n]{0,12})?(?:写|发|说)|文档|仅为|只是|例え|サンプル|テンプレート|構文|見本|悪い|間違|しないで|仮に|モデル|ユーザーが(?:書|送)|ドキュメント|説明用|예시|예제|예를|템플릿|구문|잘못된|하지 마|가정|모델|사용자가 (?:쓴|보낸|작성)|문서`,
  ].join("|"),
  "iu",
);

/**
 * A clause in which the model says it acts (`I'll start by reading the schema`, `I'm checking the old config first`,
 * `…, so here is my call`, `Ich nutze die Vorlage`, `我会按照模板整理结果`): the words in it are what it acts on. A negation
 * or a verb of showing keeps it a showing.
 */
const ACTS =
  /^\W*(?:(?:ok(?:ay)?|sure|alright|great|now|first|next|then|so|right|and|but)[,!.]?\s+)*(?:(?:I['’]ll|I will|I['’]m going to|I am going to|let me|let['’]s|we['’]ll|we will|I need to|I have to|I must|I want to)\b(?!\s+(?:not|never|show|give|demonstrate|illustrate|explain|write out|simulate|pretend|imagine)\b)|here(?:['’]s| is) my\b|I(?:['’]m| am) (?!(?:not|never|showing|giving|demonstrating|illustrating|explaining|simulating|pretending|imagining|quoting|declining|refusing|sharing|pasting|copying|writing out)\b)\p{L}+ing\b)/iu;
/** The same in the other languages: a first person opening the clause, no negation in it. */
const ACTS_OTHER = /^\W*(?:(?:ich|je|yo|eu|io|я)(?!\p{L})|j['’]|voy a|vamos a|vou|vado a|我(?!不|没))/iu;
const NEGATION_OTHER = /(?<!\p{L})(?:nicht|pas|no|não|non|не)(?!\p{L})|不|没/u;

/** A break between two clauses of a sentence: a comma, a semicolon, a dash between spaces. */
const CLAUSE_BREAK = /[,，、;；]|\s[—–-]\s/u;

const actsIn = (sentence: string): boolean =>
  sentence
    .split(CLAUSE_BREAK)
    // An announcement is read as one that closes on its colon, whatever ends the clause (`…, checking the weather first.`).
    .some((clause) => ACTS.test(clause) || saysItActs(`${clause.trim().replace(/[.!?。！？]+$/u, "")}:`) || (ACTS_OTHER.test(clause) && !NEGATION_OTHER.test(clause)));

/** Where a sentence ends: its mark and the space after it (a dot inside a name, `main.py`, ends none). */
const SENTENCE_END = /(?<=[.!?])\s+|(?<=[。！？])/u;

/** Past this many characters, a line is a paragraph of its own, not one that frames a call. */
const MAX_CHARS = 400;

/**
 * What of the text is not the model's own words: tags, code, quoted words, links and paths, names with `_` or `.` in
 * them, and the word before `tool` or `function` (the tool's name: `the dummy tool`) are values or markup it writes
 * (`Searching for "example usage"…`, `Checking https://a.example/docs…`).
 */
const NOT_OWN_WORDS =
  /<[^<>\n]{1,40}>|`[^`\n]*`|"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|「[^」\n]*」|https?:\/\/[^\s<>]+|[^\s<>]*[\\/][^\s<>]*|[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)+|[A-Za-z0-9_-]+(?=\s*(?:tool|function|工具|函数|ツール|도구)(?![A-Za-z]))/giu;

const sentencesOf = (text: string): string[] => text.replace(NOT_OWN_WORDS, " ").split(SENTENCE_END).filter((sentence) => sentence.trim() !== "");

const shows = (sentence: string | undefined, english: RegExp, colon?: RegExp): boolean =>
  sentence !== undefined && !actsIn(sentence) && (english.test(sentence) || OTHER.test(sentence) || colon?.test(sentence) === true);

/**
 * Whether the last sentence of `line`, the line right before a call, holds a word that says the call is shown rather
 * than made. `cut`: the line is the end of a longer one, so a lone sentence may have lost the words that open it.
 */
export function holdsShowingWord(line: string, cut: boolean): boolean {
  const sentences = sentencesOf(line.slice(-MAX_CHARS));
  return !(cut && sentences.length < 2) && shows(sentences.at(-1), ENGLISH_BEFORE, BEFORE_COLON);
}

/** Whether the first sentence after the calls (`after`, the text that follows them) holds such a word; reasoning or markup there is no sentence. */
export function holdsShowingWordAfter(after: string): boolean {
  const text = after.trimStart();
  return !/^[<[]/u.test(text) && shows(sentencesOf(text.split("\n", 1)[0]!.slice(0, MAX_CHARS))[0], ENGLISH_AFTER);
}
