/**
 * Calls shown in a Markdown code block: a fence that opens the text with prose after it, a fence never closed,
 * an indented code block, a call between single quotes. Each is checked in several call formats, with the
 * neighbours that must still be read (a fence announced by prose, a fence the text ends on, ReAct's fenced action).
 */
import { describe, expect, it } from "vitest";
import { codeAfter, TEXT_START } from "../../../../src/repair/content-calls/code-block.ts";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats = [
  ["Hermes JSON", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'],
  ["Qwen3 XML", "<tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call>"],
  ["invoke", '<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</function_calls>'],
  ["bare JSON", '{"name": "get_weather", "arguments": {"city": "Paris"}}'],
] as const;

/** The tag formats, which models also wrap in an xml fence. */
const TAG_FORMATS = ["Hermes", "invoke", "Qwen3-Coder"];
/** The fences a format's call is shown in here: both kinds, and ~~~xml for a tag format's. */
const fencesFor = (format: string): string[] => ["```", "~~~", ...(TAG_FORMATS.includes(format) ? ["~~~xml"] : [])];

const staysText = (content: string) => expect(readBothWays(content)).toEqual({ calls: [], text: content });
const readsParis = (content: string) => expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);

describe("a call shown in a code block stays text", () => {
  const shown: [string, (call: string) => string][] = [
    ["a ```xml fence opening the text, then prose", (call) => `\`\`\`xml\n${call}\n\`\`\`\nMore explanation.`],
    ["a ```json fence opening the text, then prose", (call) => `\`\`\`json\n${call}\n\`\`\`\nThis fetches the weather for Paris.`],
    ["a bare fence opening the text, then prose", (call) => `\`\`\`\n${call}\n\`\`\`\n\nThat is the format.`],
    ["a ~~~ fence opening the text, then prose", (call) => `~~~xml\n${call}\n~~~\nMore explanation.`],
    ["a fence whose second line is no closer", (call) => `\`\`\`xml\n\`\`\`not-a-closer\n${call}\n\`\`\`\nMore explanation.`],
    ["a fence never closed", (call) => `\`\`\`\n${call}`],
    ["a ~~~ fence never closed", (call) => `~~~\n${call}`],
    ["a fence never closed, after prose", (call) => `Let me check.\n\`\`\`json\n${call}\nmore`],
    ["a call inside a longer fence", (call) => `\`\`\`\`xml\n\`\`\`\n${call}\n\`\`\`\n\`\`\`\`\nMore explanation.`],
    ["a call between single quotes", (call) => `'${call}'`],
    ["a fence never closed, a stop token after the call", (call) => `\`\`\`json\n${call}\n<|im_end|>`],
    ["a fence closed with a stop token glued, then prose", (call) => `\`\`\`json\n${call}\n\`\`\`<|im_end|>\nThat is the format.`],
    ["a closer with words after it, not a stop token", (call) => `\`\`\`json\n${call}\n\`\`\`end`],
    // Reasoning before the answer is no text the answer opened with: the fence still opens the answer.
    ["reasoning, then a fence opening the answer, then prose", (call) => `<think>\nI will look it up.\n</think>\n\n\`\`\`xml\n${call}\n\`\`\`\nMore explanation.`],
    ["a reasoning close alone, then a fence opening the answer, then prose", (call) => `I will look it up.\n</think>\n\`\`\`\n${call}\n\`\`\`\nThat is the format.`],
  ];
  for (const [format, call] of formats) {
    it.each(shown)(`${format}: %s`, (_title, write) => staysText(write(call)));
  }

  // A call after the block, outside any fence, is text after it as prose is: the block is shown, and which call the
  // model meant is a guess (the later one may be the call the block showed, or another).
  it.each(Object.entries(parisCallFormats).filter(([format]) => !["JSON fence", "ReAct"].includes(format)))("%s: a block opening the text, then a call outside any fence", (format, call) => {
    const rome = call.replace("Paris", "Rome");
    for (const open of [...fencesFor(format), ...(TAG_FORMATS.includes(format) ? ["```xml"] : [])]) {
      const close = open.slice(0, 3);
      staysText(`${open}\n${rome}\n${close}\n${call}`);
      staysText(`${open}\n${rome}\n${close}\n\n${call}`);
      staysText(`${open}\n${call}\n${close}\n\n${call}`);
      staysText(`${open}\n${rome}\n${close}\n${open}\n${call}\n${close}\n${call}`);
    }
  });

  it.each(formats.filter(([format]) => format !== "bare JSON"))("%s indented as a code block stays text", (_format, call) => {
    staysText(`    ${call.replace(/\n/g, "\n    ")}\n`);
    staysText(`Here:\n\n    ${call.replace(/\n/g, "\n    ")}\n`);
    staysText(`\t${call.replace(/\n/g, "\n\t")}\n`);
  });
});

