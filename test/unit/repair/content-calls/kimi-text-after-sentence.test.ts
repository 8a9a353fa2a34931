import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Kimi K2's stripped call among prose", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["glued to the sentence", 'Let me check the weather.functions.get_weather:1{"city": "Paris"}', [["get_weather", { city: "Paris" }]], "Let me check the weather."],
    ["one space after the sentence", 'I will check it. functions.get_weather:0{"city": "Paris"}', [["get_weather", { city: "Paris" }]], "I will check it."],
    ["after an exclamation mark", 'Sure!functions.get_time:0{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "Sure!"],
    ["glued to a colon", 'Let me list the contents:functions.get_time:3{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "Let me list the contents:"],
    ["after a full-width stop", '我来查一下。functions.get_time:0{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "我来查一下。"],
    [
      "two calls back to back after the sentence",
      'Checking both.functions.get_weather:0{"city": "Paris"}functions.get_time:1{"tz": "UTC"}',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "Checking both.",
    ],
    // Standing inside no sentence, the call may be followed on its line by the next one.
    ["the next sentence after it on its line", 'Let me check.functions.get_weather:0{"city": "Paris"} Then I answer.', [["get_weather", { city: "Paris" }]], "Let me check.Then I answer."],
    ["between two sentences", 'I\'ll ping the domain. functions.get_time:0{"tz": "UTC"} Request sent.', [["get_time", { tz: "UTC" }]], "I'll ping the domain. Request sent."],
    ["a sentence in a script without case glued after it", '我来查一下。functions.get_time:0{"tz": "UTC"}请稍等。', [["get_time", { tz: "UTC" }]], "我来查一下。请稍等。"],
    ["after the tokens' spaces, a sentence after it", 'Checking.   functions.get_time:0  {"tz": "UTC"}  Then I report.', [["get_time", { tz: "UTC" }]], "Checking.   Then I report."],
    // After a word and one space the call may sit at a sentence's end, as marked calls may: it must end its line.
    ["after a word, ending the text", 'Testing unicode: 测试 functions.get_time:0{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "Testing unicode: 测试"],
    ["after a word, ending its line", 'Checking the time functions.get_time:0{"tz": "UTC"}\nOne moment.', [["get_time", { tz: "UTC" }]], "Checking the time One moment."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a lowercase word going on with it", 'Let me check.functions.get_weather:0{"city": "Paris"} is the form.'],
    ["a comma going on with it", 'Let me check. functions.get_weather:0{"city": "Paris"}, then I answer.'],
    ["a number after it", 'Let me check. functions.get_weather:0{"city": "Paris"} 22 degrees.'],
    ["after a word, a sentence after it on its line", 'Use functions.get_weather:0{"city": "Paris"} Then check.'],
    ["after a word, a sentence going on", 'The id functions.get_weather:0{"city": "Paris"} is what Kimi writes.'],
    ["after a word, the object on the next line", 'Send functions.get_weather:\n{"city": "Paris"}'],
    ["glued to a word", 'myfunctions.get_weather:0{"city": "Paris"}'],
    ["after a special token and a space", '<|tool_call_begin|> functions.get_weather:0 {"city": "Paris"}'],
    ["an example's lead-in before it", 'For example: functions.get_weather:0{"city": "Paris"}'],
    ["taken back after it", 'Checking. functions.get_weather:0{"city": "Paris"} Wait, wrong city.'],
    ["asked about after it", 'Checking. functions.get_weather:0{"city": "Paris"} Shall I proceed?'],
    ["no sentence end before it", 'I would send functions.get_weather:0 {"city": "Paris"}'],
    ["two spaces and no index", 'Let me check.  functions.get_weather {"city": "Paris"}'],
    ["a colon after a number", 'At 10:functions.get_time:0{"tz": "UTC"}'],
    ["an ellipsis before it", 'Hmm...functions.get_weather:0{"city": "Paris"}'],
    ["a number's point before it", 'Version 2.functions.get_weather:0{"city": "Paris"}'],
    ["an undeclared tool", 'Let me look.functions.read_file:0{"path": "a.txt"}'],
    ["in backticks", 'Send it.`functions.get_weather:0{"city": "Paris"}`'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("Kimi K2's token call left open", () => {
  it.each([
    ["prose after the object", 'Sure.\n<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}\nAnd then more words.'],
    ["a comment after the object", '<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}\n<!-- note -->'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it.each<[string, string]>([
    ["the text ending with the object", '<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}'],
    ["a stop token after the object", '<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}<|im_end|>'],
    ["the next call after it", '<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}\n<|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{"tz": "CET"}<|tool_call_end|>'],
  ])("%s is read", (_title, content) => {
    expect(readBothWays(content).calls[0]).toEqual(["get_time", { tz: "UTC" }]);
  });
});
