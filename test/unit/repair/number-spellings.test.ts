import { describe, expect, it } from "vitest";
import { parseKeepingNumbers } from "../../../src/json.ts";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { losesDigits, writeArguments } from "../../../src/repair/number-spellings.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

// A JSON call read from the content is written back as arguments text: a number that a double would round
// (a 19-digit id) or that JSON.stringify spells otherwise (`1.50`) must reach the pipeline as the model wrote it.
const tools: ToolDefinition[] = [
  { name: "get_order", parameters: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
  { name: "find_user", parameters: { type: "object", properties: { user_id: { type: "string" } }, required: ["user_id"] } },
  { name: "tag_orders", parameters: { type: "object", properties: { ids: { type: "array", items: { type: "integer" } }, offset: { type: "integer" } } } },
  { name: "set_price", parameters: { type: "object", properties: { price: { type: "string" }, ratio: { type: "number" } }, required: ["price"] } },
];

const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);

/** The calls' arguments text after the engine's repair; the stream must read the same calls. */
function outcome(content: string): unknown {
  const whole = extractToolCallsFromContent(content, tools);
  const holdback = createTextHoldback({ tools });
  for (const char of content) holdback.push(char);
  expect(holdback.end().calls).toEqual(whole?.calls ?? []);
  return whole?.calls.map((call) => {
    const result = engine.repair(call, prepared);
    return result.kind === "failed" ? "refused" : [call.name, result.kind === "repaired" ? result.arguments : call.arguments];
  });
}

describe("a JSON call's numbers keep their spelling", () => {
  it.each<[string, string, unknown]>([
    ["a 19-digit integer, valid as written", '<tool_call>{"name": "get_order", "arguments": {"id": 1234567890123456789}}</tool_call>', [["get_order", '{"id":1234567890123456789}']]],
    ["a 19-digit id where a string goes", '{"name": "find_user", "arguments": {"user_id": 1234567890123456789}}', [["find_user", '{"user_id":"1234567890123456789"}']]],
    ["a price with its trailing zero", '<|python_tag|>{"name": "set_price", "parameters": {"price": 1.50, "ratio": 0.50}}', [["set_price", '{"price":"1.50","ratio":0.50}']]],
    ["a list of calls", '[{"name": "find_user", "arguments": {"user_id": 98765432109876543210}}]', [["find_user", '{"user_id":"98765432109876543210"}']]],
    [
      "a tag format's integer, typed from the schema",
      "<tool_call>\n<function=get_order>\n<parameter=id>\n1234567890123456789\n</parameter>\n</function>\n</tool_call>",
      [["get_order", '{"id":1234567890123456789}']],
    ],
    [
      "a tag format's integers, in a list and negative",
      "<tool_call>tag_orders<arg_key>ids</arg_key><arg_value>[1790892345000000001, 2]</arg_value><arg_key>offset</arg_key><arg_value>-18446744073709551615</arg_value></tool_call>",
      [["tag_orders", '{"ids":[1790892345000000001,2],"offset":-18446744073709551615}']],
    ],
    ["a call repaired for another reason keeps its integer", '[TOOL_CALLS]get_order[ARGS]{id: 1234567890123456789}', [["get_order", '{"id":1234567890123456789}']]],
    ["an everyday number, as before", '{"name": "get_order", "arguments": {"id": 42}}', [["get_order", '{"id":42}']]],
  ])("%s", (_title, content, calls) => {
    expect(outcome(content)).toEqual(calls);
  });
});

describe("writeArguments", () => {
  it.each<[string, unknown, string, string]>([
    ["keeps a trailing zero", { a: 1.5, b: "x" }, '{"a": 1.50, "b": "x"}', '{"a":1.50,"b":"x"}'],
    ["keeps a long integer's digits", { id: Number("1234567890123456789") }, '{"id": 1234567890123456789}', '{"id":1234567890123456789}'],
    ["ignores numbers inside strings' text when the value has none", { a: "1.50" }, '{"a": "1.50"}', '{"a":"1.50"}'],
    ["writes a double spelt two ways as a double writes it", { a: 1.5, b: 1.5 }, '{"a": 1.50, "b": 1.500}', '{"a":1.5,"b":1.5}'],
    ["writes two integers one double holds as a double writes it", { a: 9007199254740992, b: 9007199254740992 }, '{"a": 9007199254740993, "b": 9007199254740992}', '{"a":9007199254740992,"b":9007199254740992}'],
    ["reads numbers in text that is not JSON yet", { a: 2.5 }, "{a: 2.50,}", '{"a":2.50}'],
  ])("%s", (_title, value, raw, written) => {
    expect(writeArguments(value, raw)).toBe(written);
    expect(JSON.parse(writeArguments(value, raw))).toEqual(value);
  });
});

describe("parseKeepingNumbers", () => {
  it.each<[string, string]>([
    ['{"a": 1.50}', '{"a":1.50}'],
    ['{"a": 12345678901234567890}', '{"a":12345678901234567890}'],
    ['{"a": 1e3, "b": -0, "c": 7}', '{"a":1e3,"b":-0,"c":7}'],
    ['[0.1, "1.50", true, null]', '[0.1,"1.50",true,null]'],
  ])("%s is written back as %s", (text, written) => {
    expect(JSON.stringify(parseKeepingNumbers(text))).toBe(written);
  });

  it("leaves a number JSON cannot write (1e999) for the callers that refuse it", () => {
    expect(parseKeepingNumbers('{"a": 1e999}')).toEqual({ a: Infinity });
  });

  it("throws on text that is not JSON, as JSON.parse does", () => {
    expect(() => parseKeepingNumbers("{a: 1}")).toThrow(SyntaxError);
  });
});

describe("losesDigits", () => {
  it.each<[string, boolean]>([
    ["9007199254740993", true],
    ["-18446744073709551615", true],
    ["[1790892345000000001, 2]", true],
    ["9007199254740992", false],
    ["12.34567890123456789", false],
    ['"9007199254740993"', false],
    ["1e400", false],
  ])("%s: %s", (text, loses) => {
    expect(losesDigits(text)).toBe(loses);
  });
});
