import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Kimi K2 with its special tokens stripped", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a call alone", 'functions.get_weather:0  {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["no space before the arguments", 'functions.get_time:0{"tz":"UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["calls back to back on the line", 'functions.get_weather:0  {"city": "Paris"}   functions.get_time:1  {}', [["get_weather", { city: "Paris" }], ["get_time", {}]], ""],
    [
      "after prose, where the stripped tokens left their spaces",
      'Let me check both.   functions.get_weather:0  {"city": "Paris"}   functions.get_time:1  {"tz": "UTC"}  ',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]],
      "Let me check both.",
    ],
    ["one a line, text after them", 'functions.get_weather:0 {"city": "Paris"}\nfunctions.get_time:1 {}\nDone.', [["get_weather", { city: "Paris" }], ["get_time", {}]], "Done."],
    ["opening a line after prose", 'Checking.\nfunctions.get_time:12 {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "Checking."],
    ["a closing brace inside a string", 'functions.get_time:0  {"tz": "a } b"}', [["get_time", { tz: "a } b" }]], ""],
    // No index: not Kimi's id, but a declared name (namespaced) and its object alone on the line.
    ["no index", 'functions.get_weather {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    // A stop token the server printed right after the last call ends its line.
    ["a stop token glued to the call", 'functions.get_time:0{"tz":"UTC"}<|im_end|>', [["get_time", { tz: "UTC" }]], "<|im_end|>"],
    ["after prose, a stop token after the calls", 'Checking.\nfunctions.get_time:0 {"tz": "UTC"} <|eot_id|>', [["get_time", { tz: "UTC" }]], "Checking.\n<|eot_id|>"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose after it on its line", 'Note: functions.get_weather:0 {"city": "Paris"} is how a call looks.'],
    ["after prose with one space", 'I would send functions.get_weather:0 {"city": "Paris"}'],
    ["in backticks", 'Send `functions.get_weather:0  {"city": "Paris"}` to it.'],
    ["an undeclared tool", 'functions.get_forecast:0  {"city": "Paris"}'],
    ["the id alone", "See the `functions.get_weather:0` helper."],
    ["the object far from the id", `functions.get_weather:0${" ".repeat(40)}{"city": "Paris"}`],
    ["arguments cut off", 'functions.get_weather:0  {"city": "Par'],
    ["another call's prose after the run", 'functions.get_weather:0 {"city": "Paris"} functions.get_time:1 {} and more'],
    ["quoted in a blockquote", '> functions.get_weather:0  {"city": "Paris"}'],
    ["shown in a fence of another language", '```text\nfunctions.get_weather:0  {"city": "Paris"}\n```'],
    ["shown as an example", 'For example:\nfunctions.get_weather:0  {"city": "Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
