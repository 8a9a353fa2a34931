/**
 * A call the words around it frame as not made: an example or a format shown in another language (`Por ejemplo, una
 * llamada se ve así:`, `Das Format lautet:`, `Falsch:`), the English forms that name the syntax, the shape or the
 * user's message (`The syntax for get_weather is:`, `Requests follow this pattern:`, `Your message included:`), a name
 * with a dot or a colon in such a sentence (`… how to call ebook.get_toc:`), or words after the call saying it is only
 * an example, a template or was not run (`Solo es un ejemplo.`, `Ich habe es nicht ausgeführt.`, `这只是个例子。`,
 * `Es solo una plantilla.`, `I haven't executed this.`, `Swap in your own values.`), or a Markdown heading read as a label. The text stays text in every format, whole and streamed. Sentences in
 * which the model acts, `for example` inside one, and words after a call that wait for its result leave the call read.
 */
import { describe, expect, it } from "vitest";
import { eachFormat, parisCallFormats, readBothWays } from "./read-both-ways.ts";
import { disownsCallsInOtherLanguage } from "../../../../src/repair/content-calls/after-calls-languages.ts";

// ReAct's `Action:` lines are the format's own labels; a fence with prose after it is a code block and its explanation.
const leadFormats = Object.fromEntries(Object.entries(parisCallFormats).filter(([name]) => name !== "ReAct"));
const afterFormats = Object.fromEntries(Object.entries(parisCallFormats).filter(([name]) => name !== "JSON fence" && name !== "ReAct"));

const shownBefore = [
  // `for example` opening the sentence.
  "Por ejemplo, así se llama a la herramienta:",
  "Par exemple, voici comment on l'appelle :",
  "Zum Beispiel so:",
  "Beispielsweise sieht das so aus:",
  "Например, так:",
  "Por exemplo, a chamada seria:",
  "Ad esempio, la chiamata è:",
  "比如，调用的时候写成：",
  // What a call looks like.
  "Die Anfrage sieht dann so aus:",
  "La requête ressemble à ceci :",
  "La solicitud se ve así:",
  "O pedido fica assim:",
  "Запрос выглядит так:",
  // The format named.
  "Das Format lautet:",
  "Le format est :",
  "El formato es:",
  "Формат такой:",
  // An example offered, with a clause after a comma that says which.
  "Hier ein Beispiel, wie das aussieht:",
  // Named wrong, or what not to do.
  "Falsch:",
  "Incorrecto:",
  "Faux :",
  "Неправильно:",
  "错误写法：",
  "悪い例：",
  "Так писать нельзя:",
  // English: the syntax, the shape, the way it is called, the user's words.
  "The syntax for get_weather is:",
  "The calling convention for weather.get is:",
  "Requests follow this pattern:",
  "The tool is invoked like so:",
  "To give a quick illustration:",
  "Your message included:",
  "The user's request said:",
  // A name with a dot or a colon in the sentence is no sentence's end nor a label's colon.
  "Here is an example of how to call ebook.get_toc:",
  "Aqui está um exemplo de como chamar fs.read_file:",
  "Voici un exemple d'appel à workspace:list_events :",
  // A label naming the format or an example call, in other languages.
  "Formato de la solicitud:",
  "Format d'appel :",
  "Aufrufformat:",
  "Beispielanfrage:",
  "Формат запроса:",
  "请求格式：",
  "出力形式：",
  "호출 형식:",
  // A sentence that presents an exhibit, ended by its period; a call put off; tools off; a norm; what the user shared.
  "Here is a sample.",
  "This is the template.",
  "Next week we can send:",
  "In a future session I could call:",
  "Tool calling is not available here. It would be:",
  "Here is how an assistant is supposed to respond:",
  "A properly formatted request looks like:",
  "The JSON you pasted:",
  "Counterexample:",
  "The request I'd send:",
  "Así se vería la llamada:",
  "Voilà à quoi ressemblerait la requête :",
  "So könnte es aussehen:",
  "Как выглядит вызов:",
  // A good or bad example, what not to run, a call for later or for the reader, tools not allowed, a skeleton.
  "Bad example (wrong type):",
  "A good example:",
  "What not to run:",
  "We'd call it like:",
  "Later you could try:",
  "I'm not allowed to call tools, so here it is:",
  "Here it is for you to paste:",
  "Canonical form of the request:",
  "Skeleton:",
  "From the issue:",
  "Quoted verbatim from the README:",
  "Muestra:",
  "Образец:",
];

