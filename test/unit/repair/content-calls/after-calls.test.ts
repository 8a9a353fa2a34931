/**
 * What follows calls written as text: another object opened right after them
 * and never closed, the arguments written again with other values, or the
 * model saying, in the past, that it already used the tool. Each makes the
 * calls doubtful; each family also has rows that must still be read.
 */
import { describe, expect, it } from "vitest";
import { closesNothingBefore, opensCallAfter, restatesOtherArguments } from "../../../../src/repair/content-calls/after-calls.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const bare = (city: string) => `{"name": "get_weather", "parameters": {"city": ${JSON.stringify(city)}}}`;
/** Cline's and Roo Code's form: an element named after the tool, one element per argument. */
const element = (city: string) => `<get_weather>\n  <city>${city}</city>\n</get_weather>`;
const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;

function staysText(content: string): void {
  expect(readBothWays(content)).toEqual({ calls: [], text: content });
}

function readsParis(content: string): void {
  expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
}

describe("an object opened right after the calls and never closed: the turn was cut in its next call", () => {
  it.each([
    ["a lone brace after a bare call", `${bare("Paris")}{`],
    ["after `;`", `${bare("Paris")}; {"name": "get_time", "parameters": {"tz": "UT`],
    ["on the next line", `${bare("Paris")}\n{"name": "get_time"`],
    ["a list opened after a tagged call", `${hermes("Paris")}\n[`],
    ["the next call tag opened at the end", `${hermes("Paris")}\n<tool_call>`],
    ["the next call tag cut inside its JSON", `${hermes("Paris")}\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "U`],
    ["Qwen3-Coder's next call cut in its value", '<tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_time>\n<parameter=tz>UT'],
    ["Kimi's next section opened at the end", "<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|><|tool_calls_section_begin|>"],
    ["a payload marker with nothing after it", `${bare("Paris")}\n<|python_tag|>`],
    ["an element call's next call cut inside its name", `${element("Paris")}\n<get_ti`],
    ["an element call's next call cut before a stop token", `${element("Paris")}\n<get_time>\n  <tz>UT<|im_end|>`],
    ["an element call's next call cut in its value", `${element("Paris")}\n<get_time>\n  <tz>UT`],
    ["an element call's next call cut in a closer", `${element("Paris")}\n<get_weather>\n  <city>Rome</city>\n  <days>3</days`],
    ["the next call of an undeclared tool cut", `${element("Paris")}\n<send_email>\n  <to>a@b.c</to>\n  <body>Hi</body`],
    ["an element call cut after a tagged call", `${hermes("Paris")}\n<get_time>\n  <tz>UTC</tz>`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["the next call closed", `${bare("Paris")}; ${'{"name": "get_time", "parameters": {"tz": "UTC"}}'}`],
    ["a brace inside the prose after, closed", `${hermes("Paris")}\nI'll read {the result} next.`],
    ["nothing after", bare("Paris")],
    ["the next call tag closed and read", `${hermes("Paris")}\n${hermes("Rome")}`],
    ["the next element call closed", `${element("Paris")}\n${element("Rome")}`],
    ["an element holding words after the call", `${element("Paris")}\n<small>fetching the forecast`],
    ["a comparison after the call", `${element("Paris")}\n< 3 days of data`],
    ["a stop token after the call", `${element("Paris")}\n<end_of_turn>\n<eos>`],
    ["a result element left empty after the call", `${element("Paris")}\n<tool_response>\n<|im_end|>`],
  ])("still read: %s", (_title, content) => {
    expect(readBothWays(content).calls.length).toBeGreaterThan(0);
  });

  // Named in a sentence, the marker opens no call (the text then talks about markup, which keeps the call text on its own).
  it("not a call opened: a marker named later in the prose", () => {
    expect(opensCallAfter("\nThe [TOOL_CALLS] marker is not needed here.")).toBe(false);
  });

  it("looks only right after the calls, strings skipped", () => {
    expect(opensCallAfter('{"a": "}"')).toBe(true);
    expect(opensCallAfter('{"a": "}"}')).toBe(false);
    expect(opensCallAfter("and then {")).toBe(false);
    expect(opensCallAfter(" ; [1, [2]")).toBe(true);
  });

  it("an element: its name cut, or opened with nothing or markup after it and never closed", () => {
    expect(opensCallAfter("\n<get_ti")).toBe(true);
    expect(opensCallAfter("\n<get_time>\n  <tz>UTC</tz>")).toBe(true);
    expect(opensCallAfter("\n<get_time>\n  <tz>UTC</tz>\n</get_time>")).toBe(false);
    expect(opensCallAfter("\n<b>note")).toBe(false);
    expect(opensCallAfter("\n<3 days")).toBe(false);
    expect(opensCallAfter("\n<eos>")).toBe(false);
    expect(opensCallAfter("\n<end_of_tu")).toBe(false);
    expect(opensCallAfter("\n<start_function_response>")).toBe(false);
    expect(opensCallAfter("\nsee <get_time>")).toBe(false);
  });
});

describe("the arguments written again after the calls, with other values: which ones is a guess", () => {
  it.each([
    ["the args were", `${bare("Paris")} the args were {"city": "Rome"}`],
    ["on a line of its own", `${hermes("Paris")}\nWith arguments:\n{"city": "Rome", "days": 3}`],
    ["a member the call did not have", `${hermes("Paris")}\nParameters used: {"city": "Paris", "days": 2}`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["the same values again", `${hermes("Paris")}\nThat is {"city": "Paris"} as asked.`],
    ["an object of other keys (not the tool's)", `${hermes("Paris")}\nExpecting something like {"temp": 20}.`],
    ["an empty object", `${hermes("Paris")}\nOptions: {}.`],
  ])("still read: %s", (_title, content) => readsParis(content));

  it("compares with the call's own tool only", () => {
    const calls = [{ name: "get_time", arguments: '{"tz": "UTC"}' }];
    expect(restatesOtherArguments('then {"city": "Rome"}', calls, tools)).toBe(false);
    expect(restatesOtherArguments('then {"tz": "CET"}', calls, tools)).toBe(true);
    expect(restatesOtherArguments('then {"tz": "UTC"}', calls, tools)).toBe(false);
  });
});

describe("the model says after the call that it already used the tool: a report, not a call to make", () => {
  it.each([
    ["I used … for this", `${bare("Paris")} I used {searchTool} for this`],
    ["I called it earlier", `${hermes("Paris")}\nI called the weather tool earlier and it said 20°C.`],
    ["we ran", `${hermes("Paris")}\nWe ran that lookup yesterday.`],
    ["I already queried", `${hermes("Paris")}\nI already queried the service.`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["I'll use", `${hermes("Paris")}\nI'll use the result to plan your trip.`],
    ["I'm calling", `${hermes("Paris")}\nI'm calling the weather tool now.`],
    ["calling it for you", `${hermes("Paris")}\nLet me know if anything else is needed.`],
    ["the word used elsewhere", `${hermes("Paris")}\nThe city used is Paris.`],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call tag's closer right before the calls that closes nothing: a piece of a longer text", () => {
  it.each([
    ["a stray closer, then the call", `</tool_call>\n${hermes("Paris")}`],
    ["a section's closer before, its opener after", "</tool_calls:opensource><tool_call:opensource>get_time</tool_call:opensource><tool_calls:opensource>"],
    ["a function closer before a Qwen3-Coder call", "</function>\n<tool_call>\n<function=get_weather>\n<parameter=city>Paris</parameter>\n</function>\n</tool_call>"],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["an empty block before the call (its opener there)", `<tool_call></tool_call>${hermes("Paris")}`],
    ["prose before the call", `Checking.\n${hermes("Paris")}`],
  ])("still read: %s", (_title, content) => readsParis(content));

  it("looks at the last closer before the calls only", () => {
    expect(closesNothingBefore("</tool_call>\n")).toBe(true);
    expect(closesNothingBefore("<tool_call>x</tool_call>")).toBe(false);
    expect(closesNothingBefore("</tool_call> and then some words")).toBe(false);
    expect(closesNothingBefore("")).toBe(false);
  });
});

describe("a measured result stated after the call about its own values: the answer was imagined", () => {
  it.each([
    ["the weather stated", `${hermes("Paris")}\nThe weather in Paris is sunny with 22°C.`],
    ["after a lead-in and a blank line", `Sure! Here's the tool call:\n\n${hermes("Paris")}\n\nParis is currently 18 degrees and cloudy.`],
    ["a percentage, past tense", `${bare("Paris")} Humidity in Paris was 80% this morning.`],
    ["what the tool's name says it fetches", `${hermes("Paris")}\n\nThe weather is sunny.`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["still to come", `${hermes("Paris")}\nI'll report the temperature in Paris in °C.`],
    ["a number without a unit", `${hermes("Paris")}\nParis is one of 2 cities you asked about.`],
    ["a question", `${hermes("Paris")}\nIs Paris above 20°C today?`],
    ["another city's value", `${hermes("Paris")}\nLast week Rome was 30°C.`],
    ["no copula", `${hermes("Paris")}\nChecking Paris for 3 days, in °C.`],
  ])("still read: %s", (_title, content) => readsParis(content));
});
