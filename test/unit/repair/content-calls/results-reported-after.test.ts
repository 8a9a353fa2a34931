/**
 * A call followed by text that reports its result as had, which the model can only have imagined: the turn's
 * calls run once it ends. A terse past-tense report, its subject left out or not (`Found results.`, `Fetched
 * the page.`, `I found 3 files.`), a sentence reporting what was found (`3 results
 * found.`, `找到了3个结果。`, `Encontré 3 resultados.`; a bare `Done.` says no result and stays neutral), and, in Harmony, the final channel or the tool's own message right after
 * `<|call|>` (the turn after a call is the tool's). Each keeps the call text; words about a result still to come,
 * or the same verbs before the call, leave it a call.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const calls = [
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
  '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]',
  '<|python_tag|>get_weather(city="Paris")<|eom_id|>',
  "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
];

describe("a result reported in the past after the call", () => {
  it.each<[string]>([
    ["Found results."],
    ["Found 3 matching cities."],
    ["found it: 22°C and sunny."],
    ["I found the forecast for Paris."],
    ["We located the station."],
    ["Fetched the page."],
    ["Retrieved the latest data."],
    ["Done. Found what you need."],
    ["3 results found."],
    ["No results found."],
    ["Got the results: 22°C."],
    ["找到了3个结果。"],
    ["Encontré 3 resultados."],
    ["J'ai trouvé la météo."],
    ["Ich habe das Wetter gefunden."],
  ])("keeps the call text with %j after it", (after) => {
    for (const call of calls) expect(readBothWays(`${call}\n${after}`).calls).toEqual([]);
  });

  it.each<[string]>([
    ["I will tell you what I found."],
    ["Once it returns, I'll share what was found."],
    ["I found out the city needs its country, so I left it plain."],
    ["I found that the tool takes a city."],
    ["I will report back shortly."],
    ["Done."],
    ["done"],
    ["Done? Let me know."],
    ["When the search is complete, I'll summarise it."],
    ["Once done, I will share the forecast."],
    ["我来查一下。"],
    ["Running the search now."],
  ])("reads the call with %j after it", (after) => {
    for (const call of calls) expect(readBothWays(`${call}\n${after}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });

  it("reads the call after the same words before it", () => {
    for (const call of calls) expect(readBothWays(`Found the right tool.\n${call}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});

describe("Harmony: what follows <|call|>", () => {
  const harmony = '<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>';

  it.each<[string, string]>([
    ["the final channel", "<|channel|>final<|message|>It is sunny in Paris.<|return|>"],
    ["the final channel on lines of its own", "\n<|channel|>final\n<|message|>Found results.\n<|return|>"],
    ["the assistant's final message", "<|start|>assistant<|channel|>final<|message|>It is 22°C.<|return|>"],
    ["an empty final message", "<|start|>assistant<|channel|>final<|message|><|return|>"],
    ["the tool's message written by the model", '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp": 22}<|end|>'],
  ])("%s stays text", (_title, after) => {
    const text = harmony + after;
    expect(readBothWays(text).calls).toEqual([]);
  });

  it.each<[string, string]>([
    ["nothing", ""],
    ["an end token", "<|return|>"],
  ])("%s after the call: read", (_title, after) => {
    expect(readBothWays(harmony + after).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});
