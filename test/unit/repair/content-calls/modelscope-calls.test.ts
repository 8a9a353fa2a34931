import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("ModelScope-Agent's plugin call between <|startofthink|> and <|endofthink|>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["bare JSON", '<|startofthink|>{"api_name": "get_weather", "parameters": {"city": "Paris"}}<|endofthink|>', [["get_weather", { city: "Paris" }]], ""],
    ["in a ```JSON fence after prose", 'Let me check.\n<|startofthink|>```JSON\n{"api_name": "get_weather", "parameters": {"city": "Paris", "days": 2}}\n```<|endofthink|>', [["get_weather", { city: "Paris", days: 2 }]], "Let me check."],
    ["the fence closed right after the object", '<|startofthink|>```json\n{ \n   "api_name": "get_time","parameters": {\n      "tz": "UTC"\n   }\n}```<|endofthink|>', [["get_time", { tz: "UTC" }]], ""],
    ["a Python dict", "<|startofthink|>{'api_name': 'get_weather', 'parameters': {'city': 'Oslo'}}<|endofthink|>", [["get_weather", { city: "Oslo" }]], ""],
    ["text after the block stays", '<|startofthink|>{"api_name": "get_time", "parameters": {}}<|endofthink|>\nOne moment.', [["get_time", {}]], "One moment."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["its result written by the model", '<|startofthink|>```JSON\n{"api_name": "get_weather", "parameters": {"city": "Paris"}}\n```<|endofthink|>\n\n<|startofexec|>```JSON\n{"result": "sunny"}\n```<|endofexec|>\nIt is sunny in Paris.'],
    ["a thought, not a call", "<|startofthink|>I should check the weather first.<|endofthink|>"],
    ["an undeclared plugin", '<|startofthink|>{"api_name": "rm_rf", "parameters": {"path": "/"}}<|endofthink|>'],
    ["a key beside the call's (a URL)", '<|startofthink|>```JSON\n{"api_name": "get_weather", "url": "http://10.0.0.1/weather", "parameters": {"city": "Paris"}}\n```<|endofthink|>'],
    ["a fence of another language", '<|startofthink|>```python\nget_weather("Paris")\n```<|endofthink|>'],
    ["a block never closed, cut in its object", '<|startofthink|>```JSON\n{"api_name": "get_weather", "parameters": {"city": "Par'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
