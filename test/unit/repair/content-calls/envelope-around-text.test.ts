import { describe, expect, it } from "vitest";
import { envelopeAroundText } from "../../../../src/repair/content-calls/envelope-around-text.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { callOutcomes } from "../call-outcomes.ts";

// A JSON call whose envelope is JSON as written and whose arguments object is not (unquoted text, a `\n` written
// as two characters between members, `+3`) has its arguments repaired as a structured call's are, with the schema,
// as the formats that carry arguments as text (Mistral's [ARGS], ReAct's Action Input) already have them.
const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] }, days: { type: "integer" }, note: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    },
  },
];
/** The call's arguments after the engine's repair, `"refused"` or `"text"`; the stream must read the same calls. */
const outcome = callOutcomes(tools).textOutcome;

describe("a JSON call whose arguments alone are not JSON", () => {
  it.each<[string, string, unknown]>([
    ["unquoted keys and values in a Hermes block", `<tool_call>\n{"name": "get_weather", "arguments": {city: Saint Paul, MN, unit: f}}\n</tool_call>`, { city: "Saint Paul, MN", unit: "f" }],
    ["escaped layout in a bare call after prose", `Checking now.\n{"name": "get_weather", "arguments": {\\n  "city": "Oslo",\\n  "days": 3\\n}}`, { city: "Oslo", days: 3 }],
    ["a number spelt +3 in a fenced call", "```json\n" + `{"name": "get_weather", "arguments": {"city": "Oslo", "days": +3}}` + "\n```", { city: "Oslo", days: 3 }],
    ["Llama's parameters key, the call's type before the name", `{"type": "function", "name": "get_weather", "parameters": {city: Oslo, days: 2}}`, { city: "Oslo", days: 2 }],
    ["the call's id before the name", `<tool_call>{"id": "call_1", "name": "get_weather", "arguments": {city: Bergen, unit: c}}</tool_call>`, { city: "Bergen", unit: "c" }],
    ["in a <tools> tag", `<tools>{"name": "get_weather", "arguments": {\\n"city": "Oslo"\\n}}</tools>`, { city: "Oslo" }],
  ])("reads %s", (_title, content, expected) => {
    expect(outcome(content)).toEqual(expected);
  });

  it.each<[string, string, unknown]>([
    ["a name no tool has", `<tool_call>\n{"name": "get_climate", "arguments": {city: Saint Paul, MN}}\n</tool_call>`, "text"],
    ["an elided member", `<tool_call>\n{"name": "get_weather", "arguments": {city: Oslo, ...}}\n</tool_call>`, "text"],
    ["an example", `For example:\n{"name": "get_weather", "arguments": {\\n"city": "Oslo"\\n}}`, "text"],
    ["words after a number", `<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3 days}}\n</tool_call>`, "refused"],
  ])("not for %s", (_title, content, expected) => {
    expect(outcome(content)).toEqual(expected);
  });
});

describe("envelopeAroundText", () => {
  it.each<[string, unknown]>([
    [`{"name": "f", "arguments": {a: b}}`, { name: "f", arguments: "{a: b}" }],
    [`{"type": "function", "id": "c1", "name": "f", "parameters": {\\n"a": 1\\n}}`, { type: "function", id: "c1", name: "f", parameters: `{\\n"a": 1\\n}` }],
  ])("reads %s", (text, expected) => {
    expect(envelopeAroundText(text)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["a member after the arguments", `{"name": "f", "arguments": {a: b}, "id": "c1"}`],
    ["a bracket closing the arguments early", `{"name": "f", "arguments": {"a": 1}], "b": 2}`],
    ["the arguments before the name", `{"arguments": {a: b}, "name": "f"}`],
    ["an unquoted name", `{"name": f, "arguments": {a: b}}`],
    ["an empty name", `{"name": "", "arguments": {a: b}}`],
    ["a key no call object has before the arguments", `{"name": "f", "thought": "x", "arguments": {a: b}}`],
    ["arguments that are no object", `{"name": "f", "arguments": a b}`],
    ["the name twice", `{"name": "f", "name": "g", "arguments": {a: b}}`],
    ["prose before a key", `{"name": "f", "arguments": {"a": "x", the user wants celsius "b": "c"}}`],
    ["words after a quoted value", `{"name": "f", "arguments": {"a": "x" I think, "b": 2}}`],
  ])("not with %s", (_title, text) => {
    expect(envelopeAroundText(text)).toBeUndefined();
  });
});
