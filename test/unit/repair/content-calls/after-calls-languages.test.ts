/**
 * Calls followed, in another language, by a remark that closes the conversation, a question asking leave to act,
 * the call handed to the reader to run, or the call taken back: shown, proposed or withdrawn, so the whole text
 * stays text, in every format, whole and streamed. Thanks, a question about something else, the model's next step
 * or its waiting for the result leave the call read.
 */
import { describe, expect, it } from "vitest";
import { disownsCallsInOtherLanguage } from "../../../../src/repair/content-calls/after-calls-languages.ts";
import { eachFormat, parisCallFormats as formats } from "./read-both-ways.ts";

// A fence with prose after it is a code block and its explanation: shown whatever the prose says.
const unfenced = Object.fromEntries(Object.entries(formats).filter(([name]) => name !== "JSON fence"));

const disowning: string[] = [
  "¡Espero que esto ayude!",
  "Espero que isso ajude!",
  "J'espère que cela vous aide !",
  "Ich hoffe, das hilft!",
  "Надеюсь, это поможет!",
  "希望对你有帮助！",
  "お役に立てれば幸いです。",
  "도움이 되었으면 좋겠습니다.",
  "¿Quieres que lo ejecute?",
  "Quer que eu execute?",
  "Voulez-vous que je l'exécute ?",
  "Soll ich fortfahren?",
  "Запустить?",
  "要我运行吗？",
  "実行しましょうか？",
  "실행할까요?",
  "Ejecuta esto y dime el resultado.",
  "Una vez que lo ejecutes, pégame el resultado.",
  "Exécutez ceci et dites-moi le résultat.",
  "Führe das aus und sag mir das Ergebnis.",
  "Выполните это и сообщите результат.",
  "请运行这个并告诉我结果。",
  "実行して結果を教えてください。",
  "Espera, me equivoqué de ciudad.",
  "Ops, errei a cidade.",
  "Attends, je me suis trompé de ville.",
  "Moment, falsche Stadt.",
  "Ой, я ошибся с городом.",
];

const neutral: string[] = [
  "¡Gracias!",
  "¿Quieres saber algo más sobre París?",
  "Cuando lo ejecute, te diré el resultado.",
  "Ensuite, je vérifierai Lyon.",
  "Ich warte auf das Ergebnis.",
  "Затем я проверю Москву.",
  "等待结果中。",
  "結果を待ちます。",
];

describe("calls followed by words that disown them, in other languages, stay text", () => {
  eachFormat(formats, disowning, (after, call) => `${call}\n${after}`, "stays text");
});

describe("calls followed by neutral words, in other languages, are read", () => {
  eachFormat(unfenced, neutral, (after, call) => `${call}\n${after}`, "read");
});

describe("disownsCallsInOtherLanguage", () => {
  it.each(disowning)("%j disowns", (text) => expect(disownsCallsInOtherLanguage(text)).toBe(true));
  it.each([...neutral, "Hope this helps!", "Soll ich dir das Wetter erklären? Nein, hier ist es."])("%j does not", (text) => expect(disownsCallsInOtherLanguage(text)).toBe(false));
});
