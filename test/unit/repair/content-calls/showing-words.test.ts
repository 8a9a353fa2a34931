/**
 * A call framed by words that say it is shown, in a sentence no phrasing rule was written for: what it is (a snippet,
 * a template, dummy values), where it comes from (the docs, a log, another session, the user), who writes it (Claude,
 * the assistant), that it is wrong, imagined, for later or the reader's to run. The text stays text, whole and
 * streamed. The same words in a sentence in which the model acts, in values it writes (a quoted query, a link, a
 * file's path, a tool's name) or in its next step after the call leave the call read.
 */
import { describe, expect, it } from "vitest";
import { eachFormat, parisCallFormats } from "./read-both-ways.ts";
import { holdsShowingWord, holdsShowingWordAfter } from "../../../../src/repair/content-calls/showing-words.ts";

const formats = { Hermes: parisCallFormats.Hermes, pythonic: parisCallFormats.pythonic, "bare JSON": parisCallFormats["bare JSON"] };

const shownBefore = [
  "Snippet from our wiki:",
  "The docs list this call under authentication:",
  "Claude replied with:",
  "Then the assistant produced:",
  "Legacy syntax, kept for history:",
  "Don't run the following, it wipes the table:",
  "Nothing below gets executed:",
  "Scheduled for next week:",
  "Run this one yourself when the job is done:",
  "What if it had answered with:",
  "Our logs recorded this at 10:02:",
  "In a previous session I sent:",
  "Dummy values only:",
  "The user wrote this in the ticket:",
  "Pseudocode of the request:",
  "Plantilla de la petición:",
  "Vorlage für den Aufruf:",
  "Шаблон вызова:",
  "请勿直接执行：",
  "このテンプレートを参考にしてください：",
  "예제 요청:",
  "The script prints this:",
  "Output of the migration job:",
  "Gemini devolverá algo como:",
  "Claude 会返回如下内容：",
  "Tal como aparece en la documentación:",
  "Ecco come l'utente l'aveva inviato:",
];

const actsBefore = [
  "I'll check the example config first:",
  "Let me read the docs folder:",
  "Something went wrong, let me retry:",
  "I'll start by reading the schema:",
  "Good, the template exists, so let me fill it:",
  'Searching for "example usage of weather":',
  "Checking https://example.com/docs/page now:",
  "Reading examples/weather.json:",
  "Calling the dummy tool:",
  "我需要调用这个函数来回答用户的问题。",
  "Necesito llamar a la función para responder a esta pregunta.",
];

const shownAfter = [
  "That's the deprecated shape; the server rejects it.",
  "The model returns this as its answer.",
  "This would return the forecast as JSON.",
  "Nothing was sent.",
  "Try it yourself in the playground.",
  "The values above are placeholders.",
  "Excerpt from the docs.",
  "That is the request format.",
  "模型不会执行这个调用。",
  "Je ne vais pas l'exécuter.",
  "I'm showing the deprecated shape here.",
  "This runs tomorrow at 08:00.",
  "Я не буду выполнять этот вызов.",
];

const waitsAfter = [
  "I'll format the answer once this returns.",
  "Awaiting the result.",
  "After that, I'll draft the summary.",
  "The results will come back in the usual format.",
  "Once it is done, I'll compare it with the example you gave.",
  "I'm checking this first so the answer isn't outdated.",
  "While that runs: do you want tomorrow's outlook too?",
];

describe("words that say a call is shown, before it or after it", () => {
  eachFormat(formats, shownBefore, (lead, call) => `${lead}\n${call}`, "stays text");
  eachFormat(formats, shownAfter, (after, call) => `${call}\n\n${after}`, "stays text");
});

describe("the same words where the model acts, in its values, or in its next step", () => {
  eachFormat(formats, actsBefore, (lead, call) => `${lead}\n${call}`, "read");
  eachFormat(formats, waitsAfter, (after, call) => `${call}\n\n${after}`, "read");
});

describe("holdsShowingWord", () => {
  it("judges the last sentence of the line, the one that leads into the call", () => {
    expect(holdsShowingWord("Here is the data. Pseudocode of the request:", false)).toBe(true);
    expect(holdsShowingWord("The pseudocode is long. Checking:", false)).toBe(false);
  });

  it("leaves out a lone sentence the window may have cut, whose opening words it may have lost", () => {
    expect(holdsShowingWord("the pseudocode of the request:", true)).toBe(false);
    expect(holdsShowingWord("begin by reading it. Pseudocode of the request:", true)).toBe(true);
  });

  it("reads a format or the reader's words only in a sentence that introduces the call", () => {
    expect(holdsShowingWord("Use the following format:", false)).toBe(true);
    expect(holdsShowingWord("You can paste this into your terminal:", false)).toBe(true);
    expect(holdsShowingWord("The format is plain JSON.", false)).toBe(false);
    expect(holdsShowingWord("Here is the weather in the right format:", false)).toBe(false);
  });

  it("after the calls, judges the first sentence, said of the call, and not reasoning or markup there", () => {
    expect(holdsShowingWordAfter("I'll wait. That was only an example.")).toBe(false);
    expect(holdsShowingWordAfter("<think>you can use the =~ operator</think>")).toBe(false);
    expect(holdsShowingWordAfter("  That was only a template.")).toBe(true);
    expect(holdsShowingWordAfter("This example file is read next.")).toBe(false);
  });
});

describe("the words as the docs give them", () => {
  it.each([
    ["Run it yourself:", true],
    ["Use the following format:", true],
    ["Format (required):", true],
    ["Expected behavior:", true],
    ["Schema of a call, with dummy values:", true],
    ["The user wrote:", true],
    ["Scheduled for tomorrow:", true],
    ["GPT-4o would respond with something like:", true],
    ["I'm not going to run this; it would delete the data:", true],
    ["Examples.md has the list; reading it now:", false],
    ["Here is the weather in the right format:", false],
    ["Following the call format from the docs:", false],
    ["Ich nutze die Vorlage:", false],
    ["For your example trip, checking the weather first.", false],
    ["The template exists, so let me fill it:", false],
    ['Searching for "example usage":', false],
    ["Reading examples/weather.json:", false],
  ])("before the call: %j → %s", (line, shown) => expect(holdsShowingWord(line, false)).toBe(shown));

  it.each([
    ["The values above are placeholders.", true],
    ["Excerpt from the API reference.", true],
    ["That's the deprecated shape.", true],
    ["The model only returns this.", true],
    ["Nothing was sent.", true],
    ["The log recorded it yesterday; nothing new has been sent.", true],
    ["The assistant will answer once it returns.", false],
    ["After that, I'll draft the summary.", false],
    ["I'll format the answer once this returns.", false],
  ])("after the call: %j → %s", (sentence, shown) => expect(holdsShowingWordAfter(sentence)).toBe(shown));
});
