import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

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
const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);

function outcome(content: string): unknown {
  const whole = extractToolCallsFromContent(content, tools);
  const holdback = createTextHoldback({ tools });
  for (const char of content) holdback.push(char);
  expect(holdback.end().calls).toEqual(whole?.calls ?? []);
  const call = whole?.calls[0];
  if (call === undefined) return "text";
  const result = engine.repair(call, prepared);
  if (result.kind === "failed") return "refused";
  return JSON.parse(result.kind === "repaired" ? result.arguments : call.arguments) as unknown;
}

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
