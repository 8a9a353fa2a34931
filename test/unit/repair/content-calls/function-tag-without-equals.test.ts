import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import { functionTagWithoutEquals } from "../../../../src/repair/content-calls/function-tag-without-equals.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
];

type Row = [string, string, (readonly [string, unknown])[], string];

describe("a <function=name> tag written without its =", () => {
  it.each<Row>([
    ["a space for the =, in <tool_call>", "<tool_call><function bash><parameter=command>pwd</parameter></function></tool_call>", [["bash", { command: "pwd" }]], ""],
    ["the name glued to the tag, in <tool_call>", "<tool_call><functionbash><parameter=command>pwd</parameter></function></tool_call>", [["bash", { command: "pwd" }]], ""],
    ["laid out on lines", "<tool_call>\n<function get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["bare, no <tool_call>", "<function bash>\n<parameter=command>\nls\n</parameter>\n</function>", [["bash", { command: "ls" }]], ""],
    ["bare after prose", "Let me look.\n<functionbash>\n<parameter=command>\nls\n</parameter>\n</function>", [["bash", { command: "ls" }]], "Let me look."],
    ["Llama's JSON body", '<function get_weather>{"city": "Oslo"}</function>', [["get_weather", { city: "Oslo" }]], ""],
    [
      "the second call of a block",
      "<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n<function get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>",
      [
        ["bash", { command: "ls" }],
        ["get_weather", { city: "Oslo" }],
      ],
      "",
    ],
    ["Seed-OSS's block", "<seed:tool_call>\n<function bash>\n<parameter=command>\npwd\n</parameter>\n</function>\n</seed:tool_call>", [["bash", { command: "pwd" }]], ""],
    [
      "the same words in a value stay in it",
      "<tool_call>\n<function bash>\n<parameter=command>\necho '<functionbash>'\n</parameter>\n</function>\n</tool_call>",
      [["bash", { command: "echo '<functionbash>'" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a name no tool has", "<tool_call><function grep><parameter=command>pwd</parameter></function></tool_call>"],
    ["a declared name in another case", "<tool_call><function Bash><parameter=command>pwd</parameter></function></tool_call>"],
    ["two spaces", "<tool_call><function  bash><parameter=command>pwd</parameter></function></tool_call>"],
    ["a word going on from the tag", "<functionality>\n<parameter=command>\nls\n</parameter>\n</function>"],
    ["the name going on past a declared one", "<function bashrc>\n<parameter=command>\nls\n</parameter>\n</function>"],
    ["prose about the tag", "Write <function bash> to call the tool."],
    ["mid-sentence, in prose", "The element <functionality> is not a tag."],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });
});

describe("the opening the stream holds", () => {
  const names = tools.map((tool) => tool.name);
  it.each([
    ["<function", "wait"],
    ["<function ", "wait"],
    ["<function ba", "wait"],
    ["<functionget_w", "wait"],
    ["<functional", "no"],
    ["<function bashx", "no"],
    ["<function  b", "no"],
    ["<func!", "no"],
  ])("%s: %s", (text, verdict) => {
    expect(functionTagWithoutEquals(text, 0, names)).toBe(verdict);
  });

  it("reads the tag once its > comes", () => {
    expect(functionTagWithoutEquals("<function bash>", 0, names)).toEqual({ name: "bash", nameAt: 10, after: 15 });
    expect(functionTagWithoutEquals("<functionbash>", 0, names)).toEqual({ name: "bash", nameAt: 9, after: 14 });
  });

  it("lets prose that only starts like the tag go at once", () => {
    const holdback = createTextHoldback({ tools });
    let released = "";
    for (const char of "See <functionality of it") released += holdback.push(char);
    expect(released).toBe("See <functionality of it");
  });
});
