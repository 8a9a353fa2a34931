import { describe, it } from "vitest";
import { parseParameterTags } from "../../../../src/repair/parsers/parse-parameter-tags.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const shell = objectSchema(["command", "timeout"], { types: { timeout: { type: "integer" } }, required: ["command"], closed: true });
const glob = objectSchema(["pattern", "path"], { required: ["pattern"], closed: true });
const search = objectSchema(["queries", "strict"], { types: { queries: { type: "array", items: { type: "string" } }, strict: { type: "boolean" } }, required: ["queries"], closed: true });

describe("parse-parameter-tags", () => {
  it.each([
    [glob, "<parameter=pattern>**</parameter>", { pattern: "**" }],
    [shell, "<parameter=command>ls -la</parameter>", { command: "ls -la" }],
    // Qwen3-Coder's layout: each value on its own lines; the line breaks around it are the format's
    [shell, "<parameter=command>\nls -la\n</parameter>\n<parameter=timeout>\n30\n</parameter>", { command: "ls -la", timeout: 30 }],
    // the call element's closers left after the parameters
    [shell, "<parameter=command>pwd</parameter>\n</function>\n</tool_call>", { command: "pwd" }],
    // a list and a boolean typed from the schema, as Python or JSON
    [search, "<parameter=queries>['a', 'b']</parameter><parameter=strict>True</parameter>", { queries: ["a", "b"], strict: true }],
    [search, '<parameter=queries>["a"]</parameter>', { queries: ["a"] }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseParameterTags, schema, input, expected));

  it.each([
    // prose before the elements, or after them: not arguments
    [shell, "Let me run <parameter=command>ls</parameter>"],
    [shell, "<parameter=command>ls</parameter> and then more"],
    // a value the property's type does not take
    [shell, "<parameter=command>ls</parameter><parameter=timeout>soon</parameter>"],
    // an element left open: the value was cut
    [shell, "<parameter=command>ls -la"],
  ])("%s → nothing", (schema, input) => assertReads(parseParameterTags, schema, input, undefined));
});
