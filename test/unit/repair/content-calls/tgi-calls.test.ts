import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// TGI's grammar writes a call as `{"function": {"_name": …, …arguments}}`: the name beside the arguments.
describe("TGI's {\"function\": {\"_name\": …}}", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a call", '{"function": {"_name": "get_weather", "city": "Paris", "days": 2}}', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["a call with Llama's end token after it", '{"function": {"_name": "get_weather", "city": "Paris, France"}}<|eot_id|>', [["get_weather", { city: "Paris, France" }]], "<|eot_id|>"],
    ["a call without arguments", '{"function": {"_name": "get_time"}}', [["get_time", {}]], ""],
    ["after prose, opening a line", 'Sure.\n{"function": {"_name": "get_time", "tz": "UTC"}}', [["get_time", { tz: "UTC" }]], "Sure."],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["a name no tool has (TGI's notify_error)", '{"function": {"_name": "notify_error", "error": "no tool fits"}}'],
    ["`_name` that is not a string", '{"function": {"_name": 3, "city": "Paris"}}'],
    ["another key beside `function`", '{"function": {"_name": "get_weather", "city": "Paris"}, "note": "x"}'],
    ["shown as an example", 'For example:\n{"function": {"_name": "get_weather", "city": "Paris"}}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
