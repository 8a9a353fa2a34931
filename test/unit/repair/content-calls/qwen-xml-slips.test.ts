import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] } },
  { name: "edit", parameters: { type: "object", properties: { filePath: { type: "string" }, oldString: { type: "string" }, newString: { type: "string" } }, required: ["filePath"] } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
  { name: "send_command_to_shell", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
  { name: "list_mailboxes", parameters: { type: "object", properties: {} } },
];

type Row = [string, string, (readonly [string, unknown])[], string];

describe("a Qwen call opened with the tool's name in a parameter tag", () => {
  it.each<Row>([
    ["bare, closed by </function>", "<parameter=bash>\n<parameter=command>\nls -la\n</parameter>\n</function>", [["bash", { command: "ls -la" }]], ""],
    ["after prose", "Let me look.\n<parameter=bash>\n<parameter=command>\nls\n</parameter>\n</function>", [["bash", { command: "ls" }]], "Let me look."],
    [
      "two calls",
      "<parameter=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n<parameter=edit>\n<parameter=filePath>\n/a.go\n</parameter>\n<parameter=oldString>\nx\n</parameter>\n<parameter=newString>\ny\n</parameter>\n</function>",
      [
        ["bash", { command: "ls" }],
        ["edit", { filePath: "/a.go", oldString: "x", newString: "y" }],
      ],
      "",
    ],
    ["inside <tool_call>, the name's tag closed last", "<tool_call>\n<parameter=bash>\n<parameter=command>\nls\n</parameter>\n</parameter>\n</tool_call>", [["bash", { command: "ls" }]], ""],
    ["inside <tool_call>, closed by </function>", "<tool_call>\n<parameter=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>", [["bash", { command: "ls" }]], ""],
    ["a name written in another case", "<parameter=Bash>\n<parameter=command>\nls\n</parameter>\n</function>", [["bash", { command: "ls" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a name no tool has", "<parameter=grep>\n<parameter=command>\nls\n</parameter>\n</function>"],
    ["no name at all: the tool would be guessed from the keys", "<tool_call>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>"],
    ["a bare parameter, no name", "<parameter=command>\nls\n</parameter>\n</function>"],
    ["a second call naming no declared tool", "<parameter=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n<parameter=read>\n<parameter=filePath>\n/a\n</parameter>\n</function>"],
    ["prose showing the syntax", "The template uses <parameter=name>value</parameter> syntax."],
    ["the name with a value of its own", "<parameter=bash>\nls\n</parameter>\n</function>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});

describe("Qwen3-Coder parameters as Qwen3.5/3.6 break them", () => {
  const call = (city: string): string => `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>`;
  it.each<Row>([
    ["a closer with a digit", call("Paris\n</parameter1>"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["a closer fused with the function's", call("Paris\n</parameter_function>"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["a self-closing closer", call("Paris\n</parameter/>"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["a closer cut before its >", call("Paris\n</parameter"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["a closer written twice", call("Paris\n</parameter>\n</parameter>"), [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["the last closer left out before </function>", "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</function>\n</tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["the last closer left out, bare call", "<function=get_weather>\n<parameter=city>\nParis\n</function>", [["get_weather", { city: "Paris" }]], ""],
    // Neither `<tool_call>` nor `</function>` written: the block's closer ends the call.
    // MiniMax-M2.5's hybrid: Claude-style parameter elements under Qwen3-Coder's function tag.
    ["Claude-style parameters under the function tag", '<function=get_weather>\n<parameter name="city">Paris</parameter>\n<parameter name="days">2</parameter>\n</function>', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["the names in single quotes", "<function=get_weather>\n<parameter name='city'>Paris</parameter>\n</function>", [["get_weather", { city: "Paris" }]], ""],
    ["only the block's closer, no parameters", "<function=list_mailboxes> </tool_call>", [["list_mailboxes", {}]], ""],
    ["only Seed-OSS's block closer", "<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</seed:tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["only the block's closer, after prose", "Let me check.\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</tool_call>", [["get_weather", { city: "Paris" }]], "Let me check."],
    ["the value written into the tag", "<function=get_weather>\n<parameter=city=Paris</parameter>\n<parameter=days>\n2\n</parameter>\n</function>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["the value in the tag holding a >", "<function=bash>\n<parameter=command=echo a > b</parameter>\n</function>", [["bash", { command: "echo a > b" }]], ""],
    ["a value holding </parameters>, another tag", "<function=bash>\n<parameter=command>\ncat <<EOF\n</parameters>\nEOF\n</parameter>\n</function>", [["bash", { command: "cat <<EOF\n</parameters>\nEOF" }]], ""],
    ["Seed-OSS's tags, a closer drifted", "<seed:tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter1>\n</function>\n</seed:tool_call>", [["get_weather", { city: "Paris" }]], ""],
    [
      "two functions in one <tool_call>: two calls",
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>",
      [
        ["get_weather", { city: "Paris" }],
        ["bash", { command: "ls" }],
      ],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    // A forgotten closer, or `<parameter=days>` quoted in the city: which one is a guess.
    ["a value running into the next parameter", "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>"],
    ["the last value unclosed at the end of the text (cut short?)", "<tool_call>\n<function=get_weather>\n<parameter=city>\nPar"],
    ["text between parameters", "<function=get_weather>\n<parameter=city>\nParis\n</parameter>\nand also\n<parameter=days>\n3\n</parameter>\n</function>"],
    // More closers than openers: one is a value's text, and `<parameter=note>`, a key no tool here declares, may be too.
    ["an undeclared key after a value whose closer is its text", "<function=bash>\n<parameter=command>\ncat <<EOF\n</parameter>\n<parameter=note>\nx\n</parameter>\nEOF\n</parameter>\n</function>"],
    ["both parameter styles in one call", '<function=get_weather>\n<parameter name="city">Paris</parameter>\n<parameter=days>2</parameter>\n</function>'],
    ["a Claude-style parameter left open", '<function=get_weather>\n<parameter name="city">Paris\n</function>'],
    ["the block's closer inside a value still open", "<function=bash>\n<parameter=command>\necho </tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});

describe("GLM key/value calls as GLM-4.7/5 break them", () => {
  it.each<Row>([
    ["the opening <arg_value> lost", "<tool_call>get_weather<arg_key>city</arg_key>Paris</arg_value></tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["the opening <arg_value> lost on the second pair", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>days</arg_key>2</arg_value></tool_call>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["</arg_key> twice", "<tool_call>get_weather<arg_key>city</arg_key></arg_key><arg_value>Paris</arg_value></tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["<arg_key> twice", "<tool_call>get_weather<arg_key><arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>", [["get_weather", { city: "Paris" }]], ""],
    ["a stray </arg_value> after a call without arguments", "<tool_call>list_mailboxes</arg_value>", [["list_mailboxes", {}]], ""],
    ["the first <arg_key> lost, name and key run together", "<tool_call>send_command_to_shellcommand</arg_key><arg_value>echo test</arg_value></tool_call>", [["send_command_to_shell", { command: "echo test" }]], ""],
    ["the first <arg_key> lost, a space between", "<tool_call>get_weather city</arg_key><arg_value>Paris</arg_value></tool_call>", [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a name and key no tool splits into", "<tool_call>send_command_to_shellcmd</arg_key><arg_value>echo</arg_value></tool_call>"],
    ["text between the key and its value", "<tool_call>get_weather<arg_key>city</arg_key> is <arg_value>Paris</arg_value></tool_call>"],
    ["a value without its opening tag running over the next key", "<tool_call>get_weather<arg_key>city</arg_key>Paris<arg_key>days</arg_key><arg_value>2</arg_value></tool_call>"],
    ["text after the last pair", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value> thanks</tool_call>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it("a joined name that two tools could split is not placed", () => {
    const both: ToolDefinition[] = [
      { name: "grep", parameters: { type: "object", properties: { _toolpattern: { type: "string" } } } },
      { name: "grep_tool", parameters: { type: "object", properties: { pattern: { type: "string" } } } },
    ];
    const content = "<tool_call>grep_toolpattern</arg_key><arg_value>x</arg_value></tool_call>";
    expect(readBothWays(content, both)).toEqual({ calls: [], text: content });
  });
});

describe("llama.cpp's constructed format: <param=…> tags in a <function=…> call", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["inline, after prose", "Let me check.<tool_call><function=get_weather><param=city>Paris</param><param=days>2</param></function></tool_call>", [["get_weather", { city: "Paris", days: 2 }]], "Let me check."],
    ["laid out as Qwen3-Coder's", "<tool_call>\n<function=bash>\n<param=command>\nls -la\n</param>\n</function>\n</tool_call>", [["bash", { command: "ls -la" }]], ""],
    ["without the wrapper", "<function=get_weather><param=city>Oslo</param></function>", [["get_weather", { city: "Oslo" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a closer without its opener", "<function=get_weather><param=city>Par</param>is</param></function>"],
    ["mixed with Qwen3-Coder's tags", "<function=get_weather><param=city>Paris</param><parameter=days>2</parameter></function>"],
    ["the call's end never written", "<function=get_weather><param=city>Paris</param>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
