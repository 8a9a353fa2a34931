/**
 * What the text after a turn's calls says of them, in languages other than English (the English forms are
 * `after-calls.ts`' and `call-guards.ts`'): a remark that closes the conversation (`¡Espero que esto ayude!`,
 * `Ich hoffe, das hilft!`, `希望对你有帮助！`), a question asking leave to act (`¿Quieres que lo ejecute?`, `Soll ich
 * fortfahren?`, `要我运行吗？`), the call handed to the reader to run (`Ejecuta esto y dime el resultado.`, `Führe das
 * aus und sag mir das Ergebnis.`, `请运行这个并告诉我结果。`), or the call taken back (`Espera, me equivoqué de
 * ciudad.`, `Moment, falsche Stadt.`, `Attends, je me suis trompé.`), or said to need another form (`Voy a reformatear la
 * respuesta.`, `Das ist nicht im richtigen Format.`, `格式不正确。`), or the tool said not to fit, the answer worked out
 * by hand (`Esta herramienta no es aplicable aquí.`, `Das Tool ist hier nicht geeignet.`, `这个工具不适用。`). Each says the call before it is shown,
 * proposed or withdrawn, not one to make now. A question about something else (`¿Quieres saber más?`) and thanks
 * (`¡Gracias!`) say none of this.
 */

/** Where a sentence opens: the text's start, or after a sentence's end or a line break, then any marks. */
const OPENS = String.raw`(?:^|[.!?。！？\n])[^\p{L}\n]*`;

const CLOSING = [
  // Spanish, Portuguese: `Espero que esto ayude`, `Espero que isso ajude`, `¡Buena suerte!`, `¿Algo más en lo que pueda ayudar?`.
  String.raw`(?:espero\s+que\s+(?:esto|eso|te|le|isso|isto|lhe|te)\s+(?:\p{L}+\s+)?(?:ayude|sirva|ajude)|buena suerte|boa sorte|que tengas un buen día|tenha um bom dia|no dudes en|fique à vontade|(?:hay\s+)?algo más en (?:lo )?que (?:pueda|te pueda) ayudar|mais alguma coisa em que (?:eu )?possa ajudar)`,
  // French: `J'espère que cela vous aide`, `Bonne chance !`, `N'hésitez pas à …`.
  String.raw`(?:j['’]espère\s+que\s+(?:cela|ça|ceci)\s+(?:vous|t['’])\s*(?:aide|aidera|sera utile)|bonne chance|bonne journée|n['’]hésitez pas|autre chose pour (?:laquelle|lequel) je peux)`,
  // German: `Ich hoffe, das hilft`, `Viel Erfolg!`, `Meld dich gern, wenn …`.
  String.raw`(?:(?:ich\s+)?hoffe,?\s+(?:das|dies|es)\s+hilft|viel (?:erfolg|glück|spaß)|einen schönen tag|melde? dich gerne?|kann ich sonst noch)`,
  // Russian: `Надеюсь, это поможет`, `Удачи!`, `Обращайтесь, если …`.
  String.raw`(?:надеюсь,?\s+(?:это|мой ответ)\s+(?:поможет|помог)|удачи|хорошего дня|обращайтесь|чем ещё (?:я )?могу помочь)`,
  // Chinese, Japanese, Korean.
  String.raw`(?:希望(?:这|以上|上述)?(?:对你|对您|能)(?:有(?:所)?帮助|帮到)|祝你好运|祝您|如有(?:其他|任何)?问题|还有(?:什么|其他)(?:可以|需要)|お役に立て(?:れば|ますように)|参考になれば|頑張ってください|도움이\s*되(?:었으면|길|셨으면)|좋은 하루)`,
].join("|");

