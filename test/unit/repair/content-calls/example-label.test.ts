/**
 * A label line headed by a word that names an example (in several languages, with the words that say which example
 * after it) keeps the call below it text, in several formats, whole and streamed; beside the near-misses that make
 * the call: an announcement naming examples, a name that only starts like the word (`Example.com`, `Examples.md`,
 * `例外`), a clause after a comma in which the model says it acts, a second sentence that announces.
 */
import { describe, expect, it } from "vitest";
import { labelsExample } from "../../../../src/repair/content-calls/example-label.ts";
import { eachFormat, parisCallFormats as formats } from "./read-both-ways.ts";

const labels: string[] = [
  "Example of what I will do:",
  "Example of what I would send:",
  "Example for Paris:",
  "Example request to the weather API:",
  "Example (Paris):",
  "Example 3 — weather in Paris:",
  "Another example:",
  "A quick example for Paris:",
  "Ex.:",
  "Ex: weather in Paris",
  "E.g. for Paris:",
  "(example)",
  "**Sample**",
  "Illustrative call:",
  "Demo:",
  "Ejemplo de llamada:",
  "Exemplo de chamada:",
  "Exemple d'appel :",
  "Esempio di chiamata:",
  "Beispiel für einen Aufruf:",
  "Пример вызова:",
  "示例调用：",
  "例：",
  "예시:",
];

const made: string[] = [
  "Let me check the examples:",
  "I'll run the example query now:",
  "Example files are in the repo, so let me read one:",
  "Example.com is down? Let me check:",
  "Examples.md has the list; reading it now:",
  "例外を確認します：",
  "Examples are in the docs.\nLet me check the weather:",
];

describe("a call under a label naming an example stays text", () => {
  eachFormat(formats, labels, (label, call) => `${label}\n${call}`, "stays text");
});

describe("the same calls made are read", () => {
  eachFormat(formats, made, (lead, call) => `${lead}\n${call}`, "read");
});

describe("labelsExample", () => {
  it.each(labels)("%j is a label naming an example", (label) => expect(labelsExample(label)).toBe(true));
  it.each(["Example.com is down? Let me check:", "Examples.md has the list", "例外：", "Exercise data:", "Example files are here, so let me read one:", "Sample size is small. Fetching more:"])(
    "%j is not",
    (line) => expect(labelsExample(line)).toBe(false),
  );
});
