/**
 * Calls written as text, by why they were or were not made (see not-made-families.ts): every family in
 * every call format, with the made counterparts that must still be read. Only the `tune` part of the
 * generated texts is asserted here; the `held` part is kept to measure how far these rules carry.
 * Then the signals themselves, each with neighbours on both sides.
 */
import { describe, expect, it } from "vitest";
import { asksLeaveAfter, closesConversationAfter, statesResultAfter } from "../../../../src/repair/content-calls/after-calls.ts";
import { familyTexts } from "./not-made-families.ts";
import { readBothWays } from "./read-both-ways.ts";

/**
 * Texts the engine does not get right yet, left out with the reason: a call in Harmony's analysis channel
 * written in another format is read; a fence that opens the text, with prose after it, is a code block and its
 * explanation even when the prose waits for the call.
 */
const GAPS = [/^<\|channel\|>analysis<\|message\|>/, /^```json\n[^`]*\n```\n\S/];

const rows = familyTexts().filter((row) => row.part === "tune" && !GAPS.some((gap) => gap.test(row.text)));

describe("families of calls made and not made", () => {
  it("has rows of every family", () => {
    expect(new Set(rows.map((row) => row.family)).size).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeGreaterThan(500);
  });

  it.each(rows.filter((row) => row.made).map((row) => [row.family, row.text, row.call] as const))("%s: read %j", (_family, text, call) => {
    expect(readBothWays(text).calls).toEqual([call]);
  });

  it.each(rows.filter((row) => !row.made).map((row) => [row.family, row.text] as const))("%s: stays text %j", (_family, text) => {
    expect(readBothWays(text)).toEqual({ calls: [], text });
  });
});

const paris = [{ arguments: '{"city": "Paris"}' }];

describe("a result stated after the call about its values", () => {
  it.each([
    "The weather in Paris is sunny and mild today.",
    "It is currently cloudy in Paris.",
    "Paris: clear skies, light wind.",
    "Great, it worked! Paris looks sunny.",
    "The tool says it's raining in Paris.",
    "As expected, Paris is rainy this week.",
    "Paris was 22°C at noon.",
  ])("%s: stated", (after) => expect(statesResultAfter(`\n${after}`, paris)).toBe(true));

  it.each([
    "It is sunny.",
    "I'll report Paris's weather once it returns.",
    "Is Paris the city you meant?",
    "I am checking Paris, which is a big city.",
    "Paris is where you live, so I will report back.",
    "Let me know what Paris looks like after.",
    "Done.",
    'That is {"city": "Paris"} as asked.',
    "The city used is Paris.",
    "Paris is one of 2 cities you asked about.",
  ])("%s: not stated", (after) => expect(statesResultAfter(`\n${after}`, paris)).toBe(false));

  const nested = [{ arguments: '{"query": {"terms": ["python", "asyncio"]}, "limit": 5}' }];
  it.each([
    ["a value in a list", "The top result for asyncio is 87% relevant."],
    ["a value in a nested object", "python is the language with 3 matches."],
  ])("%s: stated", (_where, after) => expect(statesResultAfter(`\n${after}`, nested)).toBe(true));
  const weather = [{ name: "get_current_weather", arguments: '{"city": "Seoul"}' }];
  it.each(["The weather is sunny.", "The weather in the city looks grim today.", "Its weather was mild."])("%s after get_current_weather: stated", (after) =>
    expect(statesResultAfter(`\n${after}`, weather)).toBe(true),
  );
  it.each(["The weather will be in Celsius.", "The weather data is read next.", "The current time is noon."])("%s after get_current_weather: not stated", (after) =>
    expect(statesResultAfter(`\n${after}`, weather)).toBe(false),
  );
  it("takes the topic from a fetching description too, whatever the tool's name", () => {
    const tools = [{ name: "ledger_x", description: "Get the current weather for a city.", parameters: {} }];
    expect(statesResultAfter("\nThe weather is sunny.", [{ name: "ledger_x", arguments: '{"city": "Seoul"}' }], tools)).toBe(true);
    expect(statesResultAfter("\nThe weather is sunny.", [{ name: "ledger_x", arguments: '{"city": "Seoul"}' }])).toBe(false);
  });
  it("takes no topic from a tool that writes: its sentence may tell the input", () =>
    expect(statesResultAfter("\nThe file is a short greeting.", [{ name: "write_file", arguments: '{"path": "a.txt"}' }])).toBe(false),
  );
  it("holds no value of a list for a result when no sentence speaks of it", () => expect(statesResultAfter("\nResults will follow once it returns.", nested)).toBe(false));
});

describe("leave asked for the call after it", () => {
  it.each([
    "Want me to send it?",
    "Is it OK if I run this?",
    "Should we go ahead?",
    "Shall I make this call for you?",
    "Confirm and I'll make the call.",
    "Reply yes and then I will run it.",
    "Please approve, and I can proceed.",
  ])("%s: asked", (after) => expect(asksLeaveAfter(`\n${after}`)).toBe(true));

  it.each([
    "Would you like to know more?",
    "What city are you in?",
    "I'll run it now.",
    "Please let me know when you're ready for more information.",
    "Confirm the city when you reply.",
    "Once I have it, do you want the forecast too?",
  ])("%s: not asked", (after) => expect(asksLeaveAfter(`\n${after}`)).toBe(false));
});

describe("a closing remark to the reader after the call", () => {
  it.each([
    "Hope this helps!",
    "I hope that is useful.",
    "Let me know if you have any other questions.",
    "Feel free to ask if you need anything else.",
    "Happy to help further!",
    "Good luck!",
    "Have a great day!",
    "Enjoy your trip!",
    "Cheers!",
    "Anything else I can help with?",
    "Is there anything else you need?",
  ])("%s: closes", (after) => expect(closesConversationAfter(`\n${after}`)).toBe(true));

  it.each(["Thank you!", "Would you like to know more?", "I'll report back once it returns.", "Done!", "Let me know the city if it is wrong.", "Goodness, that is a lot of cities."])(
    "%s: does not close",
    (after) => expect(closesConversationAfter(`\n${after}`)).toBe(false),
  );
});

const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';

describe("calls set in markup", () => {
  it.each([
    ["bold", `**${call}**`],
    ["italics", `_${call}_`],
    ["bold after prose", `The call is **${call}**`],
    ["an HTML <strong>", `<strong>${call}</strong>`],
    ["an HTML <blockquote> on its own line", `<blockquote>\n${call}\n</blockquote>`],
    ["an HTML <li>", `<ul><li>${call}</li></ul>`],
    ["a call opened on a quoted line", `> <tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>`],
    ["a fence opened on a quoted line", '> ```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```'],
  ])("%s stays text", (_title, text) => expect(readBothWays(text)).toEqual({ calls: [], text }));

  it.each([
    ["a list's bullet", `* ${call}`],
    ["bold label then a space", `**Call:** ${call}`],
    ["a word ending in _ (no emphasis)", `snake_${call}`],
    ["an HTML paragraph closed before", `<p>Checking.</p>\n${call}`],
    ["a blockquote, a blank line, then the call", `> What's the weather?\n\n${call}`],
    ["a quoted sentence, then the call on the next line", `> What's the weather?\n${call}`],
  ])("%s: read", (_title, text) => expect(readBothWays(text).calls).toEqual([["get_weather", { city: "Paris" }]]));
});