describe("calls near code blocks are still read", () => {
  const made: [string, (call: string) => string][] = [
    ["a fence alone", (call) => `\`\`\`json\n${call}\n\`\`\``],
    ["a fence the text ends on, after prose", (call) => `Let me check.\n\`\`\`xml\n${call}\n\`\`\``],
    ["a fence announced, then a sign-off", (call) => `Calling it now:\n\`\`\`json\n${call}\n\`\`\`\nOne moment.`],
    ["a fence then end-of-turn tokens", (call) => `\`\`\`json\n${call}\n\`\`\`\n<|im_end|>`],
    ["a closed code block before the call", (call) => `\`\`\`python\nprint("hi")\n\`\`\`\n${call}`],
    ["a line indented four spaces holding ``` before the call (an indented block, no fence)", (call) => `Done.\n\n    \`\`\`\n${call}`],
    ["a call indented under a list item", (call) => `1. Check the weather:\n\n    ${call.replace(/\n/g, "\n    ")}`],
    ["a call indented two spaces", (call) => `  ${call}`],
    ["an unmatched backtick paragraphs before", (call) => `\` unmatched\n\nRun:\n${call}`],
    // A server that does not skip special tokens prints the stop token right after the closer (a Qwen model through mlx_lm.server).
    ["a fence whose closer a stop token follows on its line", (call) => `\`\`\`json\n${call}\n\`\`\`<|im_end|>`],
    ["a fence whose closer stop tokens follow, after prose", (call) => `Let me check.\n\`\`\`xml\n${call}\n\`\`\`</s>`],
    ["a ~~~ fence whose closer a stop token follows", (call) => `~~~\n${call}\n~~~<|eot_id|>\n`],
    ["reasoning, then prose announcing a fence, then a sign-off", (call) => `<think>\nThe user wants the weather.\n</think>\nCalling it now:\n\`\`\`json\n${call}\n\`\`\`\nOne moment.`],
  ];
  for (const [format, call] of formats) {
    it.each(made)(`${format}: %s`, (_title, write) => readsParis(write(call)));
  }

  it("two fenced calls in a row", () => {
    const call = (city: string) => `\`\`\`json\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n\`\`\``;
    expect(readBothWays(`${call("Paris")}\n${call("Rome")}`).calls).toEqual([
      ["get_weather", { city: "Paris" }],
      ["get_weather", { city: "Rome" }],
    ]);
  });

  it.each(Object.entries(parisCallFormats).filter(([format]) => !["JSON fence", "ReAct", "bare JSON"].includes(format)))("%s: each call in a fence of its own", (format, call) => {
    const rome = call.replace("Paris", "Rome");
    for (const open of fencesFor(format)) {
      const close = open.slice(0, 3);
      expect(readBothWays(`${open}\n${call}\n${close}\n${open}\n${rome}\n${close}`).calls).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "Rome" }],
      ]);
    }
  });

  it.each(Object.entries(parisCallFormats).filter(([format]) => TAG_FORMATS.includes(format) || format === "bare JSON"))("%s in a ~~~xml fence, alone or after prose", (_format, call) => {
    readsParis(`~~~xml\n${call}\n~~~`);
    readsParis(`Checking now.\n~~~xml\n${call}\n~~~`);
  });

  it("ReAct's fenced action whose closer a stop word cut", () => {
    const tools = [{ name: "get_weather", parameters: { type: "object", properties: { location: { type: "string" } }, required: ["location"] } }];
    const text = 'Thought: I need the weather.\nAction:\n```\n{\n  "action": "get_weather",\n  "action_input": {"location": "London"}\n}\n\n\n';
    expect(readBothWays(text, tools).calls).toEqual([["get_weather", { location: "London" }]]);
  });

  it("bare JSON objects indented as a list's items (brackets left out)", () => {
    const weather = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    expect(readBothWays(`\n    ${weather},\n    ${weather.replace("Paris", "Rome")}\n`).calls).toEqual([
      ["get_weather", { city: "Paris" }],
      ["get_weather", { city: "Rome" }],
    ]);
  });
});

