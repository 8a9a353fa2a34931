/**
 * Call-shaped text the model shows rather than makes: a call it reports having made (with the result it
 * wrote itself), a format the reader is told to follow, JSON handed back because the user asked for it,
 * a snippet to edit, an attempt reported as failed, a question about the snippet. Each family runs in
 * several call formats, with neighbours that must still be read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const json = `{"name": "get_weather", "arguments": {"city": "Paris"}}`;
const fenced = "```json\n" + json + "\n```";
const hermes = `<tool_call>${json}</tool_call>`;
const pythonic = `[get_weather(city="Paris")]`;
const formats = [
  ["bare JSON", json],
  ["fenced JSON", fenced],
  ["Hermes", hermes],
  ["pythonic", pythonic],
] as const;

const staysText = (content: string) => {
  expect(readBothWays(content)).toEqual({ calls: [], text: content });
};
const isRead = (content: string) => {
  expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
};

describe.each(formats)("%s", (_, call) => {
  it.each([
    // Reported as made, with or without the result the model wrote itself.
    `I called the tool:\n${call}\nand it returned 22°C.`,
    `I called get_weather:\n${call}`,
    `We called it like this:\n${call}`,
    `${call}\nand it returned 22°C.`,
    `${call}\nIt returned 22°C and sunny.`,
    `${call}\nwhich came back with 22°C.`,
    // A format the reader is told to follow.
    `Remember to use this format:\n${call}`,
    `Use this format:\n${call}`,
    `Always use the following format:\n${call}`,
    `Please follow this structure:\n${call}`,
    `Response format:\n${call}`,
    `**Output format:**\n${call}`,
    `Expected response format:\n${call}`,
    `### Tool call format\n${call}`,
    // Handed back because the user asked for the text.
    `Here is the JSON you asked for:\n${call}`,
    `Here's the call you requested:\n${call}`,
    `This is what you asked me for:\n${call}`,
    // A snippet to edit.
    `The tool takes this:\n${call}\nReplace the city as needed.`,
    `The tool takes this:\n${call}\nSubstitute the city to match your location.`,
  ])("stays text: %j", staysText);

  it.each([
    `I'll call the tool:\n${call}`,
    `Calling the tool:\n${call}`,
    `Here is the tool call:\n${call}`,
    `Sure! Here's the call:\n${call}`,
    `I called the wrong tool before, so now:\n${call}`,
    `I called get_time earlier; now I'll get the weather:\n${call}`,
    `I'll respond in this format:\n${call}`,
    `I need the forecast. Using the required format:\n${call}`,
    `As you asked, checking Paris:\n${call}`,
    `The user asked for the weather in Paris.\n${call}`,
    `Checking Paris.\n${call}\nI'll summarize the forecast once it comes back.`,
    `I tried this earlier and it failed, so retrying with the city spelled out:\n${call}`,
    `That didn't work, let me try again:\n${call}`,
    `The first attempt failed. Retrying:\n${call}`,
    `Does the user want Celsius? I'll assume so.\n${call}`,
    `What's the weather in Paris? Let me check.\n${call}`,
    `Why not check the forecast first?\n${call}`,
    `The weather tool needs a city, so checking Paris:\n${call}`,
    `Let me check the tool definition first. Calling it now:\n${call}`,
  ])("is read: %j", isRead);
});