describe("reasoning wrappers by their name", () => {
  it.each([
    ["<analysis>", `<analysis>Maybe\n${call}\nno.</analysis>\nWhich city?`],
    ["<thoughts>", `<thoughts>\n${call}\n</thoughts>\nI'd need the city.`],
    ["<internal_monologue>", `<internal_monologue>${call} hmm</internal_monologue>\nTell me more.`],
    ["<private_reasoning>", `<private_reasoning>\n${call}\nnot now\n</private_reasoning>\nOK.`],
    ["<deliberation>", `<deliberation>\n${call}\n</deliberation>\nNo call needed.`],
    ["Kimi's ◁think▷", `◁think▷I could do\n${call}\nthen answer.◁/think▷I can look it up if you like.`],
  ])("a call inside %s, with an answer after, stays text", (_title, text) => expect(readBothWays(text)).toEqual({ calls: [], text }));

  it.each([
    ["<analysis> closed before", `<analysis>The user wants Paris.</analysis>\n${call}`],
    ["◁think▷ closed before", `◁think▷The user wants Paris.◁/think▷${call}`],
    ["the call ◁think▷ ends on", `◁think▷I need the weather.\n${call}◁/think▷`],
    ["the call <analysis> ends on", `<analysis>I need the weather.\n${call}\n</analysis>`],
  ])("%s: read", (_title, text) => expect(readBothWays(text).calls).toEqual([["get_weather", { city: "Paris" }]]));
});

describe("a text that talks about call markup", () => {
  const json = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
  it.each([
    ["a marker named before a bare JSON call", `Here's some text with [TOOL_CALLS] that shouldn't trigger.\n${json}\nAnd more.`],
    ["markers named, then the JSON", `Some text with <tool_call> tags and [TOOL_CALLS] markers.\nBut here's the actual JSON: ${json}`],
    ["a marker named after the call", `${json}\nAnd some more text with <tool_call> tags.`],
    ["a pythonic call, <|python_tag|> talked about", `The <|python_tag|> token starts Llama's calls.\n[get_weather(city="Paris")]`],
  ])("%s stays text", (_title, text) => expect(readBothWays(text)).toEqual({ calls: [], text }));

  it.each([
    ["the call's own marker announced", `I'll use a <tool_call> block for this:\n${call}`],
    ["a marker named in reasoning closed before", `<think>Use <tool_call> to invoke tools.</think>${call}`],
    ["Mistral's marker then the tool's name", `Let me check. [TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`],
    ["a marker opening its call after prose", `Checking now. <tool_call>${json}</tool_call>`],
  ])("%s: read", (_title, text) => expect(readBothWays(text).calls).toEqual([["get_weather", { city: "Paris" }]]));
});

describe("results presented right after the call", () => {
  it.each([`${call} Here are the results.`, `${call}\nHere's the forecast:`, `${call}\nHere are your results!`])("%j stays text", (text) =>
    expect(readBothWays(text)).toEqual({ calls: [], text }),
  );
  it.each([`${call}\nHere are the results once it returns.`, `${call}\nI'll tell you what it says.`])("%j: read", (text) =>
    expect(readBothWays(text).calls).toEqual([["get_weather", { city: "Paris" }]]),
  );
});

describe("FunctionGemma's response token after the call", () => {
  const gemma = "<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>";
  it("alone at the end, where the model stopped for the result: read", () => {
    expect(readBothWays(`${gemma}<start_function_response>`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
  it("with a result the model wrote after it: text", () => {
    const text = `${gemma}<start_function_response>response:get_weather{temp:20}<end_function_response>`;
    expect(readBothWays(text)).toEqual({ calls: [], text });
  });
});
