import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { callOutcomes } from "../call-outcomes.ts";

// A JSON call whose arguments hold a Python triple-quoted string (`"code": """print("hi")"""`): the arguments go to
// the repair that reads triple quotes (parse-triple-quotes), text and inner quotes kept. Read before as an empty string
// followed by the text taken for keys, the call lost the text (dropped as unknown keys).
const tools: ToolDefinition[] = [
  {
    name: "run_python",
    parameters: {
      type: "object",
      properties: { code: { type: "string" }, timeout: { type: "integer" } },
      required: ["code"],
      additionalProperties: false,
    },
  },
];
/** The call's arguments after the engine's repair, `"refused"` or `"text"`; the stream must read the same calls. */
const outcome = callOutcomes(tools).textOutcome;

const formats: [string, (args: string) => string][] = [
  ["a Hermes block", (args) => `<tool_call>\n{"name": "run_python", "arguments": ${args}}\n</tool_call>`],
  ["a bare JSON call", (args) => `Running it.\n{"name": "run_python", "arguments": ${args}}`],
  ["a fenced JSON call", (args) => "```json\n" + `{"name": "run_python", "arguments": ${args}}` + "\n```"],
];

describe("a triple-quoted string in a JSON call's arguments", () => {
  for (const [format, wrap] of formats) {
    it.each<[string, string, unknown]>([
      ["double quotes inside", `{"code": """print("hi")""", "timeout": 5}`, { code: 'print("hi")', timeout: 5 }],
      ["single triple quotes", `{"code": '''x = 'a' + "b"'''}`, { code: `x = 'a' + "b"` }],
      ["its body opening with a line break (Python keeps it, other languages drop it)", `{"code": """\nprint(1)\n"""}`, "refused"],
    ])(`${format}: %s`, (_title, args, expected) => {
      expect(outcome(wrap(args))).toEqual(expected);
    });
  }
});
