/**
 * Sentences models write around a call they make now, for the `intent-prose` metamorphic transformation
 * (scripts/metamorphic-variants.ts): lead-ins that say what the model is about to do and trailers that say it
 * waits for the call or will go on after it. Every one keeps the call a call: none introduces an example, shows
 * a format, imagines a call, refuses one, hands it to the reader or states its result.
 *
 * Placeholders: `{tool}` the case's tool name, `{key}` one of its argument keys, `{value}` that key's string
 * value (a sentence with a placeholder the case cannot fill is not used for it).
 */

export const INTENT_LEAD_INS: readonly string[] = [
  // English, no tool name
  "Let me look that up.",
  "First, I need the current data.",
  "Sure! Here's the call:",
  "Okay, I'll take care of that right away.",
  "I'll start by gathering the information I need.",
  "Good question! Let me find out.",
  "Let me get that information for you.",
  "One moment, I'll pull that up.",
  "Alright, sending the request now.",
  "1. Gather the information this request needs.",
  "**Step 1:** Get the data.",
  "🔍 Let me check that for you.",
  "*Looking into it now.*",
  "Happy to help! I'll handle this now.",
  "I understand. Let me take care of it.",
  "I need to use a tool for this.",
  "Got it, doing that now.",
  "Great, I have everything I need.",
  // English, with the tool's name or an argument
  "Calling `{tool}` now:",
  "To answer this, I need to call {tool}.",
  "I will use the {tool} tool with the {key} set to {value}.",
  "Let me use the `{tool}` tool.",
  "I'll invoke **{tool}** to get this done.",
  "Using {tool} to handle the request.",
  "1. Call `{tool}` with the {key} you gave me.",
  "I need to run {tool} first.",
  "Let me search for that information using the {tool} tool.",
  "🛠️ Calling {tool}...",
  'I\'ll call {tool} with {key} "{value}".',
  "### Calling {tool}",
  "Great, I have everything I need. Let me call {tool}.",
  "I'll run `{tool}` for \"{value}\".",
  // French
  "Je vais vérifier cela pour vous.",
  "Je vais utiliser l'outil {tool}.",
  "D'accord, je lance la requête.",
  // German
  "Ich schaue das kurz für dich nach.",
  "Dafür rufe ich das Tool `{tool}` auf.",
  // Spanish
  "Voy a consultarlo ahora mismo.",
  "Voy a usar la herramienta {tool}.",
  // Chinese
  "好的，我来帮你查询一下。",
  "我将调用 {tool} 工具。",
  // Japanese
  "確認しますね。",
  "{tool} ツールを呼び出します。",
  // Portuguese
  "Vou verificar isso para você.",
  "Vou usar a ferramenta {tool} agora.",
  // Russian
  "Сейчас проверю.",
  "Вызываю инструмент {tool}.",
  // Italian, Korean
  "Controllo subito.",
  "확인해 보겠습니다.",
  // More forms: a colon in other languages, two sentences, a retry, emoji, a value named
  "Now I'll call {tool} to get the details:",
  "I'm going to use {tool} for this.",
  "Let me try that again with the right parameters.",
  "Based on your request, I'll call {tool}.",
  "Alright! 🚀 Let's do this.",
  "On it! 👍",
  "Let me pull the latest data for you:",
  'Checking the {key} "{value}"...',
  "Je vais appeler {tool} :",
  "Ich rufe jetzt `{tool}` auf:",
  "Voy a llamar a {tool} ahora:",
  "Vou chamar {tool} agora:",
  "Сначала вызову {tool}:",
  "我需要先调用 `{tool}` 获取数据：",
  "まず {tool} を実行します。",
  "The user wants this done. I'll call {tool} now.",
];

// Not a closing remark to the reader (`Let me know if you need anything else.`): after a code block that opens the
// answer, it says the answer is complete as the reader sees it, the block shown to them (see the engine's docs).
export const INTENT_TRAILERS: readonly string[] = [
  "I'll wait for the result.",
  "Once I have the result I'll summarize it.",
  "I'll report back as soon as it finishes.",
  "Waiting for the response...",
  "This should only take a moment.",
  "I'll continue once this comes back.",
  "Then I'll give you the answer.",
  "⏳ One moment.",
  "*Waiting for the tool output.*",
  "J'attends le résultat.",
  "Je reviens vers vous dès que j'ai la réponse.",
  "Ich warte auf das Ergebnis.",
  "Sobald ich die Daten habe, fasse ich sie zusammen.",
  "Espero el resultado.",
  "En cuanto tenga la respuesta, te la resumo.",
  "等待结果返回。",
  "拿到结果后我会为你总结。",
  "結果を待ちます。",
  "結果が出たらまとめてお伝えします。",
  "Aguardando o resultado.",
  "Assim que tiver a resposta, eu resumo para você.",
  "Жду результат.",
  "Как только получу ответ, подведу итог.",
  "Attendo il risultato.",
  "I'll let you know what I find.",
  "Back in a moment with the results.",
  "Will update you once the tool responds.",
  "Вернусь с результатом.",
  "Je vous tiens au courant.",
  "Ich melde mich gleich mit dem Ergebnis.",
  "After getting the data, I'll summarize it.",
  "This may take a few seconds.",
  "Je reviens avec les résultats.",
  "Dann fasse ich es zusammen.",
  "Luego te lo resumo.",
];
