import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const invoke = (name: string, params: [string, string][]): string =>
  `<steptml:invoke name="${name}">${params.map(([key, value]) => `<steptml:parameter name="${key}">${value}</steptml:parameter>`).join("")}</steptml:invoke>`;
const block = (...calls: string[]): string =>
  `<｜tool_calls_begin｜>${calls.map((call) => `<｜tool_call_begin｜>${call}<｜tool_call_end｜>`).join("<｜tool_sep｜>")}<｜tool_calls_end｜>`;

const editTool: ToolDefinition = {
  name: "edit_file",
  parameters: { type: "object", properties: { old_string: { type: "string" }, indent: { type: "integer" }, enabled: { type: "boolean" } }, required: ["old_string"] },
};

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "one call", content: block(invoke("get_weather", [["city", "Tokyo"]])), calls: [["get_weather", { city: "Tokyo" }]], text: "" },
  {
    title: "two calls, prose around them",
    content: `Let me check.\n\n${block(invoke("get_weather", [["city", "Tokyo"], ["days", "2"]]), invoke("get_time", [["tz", "Asia/Tokyo"]]))}\n\nOne moment.`,
    calls: [["get_weather", { city: "Tokyo", days: 2 }], ["get_time", { tz: "Asia/Tokyo" }]],
    text: "Let me check.\n\nOne moment.",
  },
  { title: "no arguments", content: block('<steptml:invoke name="get_time"></steptml:invoke>'), calls: [["get_time", {}]], text: "" },
  { title: "without the outer tokens", content: `<｜tool_call_begin｜>${invoke("get_time", [["tz", "UTC"]])}<｜tool_call_end｜>`, calls: [["get_time", { tz: "UTC" }]], text: "" },
];

describe("Step3 calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it("reads the call type and name before the invoke, typing values from the schema", () => {
    const content = `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>edit_file\n${invoke("edit_file", [["old_string", "    if x:"], ["indent", " 4 "], ["enabled", " true "]])}<｜tool_call_end｜><｜tool_calls_end｜>`;
    expect(readBothWays(content, [editTool])).toEqual({ calls: [["edit_file", { old_string: "    if x:", indent: 4, enabled: true }]], text: "" });
  });

  it.each([
    ["an undeclared tool", block(invoke("delete_all", [["path", "/"]]))],
    ["a header naming another tool than its invoke", `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>get_weather\n${invoke("get_time", [["tz", "UTC"]])}<｜tool_call_end｜><｜tool_calls_end｜>`],
    ["prose between the call token and the invoke", `<｜tool_calls_begin｜><｜tool_call_begin｜>maybe this: ${invoke("get_time", [["tz", "UTC"]])}<｜tool_call_end｜><｜tool_calls_end｜>`],
    ["an unclosed invoke", '<｜tool_calls_begin｜><｜tool_call_begin｜><steptml:invoke name="get_time">'],
    ["a call shown as an example", `For example:\n${block(invoke("get_time", [["tz", "UTC"]]))}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
