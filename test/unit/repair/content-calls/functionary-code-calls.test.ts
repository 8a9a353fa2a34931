import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools as baseTools } from "./read-both-ways.ts";

const python: ToolDefinition = { name: "python", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } };
const tools = [...baseTools, python];

type Row = [string, string, (readonly [string, unknown])[], string];

/** Functionary v3's code interpreter: raw code after `>>>python`, not JSON. */
describe("Functionary's raw code for its python tool", () => {
  it.each<Row>([
    ["one line", ">>>python\nprint('hey')", [["python", { code: "print('hey')" }]], ""],
    ["several lines after prose", "Let me compute it.\n>>>python\nimport math\nprint(math.pi)\n", [["python", { code: "import math\nprint(math.pi)" }]], "Let me compute it."],
    ["the answer opening with the name (the prompt wrote the >>>)", "python\n# This is a program:\nprint('hey')", [["python", { code: "# This is a program:\nprint('hey')" }]], ""],
    ["code, then another call", '>>>python\nprint(1)>>>get_time\n{"tz": "UTC"}', [["python", { code: "print(1)" }], ["get_time", { tz: "UTC" }]], ""],
    ["a stop token the server printed after the code is not code", ">>>python\nprint(1)\n<|eot_id|>", [["python", { code: "print(1)" }]], "<|eot_id|>"],
    ["a doctest prompt inside the code stays code", ">>>python\nx = 1\n# >>> x\nprint(x)", [["python", { code: "x = 1\n# >>> x\nprint(x)" }]], ""],
    ["JSON arguments still read as JSON", '>>>python\n{"code": "print(2)"}', [["python", { code: "print(2)" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each<[string, string, readonly ToolDefinition[]]>([
    ["no python tool declared", ">>>python\nprint('hey')", baseTools],
    ["a python tool that takes no code", ">>>python\nprint('hey')", [...baseTools, { name: "python", parameters: { type: "object", properties: { script: { type: "string" } } } }]],
    ["the bare name after prose", "Here is some code:\npython\nprint('hey')", tools],
    ["the name with no code", ">>>python\n   ", tools],
    ["a Python prompt", ">>> print('hey')\nhey", tools],
  ])("%s stays text", (_title, content, toolList) => {
    expect(readBothWays(content, toolList).calls).toEqual([]);
  });
});
