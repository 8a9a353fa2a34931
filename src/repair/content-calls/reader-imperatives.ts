/**
 * A call handed to the reader with an imperative, as the last sentence before it: `Try this:`, `Use this call:`,
 * `Run this yourself:`, `Try running:`, `Go ahead and send:`, `Give it a shot:`, and the same in other languages
 * (`Prueba esto:`, `Experimente isto:`, `Essayez ceci :`, `Probier das:`, `Führe das aus:`, `Попробуйте это:`,
 * `请试试这个：`, `これを試してください：`, `이것을 실행해 보세요:`). A model that makes its call says so in the first
 * person (`Let me try this:`, `I'll use this call:`, read before this as an announcement); a bare imperative
 * addresses whoever reads the text. The verb must take the call as its object (a demonstrative, `the following`,
 * a gerund), so a tool's own label (`Run:`) and a sentence naming something else (`Use the metric unit.`) are not
 * such a hand-over.
 */

/** Where a sentence opens: the lead's start, after a sentence's end, or a line's start with its list marks or emphasis. */
const OPENS = String.raw`(?:^|[.!?。！？\n])[^\p{L}\n]*`;
/** At most four words after the object (`yourself`, `into your terminal`, `request to the API`), then a colon (in bold or not) or nothing. */
const TAIL = String.raw`(?:\s+[\p{L}\p{N}'’_-]+){0,4}?(?:\s*[:：]\**)?\s*$`;

const EN_VERBS = "try|use|run|call|invoke|execute|send|type|enter|paste|copy|submit|issue|make";
const EN = String.raw`(?:please\s+)?(?:just\s+)?(?:(?:${EN_VERBS})\s+(?:running|calling|using|sending|executing|invoking|typing|entering|pasting|this|that|these|it|the following|something like)(?!\p{L})|(?:give|try)\s+(?:this|that|it)\s+a\s+(?:try|shot|go|whirl|spin)(?!\p{L})|go ahead and\s+(?:${EN_VERBS})(?!\p{L})(?:\s+(?:this|that|it|the following)(?!\p{L}))?)`;

const ES = String.raw`(?:prueb[ae]n?|intent[ae]n?|us[ae]n?|utiliz[ae]n?|utilic[e]n?|ejecut[ae]n?|enví[ae]n?|envi[ae]n?|peg[ae]n?|pegue|llam[ae]n?|copi[ae]n?)\s+(?:esto|este|esta|eso|lo siguiente|con esto|con lo siguiente|así)(?!\p{L})`;
const PT = String.raw`(?:tente|experimente|use|usa|utilize|execute|executa|envie|cole|rode|chame|copie)\s+(?:isto|isso|este|esta|o seguinte|assim)(?!\p{L})`;
const FR = String.raw`(?:essaie|essaye|essayez|utilise|utilisez|exécute|exécutez|lance|lancez|envoie|envoyez|colle|collez|appelle|appelez|tape|tapez|copie|copiez)\s+(?:ceci|ça|cela|ce qui suit|la commande suivante|l['’]appel suivant)(?!\p{L})`;
const DE = String.raw`(?:probier|probiere|probieren sie|versuch|versuche|versuchen sie|nutze|nutzen sie|verwende|verwenden sie|benutze|benutzen sie|führe|führen sie|sende|senden sie|schick|schicke|schicken sie|kopiere|kopieren sie)\s+(?:das|dies|dieses|folgendes|es|den folgenden aufruf|die folgende anfrage)(?!\p{L})(?:\s+aus(?!\p{L}))?`;
const RU = String.raw`(?:попробуйте|попробуй|используйте|используй|выполните|выполни|запустите|запусти|отправьте|отправь|вставьте|вставь|вызовите|вызови|скопируйте|скопируй)(?!\p{L})(?:\s+(?:это|следующее|так|вот это|эту команду|этот вызов)(?!\p{L}))?`;
const ZH = String.raw`(?:请|你可以|您可以|你|您)?(?:试试|试一下|尝试|使用|运行|执行|调用|发送|粘贴|复制)(?:一下)?(?:这个|这条|以下|下面的?|如下)`;
const JA = String.raw`\p{L}[^。！？\n]{0,30}?(?:試して|使って|実行して|送信して|貼り付けて|コピーして|呼び出して)(?:みて)?(?:ください|下さい)`;
const KO = String.raw`\p{L}[^。！？.\n]{0,30}?(?:해\s*보세요|사용하세요|실행하세요|실행해\s*보세요|보내세요|붙여\s*넣으세요|입력하세요|시도해\s*보세요)`;

// Each gap is bounded and the lead is at most `LEAD_IN_CHARS` long: linear.
const HANDED_TO_READER = new RegExp(`${OPENS}(?:${EN}|${ES}|${PT}|${FR}|${DE}|${RU})${TAIL}|${OPENS}(?:${ZH}|${JA}|${KO})[^。！？!?\\n]{0,40}$`, "iu");

/** Whether `lead`, the words before a call, ends in an imperative that hands the call to the reader. */
export function handsToReader(lead: string): boolean {
  return HANDED_TO_READER.test(lead);
}
