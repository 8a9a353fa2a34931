import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const tools: ToolDefinition[] = [{ name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } }];
const P = "｜DSML｜";
const glm = (value: string, days = "") => `<tool_call>get_weather<arg_key>city</arg_key><arg_value>${value}</arg_value>${days === "" ? "" : `<arg_key>days</arg_key><arg_value>${days}</arg_value>`}</tool_call>`;
const dsml = (value: string) => `<${P}function_calls><${P}invoke name="get_weather"><${P}parameter name="city" string="true">${value}</${P}parameter></${P}invoke></${P}function_calls>`;
const minimax = (value: string) => `<minimax:tool_call><invoke name="get_weather"><parameter name="city">${value}</parameter></invoke></minimax:tool_call>`;
const qwen = (value: string, days = "") =>
  `<tool_call>\n<function=get_weather>\n<parameter=city>${value}</parameter>\n${days === "" ? "" : `<parameter=days>${days}</parameter>\n`}</function>\n</tool_call>`;
/** llama.cpp's short tags, no `<tool_call>` around them. */
const qwenShort = (value: string) => `<function=get_weather>\n<param=city>${value}</param>\n</function>`;

describe("whitespace at a value's edges: what template and parsers agree on", () => {
  it.each([
    ["GLM, spaces both sides", glm("  Paris  ")],
    ["GLM, a tab and breaks both sides", glm("\n\tParis\r\n")],
    ["DSML, spaces both sides", dsml("  Paris  ")],
    ["DSML, breaks both sides", dsml("\nParis\n")],
    ["MiniMax, spaces both sides", minimax(" Paris ")],
    ["Qwen3-Coder, a break after the value only, several lines", qwen("def f():\n    pass\n")],
    ["Qwen3-Coder, a break before the value only", qwen("\nParis")],
    ["Qwen3-Coder, a break after the value only, one line", qwen("Paris\n")],
    ["Qwen3-Coder, inline, spaces both sides", qwen("  Paris  ")],
    ["Qwen3-Coder, inline, one space both sides, words inside", qwen(" New York ")],
    ["Qwen3-Coder, inline, tabs both sides", qwen("\tParis\t")],
    ["Qwen3-Coder, inline, padded, a second value after it", qwen("  Paris  ", "3")],
    ["Qwen3-Coder short tags, inline, spaces both sides", qwenShort("  Paris  ")],
    ["Qwen3-Coder, inline, padded after prose", `I'll check.\n${qwen("  Paris  ")}`],
  ])("%s: two readings, the call stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, unknown]>([
    ["GLM, inline", glm("Paris"), { city: "Paris" }],
    ["GLM, space on one side only", glm("  Paris"), { city: "  Paris" }],
    ["GLM, several lines keep their breaks", glm("\nParis\nFrance\n"), { city: "\nParis\nFrance\n" }],
    ["GLM, a padded number is typed", glm("Paris", "  3  "), { city: "Paris", days: 3 }],
    ["DSML, inline", dsml("Paris"), { city: "Paris" }],
    ["Qwen3-Coder, the template's break either side", qwen("\nParis\n"), { city: "Paris" }],
    ["Qwen3-Coder, inline", qwen("Paris"), { city: "Paris" }],
    ["Qwen3-Coder, inline, space on one side only", qwen("Paris  "), { city: "Paris  " }],
    ["Qwen3-Coder, inline, indented", qwen("    Paris"), { city: "    Paris" }],
    ["Qwen3-Coder, a padded number is typed", qwen("Paris", " 3 "), { city: "Paris", days: 3 }],
    [
      "Qwen3-Coder flattened onto one line, one space where each break was",
      "<tool_call> <function=get_weather> <parameter=city> Paris </parameter> <parameter=days> 3 </parameter> </function> </tool_call>",
      { city: "Paris", days: 3 },
    ],
    ["Qwen3-Coder, spaces inside the breaks are the value's", qwen("\n  Paris  \n"), { city: "  Paris  " }],
    ["Qwen3-Coder, the template's breaks around lines that end in one", qwen("\ndef f():\n    pass\n\n"), { city: "def f():\n    pass\n" }],
  ])("%s: read", (_title, content, args) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [["get_weather", args]], text: "" });
  });
});

describe("whitespace at a value's edges in a tool's own element (Cline, Roo)", () => {
  const roo: ToolDefinition[] = [{ name: "write_to_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path"] } }];
  const call = (path: string, content = "") => `<write_to_file>\n<path>${path}</path>\n${content === "" ? "" : `<content>${content}</content>\n`}</write_to_file>`;

  it.each([
    ["a one-line value padded on both sides (Cline's parser trims, Roo's fallback keeps)", call("  src/a.ts  ")],
    ["a value against its opening tag ending in a line break", call("src/a.ts", "export {}\n")],
  ])("%s: two readings, the call stays text", (_title, content) => {
    expect(readBothWays(content, roo).calls).toEqual([]);
  });

  it.each<[string, string, unknown]>([
    ["a value against its tags", call("src/a.ts"), { path: "src/a.ts" }],
    ["one line break either side is layout", call("src/a.ts", "\nexport {}\n"), { path: "src/a.ts", content: "export {}" }],
  ])("%s: read", (_title, content, args) => {
    expect(readBothWays(content, roo).calls).toEqual([["write_to_file", args]]);
  });
});
