/**
 * A call object with prose written between its members: read leniently, the words become a value and a key the model
 * never wrote as one (`{"city": Hmm, should it be Paris? "Paris"}` as `Hmm` and `should it be Paris?`), a guess at the
 * call. Keys written as keys (quoted, or bare identifiers) and a bare one-word value are still read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const parameters = { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"] };
const open: ToolDefinition[] = [{ name: "get_weather", parameters }];
const closed: ToolDefinition[] = [{ name: "get_weather", parameters: { ...parameters, additionalProperties: false } }];

describe("prose between a call's members", () => {
  const bodies = [
    '{"city": Hmm, should it be Paris or London? "Paris"}',
    '{"city": Paris, or maybe Lyon? "Paris"}',
    '{"city": "Paris", the user wants celsius "unit": "c"}',
    '{"city": "Paris", unit: c, I think that is right "c"}',
  ];
  const wraps = [
    ["Hermes", (body: string) => `<tool_call>\n{"name": "get_weather", "arguments": ${body}}\n</tool_call>`],
    ["bare JSON", (body: string) => `{"name": "get_weather", "arguments": ${body}}`],
    ["a fenced block", (body: string) => "```json\n" + `{"name": "get_weather", "arguments": ${body}}` + "\n```"],
  ] as const;
  for (const [format, wrap] of wraps) {
    for (const tools of [open, closed]) {
      it.each(bodies)(`${format}, ${tools === open ? "open" : "closed"} schema: %s stays text`, (body) => {
        const content = wrap(body);
        expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
      });
    }
  }

  it.each([
    ['<tool_call>\n{"name": "get_weather", "arguments": {"city": Paris}}\n</tool_call>', { city: "Paris" }],
    ['<tool_call>\n{name: "get_weather", arguments: {city: "Paris", unit: "c",}}\n</tool_call>', { city: "Paris", unit: "c" }],
    ["<tool_call>\n{'name': 'get_weather', 'arguments': {'city': 'Paris'}}\n</tool_call>", { city: "Paris" }],
    ['<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "c",}}\n</tool_call>', { city: "Paris", unit: "c" }],
  ])("keys written as keys are read: %s", (content, args) => {
    expect(readBothWays(content, open).calls).toEqual([["get_weather", args]]);
  });
});
