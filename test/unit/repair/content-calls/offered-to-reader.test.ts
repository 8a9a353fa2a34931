/**
 * A call offered to the reader rather than made: the reader may reuse, tweak
 * or paste it, it is for when they want or need it (`Should you need it, …`,
 * `If you'd rather …`), or it follows an imperative to the reader after a
 * purpose or a question (`To check it on your own, run:`, `Curious? Try:`).
 * `Run:` alone may be the tool's own label, and stays a call.
 */
import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";

const calls = [
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
  '[get_weather(city="Paris")]',
  '{"name": "get_weather", "arguments": {"city": "Paris"}}',
];

describe("a call offered to the reader", () => {
  it.each<[string]>([
    ["Here's one you can reuse:"],
    ["Here's a request you can tweak:"],
    ["Here's something you can paste:"],
    ["You can adapt this one:"],
    ["Should you need it later, use:"],
    ["Should you want to check it again:"],
    ["If you'd rather do it by hand, send:"],
    ["Whenever you need fresh numbers:"],
    ["To check it on your own, run:"],
    ["To see the raw data, send:"],
    ["Curious? Try:"],
  ])("keeps the call text after %s", (lead) => {
    for (const call of calls) {
      expect(readBothWays(`${lead}\n${call}`).calls).toEqual([]);
    }
  });

  it.each<[string]>([["Run:"], ["Let me check the weather:"], ["I'll look it up; you can reuse the result later."], ["Now I'll edit the config:"]])(
    "reads the call after %s",
    (lead) => {
      const run = { name: "run", parameters: { type: "object", properties: { cmd: { type: "string" } } } };
      const call = lead === "Run:" ? '<tool_call>{"name": "run", "arguments": {"cmd": "ls"}}</tool_call>' : calls[0]!;
      const reading = readBothWays(`${lead}\n${call}`, [...tools, run]);
      expect(reading.calls.length).toBe(1);
    },
  );
});
