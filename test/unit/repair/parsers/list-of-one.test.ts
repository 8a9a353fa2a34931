import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const record: ToolDefinition = {
  name: "record",
  parameters: {
    type: "object",
    properties: { text: { type: "string" }, source: { type: "string" } },
    required: ["text", "source"],
    additionalProperties: false,
  },
};

function repaired(raw: string): unknown {
  const engine = createRepairEngine();
  const outcome = engine.repair({ name: "record", arguments: raw }, engine.prepareTools([record]));
  return outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind;
}

describe("arguments in a list of one, broken inside", () => {
  it.each([
    ['[{"text": "The 1/2" wrench", "source": "Ann"}]', { text: 'The 1/2" wrench', source: "Ann" }],
    ['[{"text": "say "hi" now", "source": "x"}]', { text: 'say "hi" now', source: "x" }],
    ['[ {text: hello there, source: x} ]', { text: "hello there", source: "x" }],
    ["[{'text': 'a', \"source\": \"b\"}]", { text: "a", source: "b" }],
  ])("%s → %j", (raw, expected) => expect(repaired(raw)).toStrictEqual(expected));

  it.each([
    // two objects: two sets of arguments, not one in a list
    ['[{"text": "say "hi" now", "source": "x"}, {"text": "a", "source": "b"}]'],
    // a list cut inside, or text after it
    ['[{"text": "say "hi" now", "source": "x"}'],
    ['[{"text": "say "hi" now", "source": "x"}] and more'],
    // no object inside
    ['["say "hi" now", "x"]'],
  ])("%s → refused", (raw) => expect(repaired(raw)).toBe("failed"));
});
