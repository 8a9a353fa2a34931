import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "run_code", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
  { name: "configure", parameters: { type: "object", properties: { port: { type: "integer" }, ssl: { type: "boolean" }, tags: { type: "array", items: { type: "string" } } } } },
];

/** A Qwen3-Coder call pretty-printed: the tags indented, each closer on a line of its own. */
const indented = (name: string, params: readonly (readonly [string, string])[]): string =>
  `<tool_call>\n  <function=${name}>\n${params.map(([key, value]) => `    <parameter=${key}>\n${value}\n    </parameter>\n`).join("")}  </function>\n</tool_call>`;

type Row = [string, string, (readonly [string, unknown])[]];

describe("Qwen3-Coder values in pretty-printed XML", () => {
  it.each<Row>([
    ["code that opens at the line's start keeps its inner indentation", indented("run_code", [["code", "def hello():\n    print(\"hi\")\n    return True"]]), [["run_code", { code: "def hello():\n    print(\"hi\")\n    return True" }]]],
    ["an empty value", "<tool_call>\n  <function=run_code>\n    <parameter=code>\n    </parameter>\n  </function>\n</tool_call>", [["run_code", { code: "" }]]],
    ["numbers, booleans and lists read as JSON whatever their indentation", indented("configure", [["port", "      8080"], ["ssl", "      false"], ["tags", '      ["a", "b"]']]), [["configure", { port: 8080, ssl: false, tags: ["a", "b"] }]]],
    ["a closer at the line's start: only the line breaks are layout", "<tool_call>\n<function=run_code>\n<parameter=code>\n    return x\n</parameter>\n</function>\n</tool_call>", [["run_code", { code: "    return x" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each([
    ["an indented string: the indentation may be the layout's or the text's", indented("get_weather", [["city", "      Paris"], ["days", "      3"]])],
    ["indented code: dedented or kept, a guess", indented("run_code", [["code", "      if x:\n          return 1"]])],
    ["a value of spaces only", indented("run_code", [["code", "      "]])],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

describe("Qwen3-Coder XML flattened onto one line", () => {
  it.each<Row>([
    ["one space where each line break was: the value's padding is layout", "<tool_call> <function=get_weather> <parameter=city> Paris </parameter> </function> </tool_call>", [["get_weather", { city: "Paris" }]]],
    ["several parameters, inner spaces kept", "<tool_call> <function=run_code> <parameter=code> print(1 + 2) </parameter> </function> </tool_call>", [["run_code", { code: "print(1 + 2)" }]]],
    ["a number and a string", "<tool_call> <function=get_weather> <parameter=city> New York </parameter> <parameter=days> 3 </parameter> </function> </tool_call>", [["get_weather", { city: "New York", days: 3 }]]],
    ["no padding at all is read as written", "<tool_call> <function=get_weather> <parameter=city>Paris</parameter> </function> </tool_call>", [["get_weather", { city: "Paris" }]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it.each<string[]>([
    // Padding on one value only, or two spaces: not the one-space layout. The spaces are then a value written inline
    // with space on both sides, which Qwen3-Coder's parsers read two ways (vLLM's keeps them, SGLang's trims them).
    ["one value padded, the other not", "<tool_call> <function=get_weather> <parameter=city> Paris </parameter> <parameter=days>3</parameter> </function> </tool_call>"],
    ["two spaces either side", "<tool_call> <function=get_weather> <parameter=city>  Paris  </parameter> </function> </tool_call>"],
    ["tags run together: no layout to undo", "<tool_call><function=get_weather><parameter=city> Paris </parameter><parameter=days>3</parameter></function></tool_call>"],
    ["line breaks in the block: the usual layout rules apply", "<tool_call>\n<function=get_weather>\n<parameter=city> Paris </parameter>\n</function>\n</tool_call>"],
  ])("%s: two readings, the call stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it.each<Row>([
    ["a space on one side only is the value's", "<tool_call><function=get_weather><parameter=city>Paris </parameter><parameter=days>3</parameter></function></tool_call>", [["get_weather", { city: "Paris ", days: 3 }]]],
  ])("%s keeps the spaces", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });
});
