import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

/** gpt-oss answering after a prompt that ends with `<|start|>assistant`: its header opens with the recipient. */
describe("a Harmony header opening with its recipient", () => {
  it.each<Row>([
    ["the commentary channel", ' to=functions.get_time<|channel|>commentary <|constrain|>json<|message|>{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["the analysis channel, closed by <|call|>", ' to=functions.get_time<|channel|>analysis <|constrain|>json<|message|>{"tz": "UTC"}<|call|>', [["get_time", { tz: "UTC" }]], ""],
    ["no content type", 'to=functions.get_weather<|channel|>commentary<|message|>{"city": "Oslo", "days": 2}<|call|>', [["get_weather", { city: "Oslo", days: 2 }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared recipient", ' to=functions.delete_all<|channel|>commentary <|constrain|>json<|message|>{"path": "/"}'],
    ["prose that opens with the words", "to=functions.get_time is how the header names the tool."],
    ["a header whose message never opens", 'to=functions.get_time<|channel|>commentary {"tz": "UTC"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

/** A Harmony header is dropped with its call: it may hold Harmony's own words and tokens, nothing else. */
describe("a Harmony frame's header", () => {
  const reasoning = "<|start|>assistant<|channel|>analysis<|message|>Need the time in UTC.<|end|>";
  it.each<Row>([
    ["the role, channel and content type", '<|start|>assistant<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"tz": "UTC"}<|call|>', [["get_time", { tz: "UTC" }]], ""],
    ["a content type without its token", '<|channel|>commentary to=functions.get_time json<|message|>{"tz": "UTC"}<|call|>', [["get_time", { tz: "UTC" }]], ""],
    [
      "an earlier frame's reasoning, kept",
      `${reasoning}<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"tz": "UTC"}<|call|>`,
      [["get_time", { tz: "UTC" }]],
      reasoning,
    ],
    ["a frame never closed, then prose", '<|channel|>commentary to=functions.get_time json<|message|>{"tz": "UTC"} I will wait for it.', [["get_time", { tz: "UTC" }]], "I will wait for it."],
    [
      "the next frame opening with its channel",
      '<|channel|>commentary to=functions.get_time json<|message|>{"tz": "UTC"}<|channel|>final<|message|>Checking.',
      [["get_time", { tz: "UTC" }]],
      "<|channel|>final<|message|>Checking.",
    ],
    // Read from its channel token on, the frame holds only Harmony's markup; the words before it stay.
    ["a word after the role", '<|start|>assistant please<|channel|>commentary to=functions.get_time<|message|>{"tz": "UTC"}<|call|>', [["get_time", { tz: "UTC" }]], "<|start|>assistant please"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a word in the channel's name", '<|start|>assistant<|channel|>commen maybe tary to=functions.get_time<|message|>{"tz": "UTC"}<|call|>'],
    ["a word after the recipient", '<|channel|>commentary to=functions.get_time later <|constrain|>json<|message|>{"tz": "UTC"}<|call|>'],
    [
      "a call, then the tool's own frame answering it",
      '<|channel|>commentary to=functions.get_time json<|message|>{"tz": "UTC"}<|call|><|start|>functions.get_time to=assistant<|channel|>commentary<|message|>{"time": "12:00"}<|end|>',
    ],
    ["words between the object and the frame's end", '<|channel|>commentary to=functions.get_time json<|message|>{"tz": "UTC"} or Oslo<|call|>'],
  ])("%s keeps the frame text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a Harmony recipient whose tool name has spaces", () => {
  const spacedTools = [
    { name: "Web Search", parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } },
    { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
  ];
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a space before the constrain token", '<|start|>assistant<|channel|>commentary to=functions.Web Search <|constrain|>json<|message|>{"query": "x"}<|call|>', [["Web Search", { query: "x" }]]],
    ["the constrain token glued to it", '<|channel|>commentary to=functions.Web Search<|constrain|>json<|message|>{"query": "x"}<|call|>', [["Web Search", { query: "x" }]]],
    ["the recipient before the channel", '<|start|>assistant to=functions.Web Search<|channel|>commentary json<|message|>{"query": "x"}<|call|>', [["Web Search", { query: "x" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, spacedTools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["a name no tool has as written", '<|channel|>commentary to=functions.web search <|constrain|>json<|message|>{"query": "x"}<|call|>'],
    ["words after a declared name", '<|channel|>commentary to=functions.get_time now please <|constrain|>json<|message|>{"tz": "UTC"}<|call|>'],
    ["the content type run into the name", '<|channel|>commentary to=functions.Web Search json<|message|>{"query": "x"}<|call|>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, spacedTools)).toEqual({ calls: [], text: content });
  });
});