const ASKS_LEAVE = [
  // `¿Quieres que lo ejecute?`, `¿Lo ejecuto?`, `¿Procedo?`, `Quer que eu execute?`, `Devo prosseguir?`.
  String.raw`(?:(?:quieres|quiere|queréis|desea|deseas)\s+que\s+(?:lo\s+|la\s+|los\s+)?(?:ejecute|llame|envíe|continúe|proceda|haga)|(?:lo|la)\s+(?:ejecuto|envío|llamo)|procedo|continúo|(?:quer|deseja)\s+que\s+eu\s+(?:execute|envie|continue|prossiga|chame)|devo\s+(?:prosseguir|continuar|executar|enviar))[^?\n]*\?`,
  // `Voulez-vous que je l'exécute ?`, `Je lance ?`, `Dois-je continuer ?`.
  String.raw`(?:(?:voulez-vous|veux-tu|souhaitez-vous)\s+que\s+je\s+(?:l['’]\s*|le\s+|la\s+)?(?:exécute|lance|envoie|continue|appelle)|je\s+(?:lance|continue|l['’]exécute)|dois-je\s+(?:continuer|l['’]exécuter|lancer|envoyer))[^?\n]*\?`,
  // `Soll ich fortfahren?`, `Soll ich das ausführen?`, `Darf ich das senden?`.
  String.raw`(?:soll|sollen|darf)\s+(?:ich|wir)\s+[^?\n]{0,40}?(?:fortfahren|ausführen|senden|schicken|starten|weitermachen|aufrufen|loslegen)[^?\n]*\?`,
  // `Мне выполнить?`, `Запустить?`, `Продолжить?`.
  String.raw`(?:мне\s+)?(?:выполнить|запустить|продолжить|отправить|вызвать)(?:\s+(?:его|это|её))?\s*\?`,
  // `要我运行吗？`, `需要我执行吗？`, `是否继续？`, `実行しましょうか？`, `実行してもいいですか？`, `실행할까요?`.
  String.raw`(?:(?:要|需要|是否需要)我(?:现在)?(?:运行|执行|调用|发送|继续)[^？?\n]*[吗？?]|是否(?:继续|执行|运行)|[^。！？\n]{0,20}(?:しましょうか|してもいいですか|してもよろしいですか)|[^.!?\n]{0,20}(?:할까요|해도 될까요|진행할까요))`,
].join("|");

const HANDED_OVER = [
  // `Ejecuta esto y dime el resultado.`, `Una vez que lo ejecutes, pégame el resultado.`, `Execute isso e me diga o resultado.`.
  String.raw`(?:ejecuta|ejecute|corre|corra|prueba|pruebe|execute|executa|rode|teste)\s+(?:esto|eso|esta|este|isso|isto)\b[^.!?\n]{0,40}\b(?:dime|díme|dígame|me dices|avísame|pégame|compárteme|me diga|me conte|me avise)|(?:una vez que|cuando|después de que)\s+lo\s+(?:ejecutes|corras|pruebes)|(?:depois de|quando)\s+(?:executar|rodar)\s+(?:isso|isto)`,
  // `Exécutez ceci et dites-moi le résultat.`, `Une fois que vous l'avez lancé, …`.
  String.raw`(?:exécutez|exécute|lancez|lance|essayez|essaie)\s+(?:ceci|ça|cela|le|la)\b[^.!?\n]{0,40}(?:dites-moi|dis-moi|donnez-moi|collez)|une fois que (?:vous l['’]avez|tu l['’]as)\s+(?:exécuté|lancé)`,
  // `Führe das aus und sag mir das Ergebnis.`, `Sobald du es ausgeführt hast, …`.
  String.raw`(?:führe|führen sie|starte|starten sie|probier|probiere)\s+(?:das|dies|es)\b[^.!?\n]{0,40}(?:sag mir|sagen sie mir|teile mir|schick mir|melde dich)|sobald (?:du|sie) (?:es|das)\s+ausgeführt`,
  // `Выполните это и сообщите результат.`.
  String.raw`(?:выполните|запустите|выполни|запусти)\s+(?:это|его)?[^.!?\n]{0,40}(?:сообщите|скажите|пришлите|напишите)`,
  // `请运行这个并告诉我结果。`, `运行后把结果发给我`, `実行して結果を教えてください`, `실행하고 결과를 알려주세요`.
  String.raw`(?:请|你|您)?(?:运行|执行)(?:这个|一下|以上|上面的?)?[^。！？\n]{0,20}(?:告诉我|发给我|贴给我|把结果)|実行して[^。！？\n]{0,20}(?:教えて|共有して|貼って)|실행(?:하고|해서|한 후)[^.!?\n]{0,20}(?:알려|공유해|보내)`,
].join("|");

