/**
 * Calls the text shows rather than makes, by where they sit or what is
 * around them: inside an element named for an example, the subject of a
 * sentence going on after them or pointed at by an arrow, after the model
 * says it cannot make calls, followed by the user's next turn of a chat
 * template, or pointed back at as a format. Each family also has rows that
 * must still be read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;
const pythonic = (city: string) => `[get_weather(city=${JSON.stringify(city)})]`;

function staysText(content: string): void {
  expect(readBothWays(content)).toEqual({ calls: [], text: content });
}

function readsParis(content: string): void {
  expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
}

describe("a call inside an element named for an example stays text", () => {
  it.each([
    ["<example>", `<example>\n${hermes("Paris")}\n</example>`],
    ["<examples>, a question after", `<examples>${hermes("Paris")}</examples>\nWhich city do you want?`],
    ["<sample_output>", `<sample_output>\n${pythonic("Paris")}\n</sample_output>`],
    ["<expected_response> with an attribute", `<expected_response id="1">\n${hermes("Paris")}\n</expected_response>`],
    ["a demo element left open", `<demo>\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["an example element closed before the call", `<example>ask for a city</example>\nNow the call:\n${hermes("Paris")}`],
    ["a tag not named for an example", `<answer>\n${hermes("Paris")}\n</answer>`],
    ["the word example in prose before", `For your example trip, checking the weather first.\n${hermes("Paris")}`],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call that a sentence goes on from, or an arrow points at, stays text", () => {
  it.each([
    ["… is what a model prints", `${hermes("Paris")} is what a Hermes model prints.`],
    ["… was the old output", `${pythonic("Paris")} was the old output of this prompt.`],
    ["… shows the format", `${hermes("Paris")} shows the format.`],
    ["an arrow back", `${pythonic("Paris")} <- this is the Llama 4 pythonic format`],
    ["a unicode arrow back", `${hermes("Paris")} ← the call as written`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["a new sentence after", `${hermes("Paris")}\nChecking now.`],
    ["a capitalised word after", `${hermes("Paris")} Is it raining? Checking.`],
    ["a dash, not an arrow", `${pythonic("Paris")} - checking now`],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call after the model says it cannot make calls stays text", () => {
  it.each([
    ["I cannot call tools", `I cannot call tools in this mode. ${hermes("Paris")}`],
    ["I don't have the ability to execute functions", `I don't have the ability to execute functions here.\n${pythonic("Paris")}`],
    ["I'm unable to make tool calls", `I'm unable to make tool calls right now. Still:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["I can't find the city myself", `I can't find that city's weather myself, so:\n${hermes("Paris")}`],
    ["I cannot guess", `I cannot guess the weather. Let me check.\n${hermes("Paris")}`],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call followed by the user's next turn, or pointed back at as a format, stays text", () => {
  it.each([
    ["ChatML user turn", `<|im_start|>assistant\n${hermes("Paris")}<|im_end|>\n<|im_start|>user\nthanks<|im_end|>`],
    ["Llama 3 user header", `${hermes("Paris")}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nthanks`],
    ["Gemma user turn", `${pythonic("Paris")}<end_of_turn>\n<start_of_turn>user\nthanks`],
    ["Mistral [INST]", `${hermes("Paris")}</s>[INST] thanks [/INST]`],
    ["Above is the format", `${hermes("Paris")}\nAbove is the JSON format expected.`],
    ["The above shows", `${hermes("Paris")}\n\nThe above shows how a call is written.`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["an end-of-turn token only", `${hermes("Paris")}<|im_end|>`],
    // A user's turn opened with nothing in it is where the model stopped (GLM's `<|user|>` is a stop token).
    ["GLM's stop tokens after the call", `${hermes("Paris")}<|observation|>\n<|user|>`],
    ["an empty ChatML user turn", `${hermes("Paris")}<|im_end|>\n<|im_start|>user\n`],
    ["the word user in prose", `${hermes("Paris")}\nI'll tell the user once it's back.`],
    ["above in another sense", `${hermes("Paris")}\nTemperatures above 30 are common there.`],
  ])("still read: %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});

describe("a call escaped, in a heading, a link's target, a here-document or an indented block stays text", () => {
  it.each([
    ["a backslash before the tag", `\\${hermes("Paris")} literal marker.`],
    ["a backslash before a pythonic list", `\\${pythonic("Paris")}`],
    ["a heading", `## ${hermes("Paris")}`],
    ["a link's target", `[see](${pythonic("Paris")})`],
    ["a here-document", `cat <<'EOF' > call.txt\n${hermes("Paris")}\nEOF`],
    ["a pythonic list in an indented block", `    ${pythonic("Paris")}\n`],
    ["Mistral's marker in an indented block", '\t[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]\n'],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["a backslash ending the line before", `Path: C:\\temp\\\n${hermes("Paris")}`],
    ["two backslashes (an escaped backslash)", `\\\\${hermes("Paris")}`],
    ["a heading on the line before", `## Checking\n${hermes("Paris")}`],
    ["a link before the call", `See [docs](https://example.com).\n${pythonic("Paris")}`],
    ["a here-document closed before", `cat <<EOF\nhello\nEOF\nNow:\n${hermes("Paris")}`],
    ["a JSON list of calls indented", '    [{"name": "get_weather", "arguments": {"city": "Paris"}}]'],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call under a label naming a piece of a document, or presented as one, stays text", () => {
  it.each([
    ["Captured output:", `Captured output:\n${hermes("Paris")}`],
    ["The old (broken) output:", `The old (broken) output:\n${pythonic("Paris")}`],
    ["Reference call:", `Reference call:\n${hermes("Paris")}`],
    ["The API convention:", `The API convention:\n${pythonic("Paris")}`],
    ["User's message:", `User's message:\n${hermes("Paris")}`],
    ["Last turn:", `Last turn:\n${hermes("Paris")}`],
    ["Proposal:", `**Proposal:**\n${hermes("Paris")}`],
    ["Case 1:", `Case 1:\n${pythonic("Paris")}`],
    ["Below is an illustration:", `Below is an illustration:\n${hermes("Paris")}`],
    ["To illustrate:", `To illustrate:\n${pythonic("Paris")}`],
    ["One option is:", `One option is:\n${hermes("Paris")}`],
    ["Consider this call:", `Consider this call:\n${hermes("Paris")}`],
    ["The log shows:", `The log shows:\n${hermes("Paris")}`],
    ["Per the spec:", `Per the spec:\n${pythonic("Paris")}`],
    ["Here is my earlier call:", `Here is my earlier call:\n${hermes("Paris")}`],
    ["This is wrong:", `This is wrong:\n${hermes("Paris")}`],
    ["a ❌ line", `❌ Don't\n${hermes("Paris")}`],
    ["I was going to call", `I was going to call ${pythonic("Paris")}`],
    ["The correct output should be:", `The correct output should be:\n${hermes("Paris")}`],
    ["If you need the weather, respond:", `If you need the weather, respond:\n${hermes("Paris")}`],
    ["You sent me:", `You sent me:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["ReAct's Action Input", 'Action: get_weather\nAction Input: {"city": "Paris"}'],
    ["The fix:", `The fix:\n${hermes("Paris")}`],
    ["Second attempt:", `That failed. Second attempt:\n${hermes("Paris")}`],
    ["Tool call:", `Tool call:\n${hermes("Paris")}`],
    ["Checking the weather:", `Checking the weather:\n${pythonic("Paris")}`],
    ["an output word in an announcement", `I'll get the output for you now:\n${hermes("Paris")}`],
  ])("still read: %s", (_title, content) => readsParis(content));
});

describe("a call the text after it says was not run, was an earlier try, is wrong or is handed over stays text", () => {
  it.each([
    ["not executed", `${hermes("Paris")}\nNote: this was not executed.`],
    ["I did not run it", `${pythonic("Paris")}\nI did not run it.`],
    ["Nothing was called", `${hermes("Paris")}\nNothing was called.`],
    ["I won't run this until you confirm", `${hermes("Paris")}\nI won't run this until you confirm.`],
    ["Waiting for approval", `${hermes("Paris")}\nWaiting for approval.`],
    ["my previous attempt", `${hermes("Paris")}\nThis was my previous attempt.`],
    ["that one failed", `${pythonic("Paris")}\nThat one failed with a 500 error.`],
    ["I already did this", `${hermes("Paris")}\nI already did this earlier.`],
    ["the call above is invalid", `${hermes("Paris")}\nThe call above is invalid because the city is missing a country.`],
    ["what the call does", `${hermes("Paris")}\nThat call fetches the weather for Paris.`],
    ["this shows", `${hermes("Paris")}\nThis shows what the parser receives.`],
    ["copy the block", `${hermes("Paris")}\nCopy the block above.`],
    ["paste this", `${pythonic("Paris")}\nYou can paste this into your terminal.`],
  ])("%s", (_title, content) => staysText(content));

  it.each([
    ["a note about the result to come", `${hermes("Paris")}\nNote: results may take a moment.`],
    ["not in another sense", `${hermes("Paris")}\nIf it's not sunny, I'll suggest indoor plans.`],
    ["the word copy elsewhere", `${hermes("Paris")}\nI'll keep a copy of the forecast.`],
  ])("still read: %s", (_title, content) => readsParis(content));
});
