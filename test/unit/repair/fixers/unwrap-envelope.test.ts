import { describe, it } from "vitest";
import { unwrapEnvelope } from "../../../../src/repair/fixers/unwrap-envelope.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const schema = {
  type: "object",
  properties: { type: { type: "string", enum: ["add", "delete"] }, content: { type: "string" } },
  required: ["type", "content"],
  additionalProperties: false,
};
const args = { type: "add", content: "milk" };
const toolName = "todo";

const rows: FixerCase[] = [
  { title: "arguments", schema, before: { arguments: args }, after: args },
  { title: "parameters", schema, before: { parameters: args }, after: args },
  { title: "input", schema, before: { input: args }, after: args },
  { title: "name + arguments", schema, toolName, before: { name: "todo", arguments: args }, after: args },
  { title: "name + parameters", schema, toolName, before: { name: "todo", parameters: args }, after: args },
  { title: "namespaced name", schema, toolName, before: { name: "functions.todo", arguments: args }, after: args },
  { title: "args", schema, before: { args: args }, after: args },
  { title: "params", schema, before: { params: args }, after: args },
  { title: "kwargs", schema, before: { kwargs: args }, after: args },
  { title: "tool_name + tool_input", schema, toolName, before: { tool_name: "todo", tool_input: args }, after: args },
  { title: "properties", schema, before: { properties: args }, after: args },
  { title: "function + arguments", schema, toolName, before: { function: "todo", arguments: args }, after: args },
  { title: "tool + args as a JSON string", schema, toolName, before: { tool: "todo", args: JSON.stringify(args) }, after: args },
  { title: "name + input", schema, toolName, before: { name: "todo", input: args }, after: args },
  { title: "inner keys in another spelling style", schema, toolName, before: { name: "todo", arguments: { Type: "add", Content: "milk" } }, after: { Type: "add", Content: "milk" } },
  { title: "arguments as a JSON string", schema, toolName, before: { name: "todo", arguments: JSON.stringify(args) }, after: args },
  { title: "properties as a Python dict's string", schema, before: { properties: "{'type': 'add', 'content': 'milk'}" }, after: args },
  { title: "arguments as a Python dict's string, True and None", schema: { type: "object", properties: { done: { type: "boolean" }, note: { type: ["string", "null"] } }, required: ["done"], additionalProperties: false }, before: { arguments: "{'done': True, 'note': None}" }, after: { done: true, note: null } },
  { title: "OpenAI shape", schema, toolName, before: { type: "function", function: { name: "todo", arguments: args } }, after: args },
  { title: "OpenAI shape with id", schema, toolName, before: { id: "call_1", type: "function", function: { name: "todo", arguments: JSON.stringify(args) } }, after: args },
  { title: "multi_tool_use.parallel with one use", schema, toolName, before: { tool_uses: [{ recipient_name: "functions.todo", parameters: args }] }, after: args },
  { title: "envelope in an envelope", schema, toolName, before: { arguments: { name: "todo", arguments: args } }, after: args },
  { title: "the arguments in a list of one", schema, before: [args], after: args },
  { title: "a list of one call", schema, toolName, before: [{ name: "todo", arguments: args }], after: args },
  { title: "a leaked tool_calls list of one", schema, toolName, before: { tool_calls: [{ id: "call_1", type: "function", function: { name: "todo", arguments: JSON.stringify(args) } }] }, after: args },
  { title: "LangChain action and action_input", schema, toolName, before: { action: "todo", action_input: args }, after: args },
  { title: "tool_name and tool_input", schema, toolName, before: { tool_name: "todo", tool_input: args }, after: args },
  { title: "smolagents' tool_name and tool_arguments", schema, toolName, before: { tool_name: "todo", tool_arguments: args }, after: args },
  { title: "tool_arguments alone", schema, before: { tool_arguments: args }, after: args },
  { title: "one multi_tool_use entry without its list", schema, toolName, before: { recipient_name: "functions.todo", parameters: args }, after: args },
  { title: "the tool's name as the only key", schema, toolName, before: { todo: args }, after: args },
  { title: "the tool's name over a JSON string", schema, toolName, before: { todo: JSON.stringify(args) }, after: args },
  { title: "the tool's name in another style as the only key", schema, toolName, before: { Todo: args }, after: args },
  { title: "the tool's namespaced name as the only key", schema, toolName, before: { "functions.todo": args }, after: args },
  { title: "empty arguments", schema: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false }, before: { arguments: {} }, after: {} },

  { title: "function naming another tool", schema, toolName, before: { function: "delete_all", args: args }, after: undefined },
  { title: "name that is not a string", schema, toolName, before: { name: 1, arguments: args }, after: undefined },
  { title: "name of another tool", schema, toolName, before: { name: "delete_all", arguments: args }, after: undefined },
  { title: "name without a known tool name", schema, before: { name: "todo", arguments: args }, after: undefined },
  { title: "schema declares the key", schema: { type: "object", properties: { input: { type: "object" }, mode: { type: "string" } }, required: ["mode"] }, before: { input: { mode: "x" } }, after: undefined },
  { title: "extra keys beside the envelope", schema, before: { arguments: args, content: "x" }, after: undefined },
  { title: "inner object shares no declared key", schema, before: { arguments: { foo: 1 } }, after: undefined },
  { title: "parallel with two uses", schema, toolName, before: { tool_uses: [{ recipient_name: "functions.todo", parameters: args }, { recipient_name: "functions.todo", parameters: args }] }, after: undefined },
  { title: "arguments that are not an object", schema, before: { arguments: "milk" }, after: undefined },
  { title: "a Python dict's string with two readings", schema, before: { properties: "{'type': 'add', 'content': 'it's'}" }, after: undefined },
  { title: "a Python dict's string cut short", schema, before: { properties: "{'type': 'add', 'content': 'mi" }, after: undefined },
  { title: "OpenAI shape of another type", schema, toolName, before: { type: "tool", function: { name: "todo", arguments: args } }, after: undefined },
  { title: "a list of one object that is no arguments of this tool", schema, before: [{ foo: 1 }], after: undefined },
  { title: "a list of two argument objects (several calls)", schema, before: [args, args], after: undefined },
  { title: "action naming another tool", schema, toolName, before: { action: "delete_all", action_input: args }, after: undefined },
  { title: "tool_arguments of another tool", schema, toolName, before: { tool_name: "delete_all", tool_arguments: args }, after: undefined },
  { title: "tool_arguments, a key the tool declares", schema: { type: "object", properties: { tool_arguments: { type: "object" }, mode: { type: "string" } }, required: ["mode"] }, before: { tool_arguments: { mode: "x" } }, after: undefined },
  { title: "a list of two calls (several calls, not one)", schema, toolName, before: [{ name: "todo", arguments: args }, { name: "todo", arguments: args }], after: undefined },
  { title: "a call shape whose key the tool declares", schema: { type: "object", properties: { action: { type: "string" }, action_input: { type: "object" }, mode: { type: "string" } }, required: ["mode"] }, toolName, before: { action: "todo", action_input: { mode: "x" } }, after: undefined },
  { title: "the tool's name as a declared key", schema: { type: "object", properties: { todo: { type: "object" }, mode: { type: "string" } }, required: ["mode"] }, toolName, before: { todo: { mode: "x" } }, after: undefined },
  { title: "another tool's name as the only key", schema, toolName, before: { delete_all: args }, after: undefined },
  { title: "the tool's name in another style, spelling a declared key", schema: { type: "object", properties: { todo_: { type: "object" }, mode: { type: "string" } }, required: ["mode"] }, toolName, before: { Todo: { mode: "x" } }, after: undefined },
  { title: "too deep", schema, before: { input: { input: { input: { input: args } } } }, after: undefined },
];

describe("unwrap-envelope", () => {
  it.each(rows)("$title", (row) => checkFixerCase(unwrapEnvelope, row));
});
