import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("gpt-oss Harmony with its special tokens stripped", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the recipient, the content type and the arguments run together", 'commentary to=functions.get_weather json{"city":"Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["a space before the arguments", 'commentary to=functions.get_weather json {"city": "Paris", "days": 2}', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["no content type", 'commentary to=functions.get_time {"tz":"UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["opening a line after prose", 'Let me check.\ncommentary to=functions.get_weather json{"city":"Paris"}', [["get_weather", { city: "Paris" }]], "Let me check."],
    ["space before it at the start of the text", '\n  commentary to=functions.get_time json{}', [["get_time", {}]], ""],
    ["the role and the recipient before the channel, the arguments on the next line", 'assistant to=functions.get_weather commentary json\n{"city":"Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["the role first, no content type", 'Checking.\nassistant to=functions.get_time commentary {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], "Checking."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["mid-line, in prose", 'The header reads commentary to=functions.get_weather json{"city":"Paris"} in the log.'],
    ["an undeclared tool", 'commentary to=functions.get_forecast json{"city":"Paris"}'],
    ["no arguments after it", "commentary to=functions.get_weather json"],
    ["the content type glued to the name", 'commentary to=functions.get_weatherjson{"city":"Paris"}'],
    ["arguments cut off", 'commentary to=functions.get_weather json{"city":"Par'],
    ["another content type", 'commentary to=functions.get_time code{"tz":"UTC"}'],
    ["the role first, another channel", 'assistant to=functions.get_time analysis json{"tz":"UTC"}'],
    ["the role first, no channel", 'assistant to=functions.get_time json{"tz":"UTC"}'],
    ["a recipient in prose", 'I sent it to=functions.get_time {"tz":"UTC"} earlier.'],
    ["quoted in a blockquote", '> commentary to=functions.get_weather json{"city":"Paris"}'],
    ["shown in a fence of another language", '```text\ncommentary to=functions.get_weather json{"city":"Paris"}\n```'],
    ["shown as an example", 'For example:\ncommentary to=functions.get_weather json{"city":"Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
