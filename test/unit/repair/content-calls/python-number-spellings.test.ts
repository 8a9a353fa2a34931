import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A pythonic call's number keeps the spelling the model wrote (`zip=02134`, `price=1.50`): the arguments go on
// as JSON text holding it, so a string property gets the digits as written, as from a JSON call's `02134`,
// and a zero-padded integer is refused as it is there. LFM2's server parsers (tabbyAPI) note the leading zeros.
const tool = (name: string, property: string, schema: object): ToolDefinition => ({
  name,
  parameters: { type: "object", properties: { [property]: schema }, required: [property] },
});
const tools: ToolDefinition[] = [
  tool("lookup_zip", "zip", { type: "string" }),
  tool("set_price", "price", { type: "string" }),
  tool("set_room", "room", { type: "integer" }),
  tool("set_level", "level", { type: "number" }),
  tool("tag_items", "ids", { type: "array", items: { type: "string" } }),
];

const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);

/** The calls' arguments after the engine's repair, `"refused"` for a call it refuses; the stream must read the same calls. */
function outcome(content: string): unknown {
  const whole = extractToolCallsFromContent(content, tools);
  const holdback = createTextHoldback({ tools });
  for (const char of content) holdback.push(char);
  expect(holdback.end().calls).toEqual(whole?.calls ?? []);
  if (whole === undefined) return "text";
  return whole.calls.map((call) => {
    const result = engine.repair(call, prepared);
    if (result.kind === "failed") return "refused";
    return [call.name, JSON.parse(result.kind === "repaired" ? result.arguments : call.arguments) as unknown];
  });
}

describe("a pythonic call's numbers keep their spelling", () => {
  it.each<[string, string, unknown]>([
    ["a zero-padded ZIP code for a string", "[lookup_zip(zip=02134)]", [["lookup_zip", { zip: "02134" }]]],
    ["the same in LFM2's call tokens", "<|tool_call_start|>[lookup_zip(zip=02134)]<|tool_call_end|>", [["lookup_zip", { zip: "02134" }]]],
    ["the same in Llama 4's python tokens", "<|python_start|>[lookup_zip(zip=02134)]<|python_end|>", [["lookup_zip", { zip: "02134" }]]],
    ["the same as a bare call", "lookup_zip(zip=02134)", [["lookup_zip", { zip: "02134" }]]],
    ["the same written name(key: value) in call tags", "<tool_call>lookup_zip(zip: 02134)</tool_call>", [["lookup_zip", { zip: "02134" }]]],
    ["a price's trailing zero for a string", "[set_price(price=1.50)]", [["set_price", { price: "1.50" }]]],
    ["an integer past what a double holds exactly, for a string", "[lookup_zip(zip=12345678901234567890)]", [["lookup_zip", { zip: "12345678901234567890" }]]],
    ["zero-padded items of a list of strings", "[tag_items(ids=[007, 010])]", [["tag_items", { ids: ["007", "010"] }]]],
    ["a tuple's items kept apart though equal in value", "[tag_items(ids=(007, 7))]", [["tag_items", { ids: ["007", "7"] }]]],
    ["the second call's spelling, the first call's plain number", "[set_room(room=42), lookup_zip(zip=02134)]", [["set_room", { room: 42 }], ["lookup_zip", { zip: "02134" }]]],
    ["a trailing zero where a number goes", "[set_level(level=1.50)]", [["set_level", { level: 1.5 }]]],
    ["an exponent where a number goes", "[set_level(level=1e3)]", [["set_level", { level: 1000 }]]],
    ["a plain integer, read as before", "[set_room(room=42)]", [["set_room", { room: 42 }]]],
    ["digits already quoted", "[lookup_zip(zip='02134')]", [["lookup_zip", { zip: "02134" }]]],
  ])("%s", (_title, content, expected) => {
    expect(outcome(content)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["a zero-padded integer (0042 is 34 read as octal)", "[set_room(room=0042)]"],
    ["a negative zero-padded integer", "[set_room(room=-0042)]"],
    ["a zero-padded number", "[set_level(level=0042)]"],
  ])("refuses %s", (_title, content) => {
    expect(outcome(content)).toEqual(["refused"]);
  });
});
