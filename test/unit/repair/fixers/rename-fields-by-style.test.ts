import { describe, it } from "vitest";
import { renameFieldsByStyle } from "../../../../src/repair/fixers/rename-fields-by-style.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const text = { type: "string" };
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required, additionalProperties: false });
const open = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });

const rows: FixerCase[] = [
  { title: "several keys one letter off are a guess, not a style", schema: closed({ name: text, age: text }, ["name", "age"]), before: { nam: "J", agge: "30" }, after: undefined },
  { title: "PascalCase to snake_case", schema: closed({ ca_bundle: text }), before: { CaBundle: "x" }, after: { ca_bundle: "x" } },
  { title: "snake_case to camelCase", schema: closed({ caBundle: text }), before: { ca_bundle: "x" }, after: { caBundle: "x" } },
  { title: "kebab-case to camelCase", schema: closed({ filePath: text }), before: { "file-path": "a" }, after: { filePath: "a" } },
  { title: "open object, missing required key", schema: open({ file_path: text }, ["file_path"]), before: { filePath: "a", other: 1 }, after: { file_path: "a", other: 1 } },
  { title: "open object: an optional key too, once the object is being repaired", schema: open({ file_path: text, mode: text }, ["file_path"]), before: { FilePath: "a", Mode: "r" }, after: { file_path: "a", mode: "r" } },
  { title: "whatever the value's type", schema: closed({ limit: { type: "integer" } }), before: { Limit: "5" }, after: { limit: "5" } },

  // A key inside its own quotes (Qwen's `<parameter="command">` read verbatim): the quotes are no part of a name.
  { title: "a key in its own double quotes", schema: closed({ command: text }, ["command"]), before: { '"command"': "ls -la /tmp" }, after: { command: "ls -la /tmp" } },
  { title: "in single quotes or backticks, and in another style", schema: closed({ file_path: text, cwd: text }), before: { "'filePath'": "a", "`cwd`": "/tmp" }, after: { file_path: "a", cwd: "/tmp" } },
  { title: "a quoted key beside the declared key is a second value", schema: closed({ command: text }), before: { '"command"': "ls", command: "pwd" }, after: undefined },
  { title: "quotes around another name", schema: closed({ command: text }, ["command"]), before: { '"cmd"': "ls" }, after: undefined },
  { title: "unpaired quotes", schema: closed({ command: text }, ["command"]), before: { '"command': "ls" }, after: undefined },
  { title: "a key written with its colon", schema: closed({ path: text }, ["path"]), before: { "path:": "a" }, after: undefined },
  // A parameter tag read whole as the key (a MiniMax or Claude `<parameter name="ops">` under the wrong dialect, Qwen's `<parameter=path>`).
  { title: "parameter name=\"…\" keys", schema: closed({ _i: text, ops: { type: "array" } }, ["ops"]), before: { 'parameter name="_i"': "Initialize", 'parameter name="ops"': [] }, after: { _i: "Initialize", ops: [] } },
  { title: "a Qwen parameter tag, with its brackets", schema: closed({ path: text }, ["path"]), before: { "<parameter=path>": "a.txt" }, after: { path: "a.txt" } },
  { title: "param=…, in another style", schema: closed({ file_path: text }), before: { "param=filePath": "a" }, after: { file_path: "a" } },
  { title: "a tag naming another key", schema: closed({ path: text }, ["path"]), before: { 'parameter name="file"': "a" }, after: undefined },
  { title: "a tag beside the declared key is a second value", schema: closed({ path: text }), before: { "<parameter=path>": "a", path: "b" }, after: undefined },
  { title: "a tag holding a value is not a name", schema: closed({ path: text }, ["path"]), before: { "<parameter=path>a.txt</parameter>": "x" }, after: undefined },
  // Every naming style of the same words, and full-width letters (NFKC).
  { title: "SCREAMING_CASE", schema: closed({ max_results: text }), before: { MAX_RESULTS: "3" }, after: { max_results: "3" } },
  { title: "dot.case and spaced words", schema: closed({ user_name: text, max_count: text }), before: { "user.name": "a", "Max Count": "b" }, after: { user_name: "a", max_count: "b" } },
  { title: "acronyms in PascalCase", schema: closed({ xml_parser: text, io_error: text }), before: { XMLParser: "p", IOError: "e" }, after: { xml_parser: "p", io_error: "e" } },
  { title: "full-width letters", schema: closed({ file_path: text }), before: { "ｆｉｌｅ＿ｐａｔｈ": "a" }, after: { file_path: "a" } },
  // The call's own namespace before a key, in the arguments object: an envelope's word or the tool's name, as a dotted path or in brackets.
  { title: "args.key", schema: closed({ file_path: text }, ["file_path"]), before: { "args.file_path": "a" }, after: { file_path: "a" } },
  { title: "arguments.key, in another style", schema: closed({ file_path: text }), before: { "arguments.filePath": "a" }, after: { file_path: "a" } },
  { title: "params[key]", schema: closed({ file_path: text, mode: text }), before: { "params[file_path]": "a", "params[mode]": "r" }, after: { file_path: "a", mode: "r" } },
  { title: "the tool's name as the namespace", toolName: "read_file", schema: closed({ path: text }, ["path"]), before: { "ReadFile.path": "a" }, after: { path: "a" } },
  { title: "the tool's name under functions.", toolName: "read_file", schema: closed({ path: text }, ["path"]), before: { "functions.read_file.path": "a" }, after: { path: "a" } },
  { title: "another tool's name is no namespace of this call", toolName: "read_file", schema: closed({ path: text }, ["path"]), before: { "write_file.path": "a" }, after: undefined },
  { title: "a head the schema declares is a property, not a namespace", schema: closed({ args: { type: "object" }, path: text }, ["path"]), before: { "args.path": "a" }, after: undefined },
  { title: "input and properties are words of data as often", schema: closed({ path: text }, ["path"]), before: { "input.path": "a", "properties.mode": "r" }, after: undefined },
  { title: "a colon or a slash is no path", schema: closed({ path: text }, ["path"]), before: { "args:path": "a" }, after: undefined },
  { title: "a namespace only in the arguments object", schema: closed({ opts: closed({ path: text }, ["path"]) }), before: { opts: { "args.path": "a" } }, after: undefined },
  { title: "a path and a style naming two declared keys: neither", schema: closed({ path: text, args_path: text }), before: { "args.path": "a" }, after: undefined },
  { title: "a similar but different name is not a style", schema: closed({ file_path: text }), before: { path: "a" }, after: undefined },
  { title: "plural is not a style", schema: closed({ content: text }), before: { contents: "a" }, after: undefined },
  { title: "two keys spell the same name", schema: closed({ file_path: text }), before: { filePath: "a", FILE_PATH: "b" }, after: undefined },
  { title: "two declared keys spell the same name", schema: closed({ file_path: text, filePath: text }, ["file_path"]), before: { FilePath: "a" }, after: undefined },
  { title: "the declared key is present", schema: closed({ file_path: text }), before: { file_path: "a", filePath: "b" }, after: undefined },
];

describe("rename-fields-by-style", () => {
  it.each(rows)("$title", (row) => checkFixerCase(renameFieldsByStyle, row));
});
