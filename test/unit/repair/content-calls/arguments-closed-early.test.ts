import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { callOutcomes } from "../call-outcomes.ts";

// Arguments written as text after a call's head (ReAct's Action Input, Mistral's [ARGS], Devstral's name{…},
// Functionary's >>>name) whose object closes early or holds a bracket typed once too often, a member of theirs after
// it on the line (`{"city": "Oslo"}, "days": 3}`): the arguments run to the line's end, for the repair to read as
// the schema-guided parser reads such text (parse-continued, parse-stray-closers). Taken at the first closer, the
// call dropped the member after it.
const tools: ToolDefinition[] = [
  {
    name: "get_weather",
    parameters: {
      type: "object",
      properties: { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] }, days: { type: "integer" } },
      required: ["city"],
      additionalProperties: false,
    },
  },
];
/** The call's arguments after the engine's repair, `"refused"` or `"text"`; the stream must read the same calls. */
const outcome = callOutcomes(tools).textOutcome;

const formats: [string, (args: string) => string][] = [
  ["ReAct", (args) => `Thought: I need the weather.\nAction: get_weather\nAction Input: ${args}`],
  ["Mistral", (args) => `[TOOL_CALLS]get_weather[ARGS]${args}`],
  ["Devstral", (args) => `[TOOL_CALLS]get_weather${args}`],
  ["Functionary", (args) => `>>>get_weather\n${args}`],
];

describe("arguments written as text whose object closed early", () => {
  for (const [format, wrap] of formats) {
    it.each<[string, string, unknown]>([
      ["an object closed early", `{"city": "Oslo"}, "days": 3}`, { city: "Oslo", days: 3 }],
      ["a bracket typed once too often", `{"city": "Oslo"], "days": 3}`, { city: "Oslo", days: 3 }],
      ["closed early, two members after it", `{"city": "Oslo"}, "unit": "c", "days": 2}`, { city: "Oslo", unit: "c", days: 2 }],
      ["closed early, the root's brace left out after a number", `{"city": "Oslo"}, "days": 3`, "refused"],
      ["closed early, words after the last brace", `{"city": "Oslo"}, "unit": "c"} and more`, "refused"],
      ["a whole object, a sentence after it", `{"city": "Oslo", "days": 3}, "days" is optional`, { city: "Oslo", days: 3 }],
      ["two objects", `{"city": "Oslo"}, {"city": "Rome"}`, "text"],
    ])(`${format}: %s`, (_title, args, expected) => {
      expect(outcome(wrap(args))).toEqual(expected);
    });
  }

  it.each<[string, string]>([
    ["ReAct, the member on the next line after a comma", `Action: get_weather\nAction Input: {"city": "Oslo"},\n"days": 3}`],
    ["ReAct, the member on the next line, its comma left out", `Action: get_weather\nAction Input: {"city": "Oslo"}\n"days": 3}`],
    ["Functionary, the member on the next line", `>>>get_weather\n{"city": "Oslo"},\n"days": 3}`],
  ])("leaves it text where the member is on a later line: %s", (_title, content) => {
    expect(outcome(content)).toBe("text");
  });
});
