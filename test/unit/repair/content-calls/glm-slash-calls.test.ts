import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("GLM's `name/key>value` call lines", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call, the whole answer", "get_weather/city>New York", [["get_weather", { city: "New York" }]], ""],
    ["a value with `>` and `/` in it", "get_time/tz>Europe/Paris -> CET", [["get_time", { tz: "Europe/Paris -> CET" }]], ""],
    ["an integer typed from the schema", "get_weather/days>3", [["get_weather", { days: 3 }]], ""],
    ["after a sentence on its own line", "Let me look it up.\nget_weather/city>Oslo", [["get_weather", { city: "Oslo" }]], "Let me look it up."],
    ["two calls, one a line", "get_weather/city>Rome\nget_time/tz>UTC", [["get_weather", { city: "Rome" }], ["get_time", { tz: "UTC" }]], ""],
    ["the arguments as a JSON object", 'get_weather/{"city": "Lima", "days": 2}', [["get_weather", { city: "Lima", days: 2 }]], ""],
    ["a Windows line end", "get_time/tz>UTC\r\n", [["get_time", { tz: "UTC" }]], ""],
    // A stop token the server printed is the turn's end, not the value's: it stays in the text.
    ["a stop token after the value", "get_weather/city>Oslo<|im_end|>", [["get_weather", { city: "Oslo" }]], "<|im_end|>"],
    ["stop tokens and space after it", "get_time/tz>UTC <|eot_id|><|end_of_text|>", [["get_time", { tz: "UTC" }]], "<|eot_id|><|end_of_text|>"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a key the tool does not declare", "get_weather/town>Oslo"],
    ["no value", "get_weather/city>"],
    ["only a stop token for a value", "get_weather/city><|im_end|>"],
    ["no `>` after the key", "get_weather/city is where it looks"],
    ["an undeclared tool", "read_file/path>a.txt"],
    ["inside a sentence", "I would write get_weather/city>Oslo for that"],
    ["prose after the JSON object", 'get_weather/{"city": "Lima"} would do it'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