const TAKEN_BACK = [
  // `Espera, me equivoqué.`, `Perdón, ciudad equivocada.`, `Ops, errei.`, `Corrección:`.
  String.raw`(?:espera|espere|perdón|perdona|ups|vaya|ops|opa|desculpe?)\b[,!.]?\s+(?:[^.!?\n]{0,30}?(?:me equivoqué|equivocad|error|incorrect|errei|errado|erro|quise decir|quis dizer))|me equivoqué|quise decir|errei|quis dizer|corrección\s*:|correção\s*:`,
  // `Attends, je me suis trompé.`, `Oups, mauvaise ville.`, `Je voulais dire …`.
  String.raw`(?:attends|attendez|oups|pardon|désolé)\b[,!.]?\s+[^.!?\n]{0,30}?(?:trompé|erreur|mauvais|incorrect)|je me suis trompée?|je voulais dire`,
  // `Moment, falsche Stadt.`, `Warte, das ist falsch.`, `Ich meinte …`, `Korrektur:`.
  String.raw`(?:moment|warte|warten sie|hoppla|ups|sorry|entschuldigung)\b[,!.]?\s+[^.!?\n]{0,30}?(?:falsch|fehler|vertan|geirrt|meinte)|ich habe mich (?:vertan|geirrt)|ich meinte|korrektur\s*:`,
  // `Подождите, я ошибся.`, `Ой, не тот город.`.
  String.raw`(?:подождите|подожди|ой|упс|извините)(?!\p{L})[,!.]?\s+[^.!?\n]{0,30}?(?:ошиб|неправильн|не тот|не та|неверн)|я ошиб(?:ся|лась)|я имел в виду`,
  // `待って、間違えました。`, `잠깐, 잘못했습니다.`.
  String.raw`(?:待って|すみません|失礼)[、,]?[^。！？\n]{0,20}間違|間違えました|잠깐[,]?[^.!?\n]{0,20}잘못|잘못\s*(?:입력|작성)했`,
].join("|");