const actsBefore = [
  "Voy a consultar el tiempo:",
  "Je vérifie la météo :",
  "Je vais vérifier, par exemple, Paris :",
  "Ich prüfe das Wetter:",
  "Ich prüfe das Format der Datei:",
  "Проверяю погоду:",
  "我来查一下天气：",
  "天気を確認します：",
  "Sure, checking the weather:",
  "I'll follow this format:",
  "Let me look up the weather in Paris:",
  "Let me open config.json and check:",
  "Tomorrow I'll be in Paris, so let me check:",
  "Let me check tomorrow's weather:",
  "The search tool is unavailable, so I'll use the weather tool:",
  "Using the details you provided:",
  "Here is the weather lookup for Paris:",
  "## Checking the weather",
  "### Calling get_weather",
  "Later we can compare; for now, checking Paris:",
  "We'd better check the weather:",
  "Good example files are in the repo, so let me read one:",
];

const shownAfter = [
  "Solo es un ejemplo.",
  "No la he ejecutado.",
  "C'est juste un exemple.",
  "Je ne l'ai pas lancé.",
  "Nur ein Beispiel.",
  "Ich habe es nicht ausgeführt.",
  "Это просто пример.",
  "Я не вызывал инструмент.",
  "这只是个例子。",
  "我没有执行它。",
  "ただの例です。",
  "呼び出していません。",
  "Apenas um exemplo.",
  "Não foi executado.",
  "I haven't executed this.",
  "It wasn't sent.",
  "Replace the city with your own before running it.",
  "Swap in your own values first.",
  "It just illustrates the format.",
  "That's only a sample.",
  "Use it as a template for your own.",
  "Adapt the values to your setup.",
  "Don't actually run this.",
  "Este es el formato.",
  "Voici le format.",
  "Das ist das richtige Format.",
  "Это и есть формат.",
  "这就是调用格式。",
  "以上が出力の形式です。",
  "Apenas para referência.",
  "It's just a placeholder.",
  "Fill in your own values.",
  "Treat this as pseudocode.",
  "Das ist nur eine Vorlage.",
  "C'est juste un modèle.",
  "Solo es una plantilla.",
  "Это просто шаблон.",
  "以上是模板。",
  "上記はテンプレートです。",
  "È solo un modello.",
  "To jest tylko szablon.",
  "Dit is maar een voorbeeld.",
];

const waitsAfter = [
  "Ich warte auf das Ergebnis.",
  "Esperando el resultado.",
  "J'attends le résultat.",
  "Жду результат.",
  "等待结果。",
  "結果を待ちます。",
  "I'll let you know what it returns.",
  "Once it runs, I'll summarize.",
  "Aún no tengo el resultado.",
  "I'll replace the old forecast with the new one.",
  "La respuesta vendrá en formato JSON.",
  "Ich nutze die Vorlage aus deinem Projekt.",
  "我会按照模板整理结果。",
];

describe("a call after a sentence or label that frames it as shown stays text", () => {
  eachFormat(leadFormats, shownBefore, (lead, call) => `${lead}\n${call}`, "stays text");
});

describe("the same framing in Markdown (bold, a heading, a list's item) keeps the call text", () => {
  const styled = shownBefore.slice(0, 8).flatMap((lead) => [`**${lead}**`, `### ${lead}`, `- ${lead}`]);
  eachFormat({ Hermes: parisCallFormats.Hermes, pythonic: parisCallFormats.pythonic }, styled, (lead, call) => `${lead}\n\n${call}`, "stays text");
});

describe("a Markdown heading before the call reads as the label it is", () => {
  const headings = ["## Example usage", "### Formato de la llamada", "## Tomorrow I'll run", "## Das Format", "#### 错误示范", "## Wrong"];
  eachFormat({ Hermes: parisCallFormats.Hermes, pythonic: parisCallFormats.pythonic, "bare JSON": parisCallFormats["bare JSON"] }, headings, (lead, call) => `${lead}\n${call}`, "stays text");
});

describe("a sentence in which the model acts leaves the call read", () => {
  eachFormat(leadFormats, actsBefore, (lead, call) => `${lead}\n${call}`, "read");
});

describe("a call followed by words saying it is only an example or was not run stays text", () => {
  eachFormat(afterFormats, shownAfter, (after, call) => `${call}\n\n${after}`, "stays text");
});

describe("a call followed by words that wait for its result is read", () => {
  eachFormat(afterFormats, waitsAfter, (after, call) => `${call}\n\n${after}`, "read");
});

describe("what other languages say after a call", () => {
  it.each(shownAfter.slice(0, 14))("%s disowns it", (after) => {
    expect(disownsCallsInOtherLanguage(after)).toBe(true);
  });
  it.each(["Ich warte auf das Ergebnis.", "Wenn es nicht ausgeführt wird, melde ich mich.", "Cuando se haya ejecutado, te aviso.", "调用后我会告诉你结果。", "実行後に結果を確認します。"])(
    "%s does not",
    (after) => {
      expect(disownsCallsInOtherLanguage(after)).toBe(false);
    },
  );
  it("a text the model says is only an example, framed before and after, stays text", () => {
    const content = `Por ejemplo:\n${parisCallFormats.Hermes}\n\nSolo es un ejemplo; no lo he ejecutado.`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
