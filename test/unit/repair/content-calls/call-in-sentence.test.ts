import { describe, expect, it } from "vitest";
import { callInSentence } from "../../../../src/repair/content-calls/call-in-sentence.ts";
import { readBothWays } from "./read-both-ways.ts";

const HERMES = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
const GLM = "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>";
const DSML = '<｜DSML｜function_calls><｜DSML｜invoke name="get_weather"><｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>';
const MISTRAL = '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}';
const GEMINI = "<ctrl42>call:get_weather{city:<ctrl46>Paris<ctrl46>}<ctrl43>";
const JSON_CALL = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const PYTHONIC = '[get_weather(city="Paris")]';
const PARIS = [["get_weather", { city: "Paris" }]] as const;

describe("a call inside a sentence the model acts in", () => {
  it.each<[string, string, string]>([
    ["`I'll run` … `and then`", "I'll run {call} and then report back.", "I'll run and then report back."],
    ["`Let me send` … `and wait`", "Let me send {call} and wait for the result.", "Let me send and wait for the result."],
    ["`Now I'll call` …", "Now I'll call {call} and check what comes back.", "Now I'll call and check what comes back."],
    ["a gerund acting on the call", "Sure, running {call} right away.", "Sure, running right away."],
    ["`I'm going to use` … `first, then`", "I'm going to use {call} first, then summarize.", "I'm going to use first, then summarize."],
  ])("%s is read", (_title, template, text) => {
    for (const call of [HERMES, GLM, DSML, MISTRAL, GEMINI]) expect(readBothWays(template.replace("{call}", () => call))).toEqual({ calls: PARIS, text });
  });
});

describe("a call inside a sentence that does not make it", () => {
  it.each([
    ["described", "The parser saw {call} and treated it as a call."],
    ["an example", "For example, {call} would fetch it."],
    ["the syntax", "The syntax is {call}, with your city."],
    ["a question asking leave", "Should I run {call} now?"],
    ["a question ending on the call", "Want me to run {call}?"],
    ["a proposal", "If you want, I can send {call} for you."],
    ["refused", "I won't send {call} since it would overwrite the file."],
    ["negated", "I'm not going to run {call} for this."],
    ["suggested to the reader", "You could try {call} yourself."],
    ["quoted", 'The user typed "{call}" in the last message.'],
    ["shown, not acted on", "Let me show you {call} as an example."],
  ])("%s stays text", (_title, template) => {
    for (const call of [HERMES, GLM, DSML, MISTRAL, GEMINI]) {
      const content = template.replace("{call}", () => call);
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    }
  });

  it.each([
    ["a bare JSON call", JSON_CALL],
    ["a bare pythonic list", PYTHONIC],
  ])("%s in an announcing sentence stays text: no marker of its own", (_title, call) => {
    const content = `I'll run ${call} and then report back.`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("callInSentence", () => {
  it.each<[string, string, string, string]>([
    ["after a sentence's end", "Let me check. ", " One moment.", "none"],
    ["after a colon", "Checking:", " and more words", "none"],
    ["ending its line", "I'll run ", "\nNext line.", "none"],
    ["one word after it", "Running ", " now.", "none"],
    ["announced, words after", "I'll run ", " and then report back.", "made"],
    ["announced, a question", "Should I run ", " now?", "not made"],
    ["a question mark right after", "Want me to run ", "?", "not made"],
    ["described", "The parser saw ", " and treated it as a call.", "not made"],
  ])("%s: %s", (_title, before, following, verdict) => {
    expect(callInSentence(before, following, HERMES)).toBe(verdict);
  });

  it("a call with no marker of its own is never made inside a sentence", () => {
    expect(callInSentence("I'll run ", " and then report back.", JSON_CALL)).toBe("not made");
    expect(callInSentence("I'll run ", " and then report back.", PYTHONIC)).toBe("not made");
  });
});