const FORMAT_RECAST = [
  // `Voy a reformatear la respuesta.`, `Déjame reformatearla.`, `No está en el formato correcto.`, `Requiere un formato diferente.`, `Vou reformatar a resposta.`, `Não está no formato correto.`.
  String.raw`(?:(?:voy a|vamos a|déjame|permíteme)\s+reformatear(?:l[oa]s?\b|\s+(?:la|mi|esta)\s+(?:respuesta|llamada|salida|entrada)\b)|(?:vou|vamos|deixe-me)\s+reformatar\s+(?:a|minha|esta)\s+(?:resposta|chamada|saída|entrada)\b|no\s+está\s+en\s+el\s+formato\s+(?:correcto|adecuado|requerido)|não\s+está\s+no\s+formato\s+(?:correto|adequado|exigido)|(?:requiere|necesita|exige|requer|precisa de)\s+(?:un|um)\s+formato\s+diferente)`,
  // `Je vais reformater la réponse.`, `Je vais la reformater.`, `Ce n'est pas au bon format.`, `Il faut un format différent.`.
  String.raw`(?:je vais\s+(?:la|le|les)\s+reformater|(?:je vais reformater|reformatons)\s+(?:la|ma|cette)\s+(?:réponse|sortie|entrée)|n['’]est pas (?:au|dans le) bon format|(?:nécessite|exige|demande|il faut)\s+un\s+(?:autre\s+format|format\s+différent))`,
  // `Ich formatiere die Antwort neu.`, `Lass mich die Antwort neu formatieren.`, `Das ist nicht im richtigen Format.`, `Es erfordert ein anderes Format.`.
  String.raw`(?:ich formatiere\s+(?:die|meine|diese)\s+(?:antwort|ausgabe|eingabe)\s+neu|(?:lass(?:t)? (?:mich|uns)|ich werde)\s+(?:die|meine|diese)\s+(?:antwort|ausgabe|eingabe)\s+neu formatieren|nicht im (?:richtigen|korrekten|geforderten) format|(?:erfordert|braucht|verlangt)\s+ein anderes format)`,
  // `Переформатирую ответ.`, `Это не в правильном формате.`.
  String.raw`(?:(?:давайте\s+)?переформатир(?:ую|уем)\s+(?:ответ|вывод|вызов)|не в (?:правильном|нужном|требуемом) формате)`,
  // `让我重新格式化回答。`, `格式不正确。`, `需要不同的格式。`, `回答を再フォーマットします。`, `形式が正しくありません。`, `응답을 다시 포맷하겠습니다.`, `형식이 올바르지 않습니다.`.
  String.raw`(?:重新格式化(?:回答|响应|输出|调用)|格式不(?:正确|对|符合要求)|需要(?:一种)?不同的格式|(?:回答|出力|呼び出し)を(?:再フォーマット|フォーマットし直)|(?:形式|フォーマット)が正しくありません|(?:응답|출력|호출)을\s*다시\s*포맷|형식이\s*(?:올바르지|맞지)\s*않)`,
].join("|");

const TOOL_DROPPED = [
  // `Esta herramienta no es aplicable aquí.`, `La herramienta no sirve para esto.`, `Lo calcularé a mano.`, `Esta ferramenta não se aplica.`, `Vou calcular manualmente.`.
  String.raw`(?:(?:esta|la|esa)\s+herramienta\s+no\s+(?:es\s+(?:aplicable|adecuada|apropiada)|sirve|se\s+(?:puede\s+usar|aplica))|(?:esta|a|essa)\s+ferramenta\s+não\s+(?:é\s+(?:aplicável|adequada)|serve|se\s+aplica|pode\s+ser\s+usada)|(?:lo|la)\s+calcular(?:é|emos)\s+(?:a mano|manualmente)|vou\s+calcular\s+manualmente)`,
  // `Cet outil n'est pas adapté.`, `L'outil ne s'applique pas ici.`, `Je vais le calculer à la main.`.
  String.raw`(?:(?:cet|l['’])\s*outil\s+(?:n['’]est pas (?:adapté|applicable|approprié|pertinent)|ne s['’]applique pas)|je vais (?:le|la)\s+calculer\s+(?:à la main|manuellement))`,
  // `Das Tool ist hier nicht geeignet.`, `Die Funktion passt nicht.`, `Ich rechne es von Hand aus.`.
  String.raw`(?:(?:das|dieses)\s+(?:tool|werkzeug)\s+(?:ist\s+(?:hier\s+)?nicht\s+(?:geeignet|anwendbar|passend)|passt\s+(?:hier\s+)?nicht)|ich rechne (?:es|das) (?:von hand|manuell) aus)`,
  // `Этот инструмент здесь не подходит.`, `Посчитаю вручную.`.
  String.raw`(?:(?:этот|данный)\s+инструмент\s+(?:здесь\s+)?не\s+(?:подходит|применим)|посчитаю\s+вручную)`,
  // `这个工具不适用。`, `该工具无法用于此任务。`, `我手动计算。`, `このツールは適用できません。`, `이 도구는 적용되지 않습니다.`.
  String.raw`(?:(?:这个|该|此)工具(?:不适用|不适合|无法用于|不能用于)|我(?:来)?手动计算|(?:この|その)ツールは(?:適用できません|使えません|適していません)|(?:이|그)\s*도구는\s*(?:적용되지|사용할 수 없|적합하지))`,
].join("|");