describe("a fence opening the text, then prose in which the model waits on the call", () => {
  const waits = [
    "I'll wait for the result.",
    "Once I have the result I'll summarize it.",
    "I'll report back as soon as it finishes.",
    "Waiting for the response...",
    "⏳ One moment.",
    "*Waiting for the tool output.*",
    "Then I'll give you the answer.",
    "J'attends le résultat.",
    "Sobald ich die Daten habe, fasse ich sie zusammen.",
    "En cuanto tenga la respuesta, te la resumo.",
    "Assim que tiver a resposta, eu resumo para você.",
    "Как только получу ответ, подведу итог.",
    "拿到结果后我会为你总结。",
    "結果が出たらまとめてお伝えします。",
    "This should only take a moment. I'll continue once this comes back.",
    "I'll let you know what I find.",
    "Je vous tiens au courant.",
    "Ich melde mich gleich mit dem Ergebnis.",
    "Вернусь с результатом.",
    "After getting the weather, I'll suggest what to wear.",
    "This may take a few seconds.",
    "Je reviens avec les résultats.",
    "Dann fasse ich es zusammen.",
    "Luego te lo resumo.",
  ];
  for (const [format, call] of formats) {
    it.each(waits)(`${format}: %s`, (trailer) => {
      readsParis(`\`\`\`json\n${call}\n\`\`\`\n\n${trailer}`);
      readsParis(`\`\`\`\n${call}\n\`\`\`\n${trailer}<|im_end|>`);
    });
  }

  // DeepSeek-Coder's fence on one line, `\`\`\`json {…} \`\`\``, then the waiting on the next line.
  it.each(waits)("a fence on one line, then on the next: %s", (trailer) => {
    readsParis(`\`\`\`json {"name": "get_weather", "arguments": {"city": "Paris"}} \`\`\`\n${trailer}`);
  });
  it.each(["When run, this returns the weather for Paris.", "Let me know if you have any questions."])("a fence on one line, then %s stays text", (trailer) => {
    staysText(`\`\`\`json {"name": "get_weather", "arguments": {"city": "Paris"}} \`\`\`\n${trailer}`);
  });
  // On the fence's own line, words after the closer make no fence of it.
  it("a fence on one line with the waiting on its line stays text", () => {
    staysText(`\`\`\`json {"name": "get_weather", "arguments": {"city": "Paris"}} \`\`\` I'll wait for the result.`);
  });

  // Prose that explains the block, suggests it to the reader, states a result, asks or closes the conversation: the block is shown.
  const shown = [
    "When run, this returns the weather for Paris.",
    "Once you run it, the result appears below.",
    "The result is 22 degrees.",
    "Wait, that is the wrong city.",
    "Should I wait for the result?",
    "I'll wait for the result. This fetches the weather for Paris.",
    "I won't wait for the result.",
    "Let me know if you have any questions.",
    "That is the format; the response: sunny.",
    "This will update you on the weather.",
    "It lets you know the forecast.",
    "After getting the weather, use the umbrella tool.",
    "Then the result is shown.",
    "When I have time, I'll explain it.",
    "Run it and wait for the result.",
    "Please paste it, then wait a moment.",
  ];
  for (const [format, call] of formats) {
    it.each(shown)(`${format}: %s stays text`, (trailer) => staysText(`\`\`\`json\n${call}\n\`\`\`\n\n${trailer}`));
  }
});

describe("codeAfter", () => {
  it("follows fences, however the text was cut", () => {
    const text = "Intro\n```json\n{}\n```\nafter\n~~~\ncode\n";
    const whole = codeAfter(TEXT_START, text);
    let cut = TEXT_START;
    for (const char of text) cut = codeAfter(cut, char);
    expect(cut).toEqual(whole);
    expect(whole.fence).toEqual({ char: "~", length: 3, callSyntax: false, foreign: false, action: false, afterText: true });
  });

  it("tells a call's fence from another language's by its info string", () => {
    expect(codeAfter(TEXT_START, "```python\n").fence?.foreign).toBe(true);
    expect(codeAfter(TEXT_START, "~~~ts title=a.ts\n").fence?.foreign).toBe(true);
    for (const info of ["", "json", "JSON", "tool_call", "tool_code", "tool"]) expect(codeAfter(TEXT_START, `\`\`\`${info}\n`).fence?.foreign).toBe(false);
  });

  it("a closer must match the opener's character and be as long", () => {
    expect(codeAfter(TEXT_START, "````\n```\n").fence?.length).toBe(4);
    expect(codeAfter(TEXT_START, "~~~\n```\n").fence?.char).toBe("~");
    expect(codeAfter(TEXT_START, "```\n~~~\n```\n").fence).toBeUndefined();
  });

  it("a backtick fence's info string holds no backtick, and a line indented four spaces opens none", () => {
    expect(codeAfter(TEXT_START, "```a`b\n").fence).toBeUndefined();
    expect(codeAfter(TEXT_START, "    ```\n").fence).toBeUndefined();
    expect(codeAfter(TEXT_START, "Sure! ```json\n").fence).toBeUndefined();
  });
});
