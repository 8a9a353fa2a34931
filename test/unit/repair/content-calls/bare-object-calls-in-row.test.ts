import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a declared name and its arguments object a space apart, and such calls in a row on one line", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a space before the object", 'get_weather {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["a tab before the object", 'get_weather\t{"city": "Paris", "days": 2}', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["after prose, on its own line", 'Let me check.\nget_weather {"city": "Paris"}\n', [["get_weather", { city: "Paris" }]], "Let me check."],
    ["two calls back to back", 'get_weather{"city": "Paris"}get_time{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["two calls a space apart", 'get_weather{"city": "Paris"} get_time{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    [
      "three calls, spaces everywhere",
      'get_weather {"city": "Paris"} get_weather {"city": "Rome"}  get_time {"tz": "CET"}',
      [["get_weather", { city: "Paris" }], ["get_weather", { city: "Rome" }], ["get_time", { tz: "CET" }]],
      "",
    ],
    ["a row, then another call on the next line", 'get_weather{"city": "Paris"} get_time{}\nget_time{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", {}], ["get_time", { tz: "UTC" }]], ""],
    ["a stop token after the row", 'get_weather{"city": "Paris"}get_time{"tz": "UTC"}<|im_end|>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], "<|im_end|>"],
    ["a namespace on the second call", 'get_weather{"city": "Paris"} functions.get_time{"tz": "UTC"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["prose after the object", 'get_weather {"city": "Paris"} is how you would call it'],
    ["prose after a row", 'get_weather{"city": "Paris"} get_time{"tz": "UTC"} and so on'],
    ["an undeclared name in the row", 'get_weather{"city": "Paris"} read_file{"path": "a.txt"}'],
    ["a word between the calls", 'get_weather{"city": "Paris"} then get_time{"tz": "UTC"}'],
    ["a name without its object after a call", 'get_weather{"city": "Paris"} get_time'],
    ["mid-sentence", 'Call get_weather {"city": "Paris"} now.'],
    ["the second object never closed", 'get_weather{"city": "Paris"} get_time{"tz": "UTC"'],
    ["an example", 'For example:\nget_weather {"city": "Paris"}'],
    ["in a blockquote", '> get_weather {"city": "Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
