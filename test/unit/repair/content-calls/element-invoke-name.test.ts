import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readElementCall } from "../../../../src/repair/content-calls/element-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "run_command", parameters: { type: "object", properties: { command: { type: "string" }, timeout: { type: "integer" } }, required: ["command"] } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

describe("an element call naming its tool in <invoke_name>", () => {
  it("reads the name as <tool_name>'s", () => {
    expect(readElementCall("<invoke_name>run_command</invoke_name><parameters><command>ls</command></parameters>")).toEqual({
      name: "run_command",
      arguments: { kind: "params", params: [["command", "ls"]] },
    });
  });

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["in <tool_call>, laid out on lines", "<tool_call>\n<invoke_name>run_command</invoke_name>\n<parameters>\n<command>go test ./...</command>\n</parameters>\n</tool_call>", [["run_command", { command: "go test ./..." }]]],
    ["a value typed from the schema", "<tool_call><invoke_name>run_command</invoke_name><parameters><command>make</command><timeout>60</timeout></parameters></tool_call>", [["run_command", { command: "make", timeout: 60 }]]],
    ["JSON arguments", '<tool_call><invoke_name>get_time</invoke_name><arguments>{"tz": "UTC"}</arguments></tool_call>', [["get_time", { tz: "UTC" }]]],
    ["in the older Claude XML's <invoke>", "<invoke><invoke_name>get_time</invoke_name><parameters><tz>UTC</tz></parameters></invoke>", [["get_time", { tz: "UTC" }]]],
    ["no arguments", "<tool_call><invoke_name>get_time</invoke_name></tool_call>", [["get_time", {}]]],
  ])("%s", (_title, content, calls) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text: "" });
  });

  it("reads it in <tool_call> inside <function>, as DeepSeek V4 wrapped it", () => {
    const content = "<function>\n<tool_call>\n<invoke_name>run_command</invoke_name>\n<parameters>\n<command>go test ./...</command>\n</parameters>\n</tool_call>\n</function>";
    expect(readBothWays(content, tools).calls).toEqual([["run_command", { command: "go test ./..." }]]);
  });

  it.each([
    ["a name no tool has", "<tool_call><invoke_name>grep</invoke_name><parameters><command>ls</command></parameters></tool_call>"],
    ["words for the name", "<tool_call><invoke_name>run the command</invoke_name><parameters><command>ls</command></parameters></tool_call>"],
    ["text after the arguments", "<tool_call><invoke_name>run_command</invoke_name><parameters><command>ls</command></parameters> then more</tool_call>"],
    ["a child left open", "<tool_call><invoke_name>run_command</invoke_name><parameters><command>ls</parameters></tool_call>"],
    ["the element named in prose", "Write <invoke_name>run_command</invoke_name> to name the tool."],
  ])("%s: no call read from it", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
