/**
 * An announcement in another language whose object is an example the model acts on, named with a definite article
 * or a demonstrative (`Voy a consultar el ejemplo:`, `Je vais lire l'exemple :`, `Vou abrir o exemplo:`), makes the
 * call after it, as `Let me check the examples:` does, in every format, whole and streamed. An example the model
 * gives or shows (`un ejemplo`, `um exemplo`, `un exemple`, `otro ejemplo`, or a verb of showing) keeps it text.
 */
import { describe, expect, it } from "vitest";
import { saysItActs } from "../../../../src/repair/content-calls/call-announcements.ts";
import { eachFormat, parisCallFormats as formats } from "./read-both-ways.ts";

const made: string[] = [
  "Voy a consultar el ejemplo:",
  "Vamos a ver el ejemplo:",
  "Voy a ejecutar el ejemplo:",
  "Déjame revisar este ejemplo:",
  "Vou abrir o exemplo:",
  "Vou ler os exemplos:",
  "Je vais lire l'exemple :",
  "Je vais ouvrir les exemples :",
  "Ich werde die Beispiele prüfen:",
];

const shown: string[] = [
  "Voy a dar un ejemplo:",
  "Voy a crear otro ejemplo:",
  "Voy a mostrarte un ejemplo:",
  "Vou dar um exemplo:",
  "Je vais vous montrer un exemple :",
];

describe("an announcement acting on an example makes its call", () => {
  eachFormat(formats, made, (lead, call) => `${lead}\n${call}`, "read");
});

describe("an example given or shown keeps the call text", () => {
  eachFormat(formats, shown, (lead, call) => `${lead}\n${call}`, "stays text");
});

describe("saysItActs", () => {
  it.each(made)("%j acts", (lead) => expect(saysItActs(lead)).toBe(true));
  it.each([...shown, "Voy a poner, por ejemplo, la ciudad:", "Je vais prendre par exemple Paris :", "Ich werde zum Beispiel Paris prüfen:", "Ich werde ein Beispiel geben:"])("%j does not", (lead) =>
    expect(saysItActs(lead)).toBe(false),
  );
});
