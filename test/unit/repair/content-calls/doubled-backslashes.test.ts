import { describe, expect, it } from "vitest";
import { backslashesInFours } from "../../../../src/repair/content-calls/doubled-backslashes.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

// A list or object written as JSON between a value's tags, every backslash of its strings in a run of four:
// JSON reads two of each four, the JSON escaped once more reads one. Both validate, so the call stays text.
const tools: ToolDefinition[] = [
  { name: "todo_write", parameters: { type: "object", properties: { todos: { type: "array" } }, required: ["todos"] } },
  { name: "open", parameters: { type: "object", properties: { target: { type: "object" }, path: { type: "string" } } } },
];

const glm = (key: string, value: string): string => `<tool_call>todo_write<arg_key>${key}</arg_key><arg_value>${value}</arg_value></tool_call>`;
const dsml = (key: string, value: string): string =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="open">\n<｜DSML｜parameter name="${key}" string="false">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
const qwen = (name: string, key: string, value: string): string => `<tool_call>\n<function=${name}>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>`;

describe("backslashesInFours", () => {
  it.each([
    [String.raw`[{"task": "C:\\\\Users\\\\test.txt"}]`, true],
    [String.raw`[{"task": "Print \\\\n to see newline"}]`, true],
    [String.raw`{"p": "\\\\\\\\server"}`, true],
    // a run of two, or runs of other lengths beside the fours
    [String.raw`[{"task": "C:\\Users\\test.txt"}]`, false],
    [String.raw`{"p": "\\\\server\\share"}`, false],
    [String.raw`{"code": "console.log(\"a\\\\b\")"}`, false],
    // none in a string
    ['{"a": 1}', false],
  ])("%s → %s", (text, expected) => expect(backslashesInFours(text)).toBe(expected));
});

describe("JSON between a value's tags with its backslashes in fours", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["GLM: a Windows path in a list", glm("todos", String.raw`[{"id": "1", "task": "Check C:\\\\Users\\\\test.txt"}]`), []],
    ["GLM: a backslash before n", glm("todos", String.raw`[{"task": "Print \\\\n to see newline"}]`), []],
    ["Qwen3-Coder: a path in an object", qwen("open", "target", String.raw`{"path": "D:\\\\data\\\\x.csv"}`), []],
    ["DSML: marked as JSON", dsml("target", String.raw`{"path": "D:\\\\data"}`), []],
    // near misses: one reading only
    ["DSML: marked as JSON, escaped once", dsml("target", String.raw`{"path": "D:\\data"}`), [["open", { target: { path: String.raw`D:\data` } }]]],
    ["GLM: backslashes escaped once", glm("todos", String.raw`[{"task": "Check C:\\Users\\test.txt"}]`), [["todo_write", { todos: [{ task: String.raw`Check C:\Users\test.txt` }] }]]],
    ["GLM: code with its own escapes", glm("todos", String.raw`[{"task": "console.log(\"a\\\\b\")"}]`), [["todo_write", { todos: [{ task: String.raw`console.log("a\\b")` }] }]]],
    ["Qwen3-Coder: the same path escaped once", qwen("open", "target", String.raw`{"path": "D:\\data\\x.csv"}`), [["open", { target: { path: String.raw`D:\data\x.csv` } }]]],
    ["Qwen3-Coder: a string's text as written", qwen("open", "path", String.raw`C:\\\\x`), [["open", { path: String.raw`C:\\\\x` }]]],
  ])("%s", (_what, content, calls) => expect(readBothWays(content, tools).calls).toEqual(calls));
});
