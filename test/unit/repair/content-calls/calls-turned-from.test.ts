/**
 * Calls the text after them turns from. First, text that says they must be put in another form (`Let's reformat the response to fit the exact
 * requirements.`, `However, the task requires a different format.`, `This is not in the correct format.`), in English
 * and other languages, in every call format: the model takes them back as malformed, so they stay text, read whole
 * and streamed alike, also when a rewritten copy follows. Beside them, near-misses that must still be read: a rewrite
 * or reformat of something else than the model's own output (`Let me rewrite the file.`, `Let's reformat the code.`),
 * and text that only speaks of a format (`The response format is JSON.`). Second, text that says the tool does not fit
 * the task (`The tool is not defined for this input.`) or that the model works the answer out itself (`Let me solve
 * this by hand instead.`), beside a tool merely named (`The tool will return the forecast.`).
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats: Record<string, string> = {
  ...parisCallFormats,
  "element named after the tool": "<get_weather>\n  <city>Paris</city>\n</get_weather>",
};

const recasts: string[] = [
  "Let's reformat the response to fit the exact requirements.",
  "Let's reformat the input to fit the given format.",
  "Let's reformat the given data into the required format.",
  "Let me reformat it according to the given instructions.",
  "Now I'll reformat the output.",
  "We need to reformat the tool call.",
  "Reformatting the response to match the schema.",
  "Let's rewrite the call in the required format.",
  "Let me rewrite this in the correct format.",
  "However, the task requires a different format.",
  "The tool expects a different format.",
  "This is not in the correct format.",
  "That wasn't the required format.",
  "The call above does not match the required format.",
  "Voy a reformatear la respuesta.",
  "Esto no está en el formato correcto.",
  "Vou reformatar a resposta.",
  "Je vais reformater la réponse.",
  "Ce n'est pas au bon format.",
  "Ich formatiere die Antwort neu.",
  "Das ist nicht im richtigen Format.",
  "Это не в правильном формате.",
  "让我重新格式化回答。",
  "格式不正确。",
  "形式が正しくありません。",
  "형식이 올바르지 않습니다.",
];

const nearMisses: string[] = [
  "Let me rewrite the file with the fix next.",
  "Let me rewrite it to fix the bug.",
  "Let's reformat the code after that.",
  "I'll format the answer as a table once it returns.",
  "The response format is JSON.",
  "Voy a reformatear el código después.",
  "让我之后重新格式化代码。",
];

describe("a call the text after it says must be put in another form stays text", () => {
  for (const [format, call] of Object.entries(formats)) {
    it.each(recasts)(`${format}: %s`, (recast) => {
      const content = `${call}\n\n${recast}`;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }

  it.each(Object.entries(formats))("%s: also when the same call is written again after it", (_format, call) => {
    const content = `${call}\n\nLet me reformat it according to the given instructions.\n\n${call}`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a rewrite of something else, or words about a format, leave the call read", () => {
  // A JSON fence with prose after it is text whatever the prose says (a code block shown): not a format of this table.
  for (const [format, call] of Object.entries(formats).filter(([name]) => name !== "JSON fence")) {
    it.each(nearMisses)(`${format}: %s`, (nearMiss) => {
      expect(readBothWays(`${call}\n\n${nearMiss}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
});

const toolDropped: string[] = [
  "The tool is not defined for this input. Let's recheck the task.",
  "The tools provided are not relevant to the task.",
  "This tool cannot be used here.",
  "The provided function doesn't apply to this task.",
  "That tool isn't the right one for this question.",
  "Let me solve this by hand instead.",
  "Let's calculate it manually.",
  "I'll work out the answer myself.",
  "Esta herramienta no es aplicable aquí.",
  "Lo calcularé a mano.",
  "Cet outil n'est pas adapté.",
  "Das Tool ist hier nicht geeignet.",
  "Этот инструмент здесь не подходит.",
  "这个工具不适用。",
  "このツールは適用できません。",
  "이 도구는 적용되지 않습니다.",
];

const toolNamed: string[] = [
  "The tool will return the forecast.",
  "This tool is the one that knows the forecast.",
  "I'll use the answer to plan your trip.",
  "Die Funktion liefert die Vorhersage.",
  "This function cannot be used with async code, so I'll wrap it next.",
  "Esta función no es aplicable a listas vacías.",
  "该函数不适用于空列表。",
];

describe("a call the text after it says the tool does not fit, or that it answers by hand, stays text", () => {
  for (const [format, call] of Object.entries(formats)) {
    it.each(toolDropped)(`${format}: %s`, (dropped) => {
      const content = `${call}\n\n${dropped}`;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }
});

describe("a tool merely named after the call leaves it read", () => {
  for (const [format, call] of Object.entries(formats).filter(([name]) => name !== "JSON fence")) {
    it.each(toolNamed)(`${format}: %s`, (named) => {
      expect(readBothWays(`${call}\n\n${named}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
});
