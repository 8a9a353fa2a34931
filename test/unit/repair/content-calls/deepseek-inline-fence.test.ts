import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const block = (body: string): string => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${body}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;

describe("DeepSeek V3 with the ```json fence on the name's line", () => {
  it.each([
    ["no line breaks at all", block('function<｜tool▁sep｜>get_weather```json{"city":"Paris"}```'), [["get_weather", { city: "Paris" }]]],
    ["the closing fence on its own line", block('function<｜tool▁sep｜>get_weather```json{"city": "Paris", "days": 2}\n```'), [["get_weather", { city: "Paris", days: 2 }]]],
    ["with ASCII bars", '<|tool▁calls▁begin|><|tool▁call▁begin|>function<|tool▁sep|>get_time```json{"tz": "UTC"}```<|tool▁call▁end|><|tool▁calls▁end|>', [["get_time", { tz: "UTC" }]]],
    ["the usual layout still", block('function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```'), [["get_weather", { city: "Paris" }]]],
    // The fence's closer says the arguments ended, where the end tokens were not written.
    ["the end tokens left out after the closed fence", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```', [["get_weather", { city: "Paris" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });

  it.each([
    ["a fence with another language", block('function<｜tool▁sep｜>get_weather```python{"city":"Paris"}```')],
    ["the fence's opening left out", block('function<｜tool▁sep｜>get_weather{"city":"Paris"}```')],
    ["an undeclared tool", block('function<｜tool▁sep｜>delete_all```json{"path":"/"}```')],
    ["a word glued to the closing fence", block('function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```maybe')],
    // Neither the fence's closer nor the end token came: the call's end never did.
    ["a fence never closed and no end token", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
