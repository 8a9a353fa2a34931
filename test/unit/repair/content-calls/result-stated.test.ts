/**
 * A sentence after the calls that states their result as a value (`The result is 4.`, `The sum was 12.`, `The output
 * is "ok".`, `El resultado es 4.`, `结果是4。`), in every call format: the model wrote the result it imagined, so the
 * calls stay text, read whole and streamed alike. Beside them, near-misses that must still be read: a result still to
 * come (`The result will be 4.`, `If the result is 4, …`, `Once the result is 4, …`, `如果结果是4，…`) and a sentence
 * about the result that states no value (`The result is shown below.`, `The result is returned as a string.`).
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats: Record<string, string> = {
  ...parisCallFormats,
  "element named after the tool": "<get_weather>\n  <city>Paris</city>\n</get_weather>",
};

const stated: string[] = [
  "The result is 4.",
  "The result was 22.",
  "The result is 4",
  "The final result is 18°C.",
  "The sum is 4.",
  "The product is 597518582790373200.",
  "The total comes to $12.",
  "The output is \"sunny\".",
  "The result is approximately 3.14.",
  "The result equals -3.",
  "El resultado es 4.",
  "O resultado é 4.",
  "Le résultat est 4.",
  "Das Ergebnis ist 4.",
  "Результат равен 4.",
  "结果是4。",
  "結果は4です。",
  "결과는 4입니다.",
];

const stillToCome: string[] = [
  "The result will be 4.",
  "The result will appear shortly.",
  "The result is shown below.",
  "The result is returned as a string.",
  "If the result is 4, I'll stop.",
  "Once the result is 4, we are done.",
  "I'll check whether the result is 4.",
  "Si el resultado es 4, paro.",
  "如果结果是4，就停止。",
  "I'll tell you the result when it returns.",
];

describe("a call followed by a sentence stating its result as a value", () => {
  for (const [format, call] of Object.entries(formats)) {
    it.each(stated)(`${format} before "%s" stays text`, (sentence) => {
      const content = `Let me check the weather.\n${call}\n\n${sentence}`;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
    it.each(stillToCome)(`${format} before "%s" is read`, (sentence) => {
      expect(readBothWays(`Let me check the weather.\n${call}\n\n${sentence}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
  it("the same sentence on the call's own line after a fence", () => {
    const content = 'Okay, let me check: ```json\n <tool_call> {"name": "get_weather", "arguments": {"city": "Paris"} } </tool_call>\n``` The result is 4.';
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
