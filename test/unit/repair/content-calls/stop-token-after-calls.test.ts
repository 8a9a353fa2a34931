/**
 * A stop token a server printed after a turn's calls (`<|im_end|>`, `<|eot_id|>`, `</s>`) ends the turn: calls in a
 * row read without it are read with it, in every format, and the token stays in the text.
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const time = {
  Hermes: '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>',
  pythonic: '[get_time(tz="UTC")]',
  "bare JSON": '{"name": "get_time", "arguments": {"tz": "UTC"}}',
};
const both = [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]];

describe("a stop token after calls in a row", () => {
  const pairs = (["bare JSON", "pythonic", "Hermes"] as const).flatMap((first) =>
    Object.entries(time)
      .filter(([second]) => second !== first)
      .map(([second, call]) => [`${first} then ${second}`, `${parisCallFormats[first]} ${call}`] as const),
  );

  it.each(pairs)("%s", (_title, calls) => {
    // Without the token first: the pair is read as two calls, so the token is what the rows below vary.
    expect(readBothWays(calls)).toEqual({ calls: both, text: "" });
    for (const token of ["<|im_end|>", "<|eot_id|>", "\n<|im_end|>", "</s>"]) {
      expect(readBothWays(calls + token)).toEqual({ calls: both, text: token.trim() });
    }
  });

  it("prose after the token is text after the calls, as without it", () => {
    const calls = `${parisCallFormats["bare JSON"]} ${time.Hermes}`;
    expect(readBothWays(`${calls} Is that right?`).calls).toEqual(readBothWays(`${calls}<|im_end|> Is that right?`).calls);
  });
});
