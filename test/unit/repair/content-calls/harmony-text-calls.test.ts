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

  // A decoder that leaves nothing where the tokens stood runs the header's pieces together.
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the content type run into the name", 'commentary to=functions.get_weatherjson{"city":"Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["run into the name, a space before the arguments", 'commentary to=functions.get_timejson {"tz":"UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the channel run into the name, the role first", 'assistant to=functions.get_weathercommentary json{"city":"Rome","days":2}', [["get_weather", { city: "Rome", days: 2 }]], ""],
    [
      "a later message after the analysis and the role",
      'analysisWe need to use the get_weather function. Provide city "Berlin".assistantcommentary to=functions.get_weather json{"city":"Berlin"}',
      [["get_weather", { city: "Berlin" }]],
      'analysisWe need to use the get_weather function. Provide city "Berlin".assistant',
    ],
    ["after the role, the content type run into the name", 'analysisUser wants the time.assistantcommentary to=functions.get_timejson{"tz":"Asia/Tokyo"}', [["get_time", { tz: "Asia/Tokyo" }]], "analysisUser wants the time.assistant"],
    ["after the role and a space", 'analysis Need weather. assistant commentary to=functions.get_weather json {"city":"Oslo"}', [["get_weather", { city: "Oslo" }]], "analysis Need weather. assistant"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it("a declared name ending in the content type is the name as written", () => {
    const jsonTools = [{ name: "fetch_json", parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"] } }];
    expect(readBothWays('commentary to=functions.fetch_json json{"url":"https://a.example"}', jsonTools)).toEqual({ calls: [["fetch_json", { url: "https://a.example" }]], text: "" });
    expect(readBothWays('commentary to=functions.fetch_jsonjson{"url":"https://a.example"}', jsonTools)).toEqual({ calls: [["fetch_json", { url: "https://a.example" }]], text: "" });
  });

  it("two declared tools the run-on name could be stays text", () => {
    const both = [
      { name: "get", parameters: { type: "object", properties: { q: { type: "string" } } } },
      { name: "getjson", parameters: { type: "object", properties: { q: { type: "string" } } } },
    ];
    const content = 'analysisLook it up.assistantcommentary to=functions.getjson{"q":"x"}';
    expect(readBothWays(content, both)).toEqual({ calls: [], text: content });
  });

  it.each([
    ["the role word in prose, then a recipient", 'The assistant said to=functions.get_weather json{"city":"Paris"} once.'],
    ["a word ending in the role's letters, then the header mid-line", 'Ask your assistant: commentary to=functions.get_weather json{"city":"Paris"}'],
    ["after the role, an undeclared tool", 'analysisHm.assistantcommentary to=functions.get_forecast json{"city":"Paris"}'],
    ["after the role, another word run into the name", 'analysisHm.assistantcommentary to=functions.get_weathercode{"city":"Paris"}'],
    ["after the role, the arguments cut off", 'analysisHm.assistantcommentary to=functions.get_weather json{"city":"Pa'],
    ["after the role, another channel", 'analysisHm.assistantfinal to=functions.get_weather json{"city":"Paris"}'],
    ["the role first mid-line, no channel", 'analysisHm.assistant to=functions.get_time json{"tz":"UTC"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
