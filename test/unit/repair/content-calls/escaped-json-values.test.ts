import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// A list or an object between a format's tags with every quote escaped once too often.
const tools: ToolDefinition[] = [
  {
    name: "todo_write",
    parameters: {
      type: "object",
      properties: { todos: { type: "array", items: { type: "object", properties: { id: { type: "string" }, task: { type: "string" }, done: { type: "boolean" } } } }, note: { type: "string" } },
      required: ["todos"],
    },
  },
  { name: "set_config", parameters: { type: "object", properties: { config: { type: "object" }, tags: { type: "array", items: { type: "string" } } }, required: ["config"] } },
  { name: "echo", parameters: { type: "object", properties: { text: { type: "string" }, either: { type: ["string", "array"] } }, required: ["text"] } },
];

/** One call written in each format that puts a value as text between tags. */
const formats: Record<string, (name: string, args: readonly (readonly [string, string])[]) => string> = {
  GLM: (name, args) => `<tool_call>${name}${args.map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`).join("")}</tool_call>`,
  "GLM without its call tags": (name, args) => `${name}\n${args.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>`).join("\n")}`,
  "Qwen3-Coder": (name, args) => `<tool_call>\n<function=${name}>\n${args.map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join("")}</function>\n</tool_call>`,
  MiniMax: (name, args) =>
    `<minimax:tool_call>\n<invoke name="${name}">\n${args.map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`).join("")}</invoke>\n</minimax:tool_call>`,
};

const TODOS = '[{\\"id\\": \\"1\\", \\"task\\": \\"Check the backend\\", \\"done\\": false}, {\\"id\\": \\"2\\", \\"task\\": \\"a < b, c\\", \\"done\\": true}]';
const todos = [
  { id: "1", task: "Check the backend", done: false },
  { id: "2", task: "a < b, c", done: true },
];

describe("a list or an object with its quotes escaped once too often", () => {
  for (const [format, write] of Object.entries(formats)) {
    it(`${format}: a list of objects`, () => {
      expect(readBothWays(write("todo_write", [["todos", TODOS]]), tools).calls).toEqual([["todo_write", { todos }]]);
    });
    it(`${format}: an object and a list beside it, a string kept as written`, () => {
      const content = write("set_config", [["config", '{\\"mode\\": \\"fast\\", \\"depth\\": 2}'], ["tags", '[\\"a\\", \\"b\\"]']]);
      expect(readBothWays(content, tools).calls).toEqual([["set_config", { config: { mode: "fast", depth: 2 }, tags: ["a", "b"] }]]);
    });
    it(`${format}: a property that takes a string keeps the escaped text`, () => {
      expect(readBothWays(write("echo", [["text", TODOS]]), tools).calls).toEqual([["echo", { text: TODOS }]]);
    });
  }

  // Not read as the container (the call may still read, the value then its text, which the schema refuses).
  it.each([
    ["a backslash before something other than a quote", '[{\\"id\\": \\"1\\", \\"task\\": \\"line\\none\\"}]'],
    ["a backslash written twice", '[{\\"id\\": \\"C:\\\\\\\\x\\"}]'],
    ["quotes escaped and not", '[{\\"id": "1"}]'],
    ["no quote escaped at all, and broken", "[{id: 1"],
  ])("%s: no container is read", (_title, value) => {
    const reading = readBothWays(formats.GLM!("todo_write", [["todos", value]]), tools);
    expect(reading.calls.every(([, args]) => typeof (args as { todos: unknown }).todos === "string")).toBe(true);
  });

  it("a property that takes a string or a list keeps the text: both fit", () => {
    const value = '[\\"a\\", \\"b\\"]';
    expect(readBothWays(formats.GLM!("echo", [["text", "x"], ["either", value]]), tools).calls).toEqual([["echo", { text: "x", either: value }]]);
  });
});
