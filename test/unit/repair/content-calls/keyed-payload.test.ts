import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("Apertus calls written as text", () => {
  it.each([
    { title: "one call", content: '<|tools_prefix|>[{"get_time": {"tz": "UTC"}}]<|tools_suffix|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
    { title: "two calls after prose", content: 'Checking both.\n<|tools_prefix|>[{"get_time": {}}, {"get_weather": {"city": "Bern", "days": 1}}]<|tools_suffix|>', calls: [["get_time", {}], ["get_weather", { city: "Bern", days: 1 }]], text: "Checking both." },
    { title: "a lone object, spaces around it", content: '<|tools_prefix|> {"get_time": {"tz": "UTC"}} <|tools_suffix|>\nDone.', calls: [["get_time", { tz: "UTC" }]], text: "Done." },
    { title: "ordinary JSON calls between its markers", content: '<|tools_prefix|>[{"name": "get_time", "arguments": {"tz": "UTC"}}]<|tools_suffix|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  ])("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each([
    ["an undeclared tool", '<|tools_prefix|>[{"rm": {"path": "/"}}]<|tools_suffix|>'],
    ["arguments that are not an object", '<|tools_prefix|>[{"get_time": "UTC"}]<|tools_suffix|>'],
    ["two names in one object", '<|tools_prefix|>[{"get_time": {}, "get_weather": {"city": "Bern"}}]<|tools_suffix|>'],
    ["prose between the markers", "<|tools_prefix|>no tools needed<|tools_suffix|>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
