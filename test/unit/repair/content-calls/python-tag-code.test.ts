import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Llama 3.1 writes raw code after `<|python_tag|>` for its code interpreter, Functionary v3.1 for its `python` tool.
const python: ToolDefinition[] = [{ name: "python", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } }];

describe("raw code after <|python_tag|>", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["code up to the end token", "<|python_tag|>import os\nprint(os.getcwd())<|eom_id|>", [["python", { code: "import os\nprint(os.getcwd())" }]], ""],
    ["code to the end of the text", "<|python_tag|>x = 2 ** 10\nprint(x)", [["python", { code: "x = 2 ** 10\nprint(x)" }]], ""],
    ["code after prose", "Let me compute that.<|python_tag|>print(sum(range(10)))<|eot_id|>", [["python", { code: "print(sum(range(10)))" }]], "Let me compute that."],
    ["code, then another template's stop token the server printed", "I will fix the code<|python_tag|>l = [1, 2]\nl.remove(2)\nl<|im_end|>", [["python", { code: "l = [1, 2]\nl.remove(2)\nl" }]], "I will fix the code<|im_end|>"],
    ["code, then stop tokens and a line break", "<|python_tag|>print(1)\n<|end|>\n", [["python", { code: "print(1)" }]], "<|end|>"],
    ["Llama's built-in call form", "<|python_tag|>python.call(code=\"print('hey')\")", [["python", { code: "print('hey')" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content, python)).toEqual({ calls, text });
  });

  it("gives Llama 3.1's code to a declared code_interpreter", () => {
    const interpreter: ToolDefinition[] = [{ name: "code_interpreter", parameters: { type: "object", properties: { code: { type: "string" } } } }];
    expect(readBothWays("<|python_tag|>print(2 + 2)<|eom_id|>", interpreter).calls).toEqual([["code_interpreter", { code: "print(2 + 2)" }]]);
  });

  it.each<[string, string, ToolDefinition[]]>([
    ["code when no `python` tool is declared", "<|python_tag|>print(1)", [{ name: "run_code", parameters: { type: "object", properties: { code: { type: "string" } } } }]],
    ["code for a `python` tool without a `code` argument", "<|python_tag|>print(1)", [{ name: "python", parameters: { type: "object", properties: { script: { type: "string" } } } }]],
    ["code opening with a comment", "<|python_tag|># setup\nprint(1)", python],
    ["code when both `python` and `code_interpreter` are declared", "<|python_tag|>print(1)", [...python, { name: "code_interpreter", parameters: { type: "object", properties: { code: { type: "string" } } } }]],
    ["a call to a tool nobody declared", '<|python_tag|>brave_search.call(query="weather")', python],
    ["the tag quoted as an example", "For example:\n<|python_tag|>print(1)", python],
    ["the tag inside reasoning", "<think>maybe <|python_tag|>print(1)</think>", python],
  ])("%s stays text", (_title, content, toolList) => {
    expect(readBothWays(content, toolList)).toEqual({ calls: [], text: content });
  });
});
