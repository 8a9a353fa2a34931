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