const ONLY_SHOWN = [
  // `Esto es solo un ejemplo.`, `No lo he ejecutado.`, `Isto é só um exemplo; não o executei.`, `Não foi executado.`.
  String.raw`(?:(?<!\p{L})(?:solo|sólo|solamente|simplemente|únicamente|só|apenas|somente)\s+(?:es\s+|é\s+)?(?:un|una|um|uma)\s+(?:ejemplo|exemplo|muestra|ilustración|ilustração)(?!\p{L})|(?<!\p{L})(?:no|não)\s+(?:lo\s+|la\s+|o\s+|a\s+)?(?:he|hemos|ha|fue|foi|tenho|temos)\s+(?:sido\s+)?(?:ejecutad|enviad|llamad|executad|enviad|chamad)\p{L}*|(?<!\p{L})(?:no|não)\s+(?:lo\s+|la\s+|o\s+|a\s+)?(?:ejecuté|envié|llamé|executei|enviei|chamei)(?!\p{L}))`,
  // `Ce n'est qu'un exemple.`, `Je ne l'ai pas exécuté.`, `Il n'a pas été exécuté.`.
  String.raw`(?:n['’]est\s+qu['’]un\s+exemple|(?<!\p{L})(?:juste|simplement|seulement|uniquement)\s+un\s+exemple|(?<!\p{L})(?:je|nous)\s+ne\s+(?:l['’]\s*|les\s+)?(?:ai|avons)\s+pas\s+(?:exécuté|lancé|envoyé|appelé)|(?<!\p{L})n['’](?:a|ont)\s+pas\s+été\s+(?:exécuté|lancé|envoyé|appelé))`,
  // `Das ist nur ein Beispiel.`, `Ausgeführt habe ich es nicht.`, `Ich habe es nicht ausgeführt.`, `Es wurde nicht gesendet.`.
  String.raw`(?:(?<!\p{L})(?:nur|lediglich|bloß)\s+ein\s+beispiel(?!\p{L})|(?<!\p{L})(?:ausgeführt|gesendet|abgeschickt|aufgerufen)\s+(?:habe|hab|wurde)\s+(?:ich\s+|es\s+)?(?:es\s+|das\s+|ihn\s+|sie\s+)?nicht(?!\p{L})|(?<!\p{L})(?:ich\s+habe|habe\s+ich|es\s+wurde|wurde\s+es)\s+(?:es\s+|das\s+|ihn\s+|sie\s+)?(?:noch\s+)?nicht\s+(?:ausgeführt|gesendet|abgeschickt|aufgerufen)(?!\p{L}))`,
  // `Это только пример.`, `Я его не запускал.`, `Вызов не выполнялся.`.
  String.raw`(?:(?<!\p{L})(?:только|лишь|просто)\s+пример(?!\p{L})|(?<!\p{L})не\s+(?:запускал|выполнял|вызывал|отправлял|запускала|выполняла|вызывала|отправляла|запускался|выполнялся|вызывался|отправлялся)(?!\p{L}))`,
  // The call said to be the format or for reference: `Este es el formato.`, `Esto es solo de referencia.`, `Voilà le format attendu.`,
  // `Das ist das erwartete Format.`, `Это формат вызова.`, `Esse é o formato esperado.`, `以上是调用格式。`, `これが呼び出しの形式です。`.
  String.raw`(?:(?<!\p{L})(?:este\s+es|ese\s+es|esto\s+es|esse\s+é|este\s+é|isso\s+é|isto\s+é|voilà|voici|c['’]est|das\s+ist|dies\s+ist|so\s+ist|это)\s+(?:(?:el|le|das|o|и\s+есть)\s+)?(?:\p{L}+\s+)?(?:formato|format|формат)(?!\p{L})|(?<!\p{L})(?:formato|format|формат)\s+(?:esperado|attendu|erwartete|correcto|correto|correct|richtige|ожидаемый|правильный)|(?<!\p{L})(?:solo|sólo|só|apenas|seulement|uniquement|nur|только)\s+(?:(?:de|como|pour|à|als|zur|para|для)\s+)?(?:referencia|referência|référence|titre\s+indicatif|orientierung|referenz|справки)|(?:以上|这|这个|上面)(?:就)?是(?:调用|请求|输出)?格式|(?:これ|以上|上記)が(?:\p{L}{1,6}の)?(?:形式|フォーマット)(?:です)?)`,
  // Only a template or an example, in more languages: `Es solo una plantilla.`, `Ceci est un modèle.`, `Es ist nur eine Vorlage.`,
  // `É apenas um modelo.`, `Это лишь шаблон.`, `这只是模板。`, `これはテンプレートです。`, `Questo è solo un esempio.`, `To tylko przykład.`,
  // `Dit is slechts een voorbeeld.`.
  String.raw`(?:(?<!\p{L})(?:solo|sólo|só|apenas|nur|lediglich|seulement|juste|только|лишь|просто|solo|soltanto|tylko|slechts|alleen|maar)\s+(?:(?:es|é|ist|est|c['’]est|è)\s+)?(?:(?:una?|um|uma|eine?|un|une|een)\s+)?(?:plantilla|modelo|vorlage|muster|modèle|gabarit|шаблон|заготовка|esempio|modello|przykład|szablon|wzór|voorbeeld|sjabloon)(?!\p{L})|(?<!\p{L})(?:ceci|cela|c['’]est)\s+(?:est\s+)?(?:un|le)\s+(?:modèle|gabarit)(?!\p{L})|(?:只是|仅是|仅为|这是|以上是)(?:一个|个)?模板|(?:これは|以上は|上記は)(?:ただの)?テンプレート|(?<!\p{L})(?:questo|questa)\s+è\s+(?:solo\s+)?(?:un|una)\s+(?:esempio|modello)(?!\p{L})|(?<!\p{L})(?:dit|dat)\s+is\s+(?:slechts|alleen|maar)\s+een\s+voorbeeld(?!\p{L})|(?<!\p{L})to\s+(?:tylko|jedynie)\s+(?:przykład|szablon)(?!\p{L}))`,
  // `这只是示例。`, `我并没有实际调用。`, `并未执行。`, `これはあくまで例です。`, `実行していません。`, `예시일 뿐입니다.`, `실행하지 않았습니다.`.
  String.raw`(?:只是(?:一个|一|个)?(?:示例|例子|样例|范例|演示)|(?:并)?(?:没有|未)(?:实际|真正)?(?:调用|执行|运行|发送)|(?:あくまで|ただの|単なる)(?:一)?例|(?:実行|呼び出|送信)(?:し|さ)?(?:ていません|てはいません|ませんでした)|예시일\s*뿐|(?:실행|호출|전송)하지\s*않았)`,
].join("|");

// Each part is bounded (`{0,40}`) and runs on at most `MAX_SCANNED` characters: linear.
const SAID_AFTER = new RegExp(`${OPENS}(?:${CLOSING}|${ASKS_LEAVE}|${HANDED_OVER}|${TAKEN_BACK}|[^.!?。！？\\n]{0,40}?(?:${ONLY_SHOWN})|[^.!?。！？\\n]{0,40}?(?:${FORMAT_RECAST}|${TOOL_DROPPED}))`, "iu");

/** At most this much text after the calls is read: what disowns a call follows it closely. */
const MAX_SCANNED = 2000;

/** Whether `after`, the text after a turn's calls, closes, asks leave for, hands over or takes back the calls, in a language other than English. */
export function disownsCallsInOtherLanguage(after: string): boolean {
  return SAID_AFTER.test(after.slice(0, MAX_SCANNED));
}
