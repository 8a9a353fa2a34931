/**
 * A sentence whose object is an example, in other languages (`Ich werde ein Beispiel geben:`, `Je vais écrire des
 * exemples :`, `Приведу пример:`, `例を挙げます：`): the call after it is the example, though the sentence says the
 * model does something, as `I'll give an example:` already kept it text. The word in a compound or with a clause after
 * a comma that acts (`Ich prüfe die Beispieldateien:`, `…, aber zuerst prüfe ich das Wetter:`) leaves the call read.
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats = Object.entries(parisCallFormats).filter(([format]) => format !== "ReAct");

const offered = [
  "Ich werde ein Beispiel geben:",
  "Lass mich ein kurzes Beispiel zeigen:",
  "Hier sind zwei Beispiele:",
  "Je vais écrire des exemples :",
  "Voici un petit exemple :",
  "Voy a escribir unos ejemplos:",
  "Te doy un ejemplo de la llamada:",
  "Ti mostro un esempio:",
  "Vou mostrar um exemplo:",
  "Приведу пример:",
  "Покажу простой пример вызова:",
  "例を挙げます：",
  "예를 하나 들어 보겠습니다:",
];

const acts = ["Ich prüfe die Beispieldateien:", "Ich werde ein Beispiel geben, aber zuerst prüfe ich das Wetter:", "Voy a consultar el tiempo:", "Je vérifie la météo :"];

describe("a call after an example offered in another language stays text", () => {
  for (const [format, call] of formats) {
    it.each(offered)(`${format}: %s`, (lead) => {
      const content = `${lead}\n${call}`;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }
});

describe("a sentence that acts, an example word in it or not, leaves the call read", () => {
  for (const [format, call] of formats) {
    it.each(acts)(`${format}: %s`, (lead) => {
      expect(readBothWays(`${lead}\n${call}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
});
