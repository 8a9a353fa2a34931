import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Kimi K2's stripped call right after a sentence's end", () => {
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
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose after it on its line", 'Let me check.functions.get_weather:0{"city": "Paris"} Then I answer.'],
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
