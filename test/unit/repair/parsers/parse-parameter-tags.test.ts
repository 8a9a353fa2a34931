import { describe, expect, it } from "vitest";
import { parseParameterTags, readParameterTags } from "../../../../src/repair/parsers/parse-parameter-tags.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
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

  describe("inside the call element the model wrote, put in the arguments whole", () => {
    const sum = objectSchema(["a", "b"], { types: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"], closed: true });
    it.each([
      ["report_sum", "<tool_call>\n<function=report_sum>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>", { a: 3, b: 4 }],
      ["report_sum", "<function=report_sum>\n<parameter=a>\n3\n</parameter>\n<parameter=b>\n4\n</parameter>\n</function>", { a: 3, b: 4 }],
      ["report_sum", "  <tool_call><function=report_sum><parameter=a>1</parameter><parameter=b>2</parameter></function></tool_call>", { a: 1, b: 2 }],
      // the tag's `=` left out
      ["report_sum", "<tool_call><function report_sum><parameter=a>1</parameter><parameter=b>2</parameter></function></tool_call>", { a: 1, b: 2 }],
      ["report_sum", "<functionreport_sum>\n<parameter=a>1</parameter>\n<parameter=b>2</parameter>\n</function>", { a: 1, b: 2 }],
    ])("%s: %j", (tool, input, expected) => {
      expect(readParameterTags(input, sum, tool)).toStrictEqual(expected);
    });

    it.each([
      // another tool's call: its arguments are not this call's
      ["report_sum", "<tool_call>\n<function=report_total>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>"],
      // the tool unknown to the reader
      [undefined, "<tool_call>\n<function=report_sum>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>"],
      // a second call after the first
      ["report_sum", "<function=report_sum><parameter=a>3</parameter><parameter=b>4</parameter></function><function=report_sum><parameter=a>5</parameter>"],
      // no parameters in it, or a value cut
      ["report_sum", "<tool_call>\n<function=report_sum>\n</function>\n</tool_call>"],
      ["report_sum", "<tool_call>\n<function=report_sum>\n<parameter=a>3</parameter>\n<parameter=b>4"],
      // without its `=`, a name other than the tool's, or spaces where the `=` goes
      ["report_sum", "<tool_call><function report_total><parameter=a>1</parameter><parameter=b>2</parameter></function></tool_call>"],
      ["report_sum", "<tool_call><function  report_sum><parameter=a>1</parameter><parameter=b>2</parameter></function></tool_call>"],
      ["report_sum", "<tool_call><function report_sum ><parameter=a>1</parameter><parameter=b>2</parameter></function></tool_call>"],
    ])("%s: %j → nothing", (tool, input) => {
      expect(readParameterTags(input, sum, tool)).toBeUndefined();
    });

    it("repairs a named call whose arguments hold its own call element, and refuses another tool's", () => {
      const engine = createRepairEngine();
      const tools = engine.prepareTools([{ name: "report_sum", parameters: sum }]);
      const own = engine.repair({ name: "report_sum", arguments: "<tool_call>\n<function=report_sum>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>" }, tools);
      expect(own.kind === "repaired" ? JSON.parse(own.arguments) : own.kind).toStrictEqual({ a: 3, b: 4 });
      const other = engine.repair({ name: "report_sum", arguments: "<tool_call>\n<function=get_time>\n<parameter=a>3</parameter>\n<parameter=b>4</parameter>\n</function>\n</tool_call>" }, tools);
      expect(other.kind).toBe("failed");
    });
  });
});
