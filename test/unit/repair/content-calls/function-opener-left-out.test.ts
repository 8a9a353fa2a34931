import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { functionOpenersLeftOut } from "../../../../src/repair/content-calls/function-opener-left-out.ts";
import { readBothWays } from "./read-both-ways.ts";

const tools: ToolDefinition[] = [
  { name: "web_search", parameters: { type: "object", properties: { query: { type: "string" }, max_results: { type: "integer" } }, required: ["query"] } },
  { name: "git_status", parameters: { type: "object", properties: {} } },
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] } },
];

type Row = [string, string, (readonly [string, unknown])[], string];

describe("Qwen3-Coder's <function= left out inside the call block", () => {
  it.each<Row>([
    [
      "laid out on lines, closers on the parameter's line",
      "<tool_call>web_search>\n<parameter=max_results>\n3</parameter>\n<parameter=query>\n今日熱門新聞\n</parameter>\n</function></tool_call>",
      [["web_search", { max_results: 3, query: "今日熱門新聞" }]],
      "",
    ],
    ["on one line", "<tool_call>web_search><parameter=query>news</parameter></function></tool_call>", [["web_search", { query: "news" }]], ""],
    ["the name on the line after the block tag", "<tool_call>\nweb_search>\n<parameter=query>\nnews\n</parameter>\n</function>\n</tool_call>", [["web_search", { query: "news" }]], ""],
    ["no parameters, the closer next", "<tool_call>git_status>\n</function></tool_call>", [["git_status", {}]], ""],
    ["after prose", "Let me search.\n<tool_call>web_search>\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>", [["web_search", { query: "news" }]], "Let me search."],
    ["under a model's prefix", "<seed:tool_call>web_search>\n<parameter=query>\nnews\n</parameter>\n</function></seed:tool_call>", [["web_search", { query: "news" }]], ""],
    [
      "a value keeping its own lines",
      "<tool_call>write_file>\n<parameter=path>\n/tmp/x.py\n</parameter>\n<parameter=content>\ndef foo():\n    return 42\n</parameter>\n</function></tool_call>",
      [["write_file", { path: "/tmp/x.py", content: "def foo():\n    return 42" }]],
      "",
    ],
    [
      "the second call of a block, the first written whole",
      "<tool_call>\n<function=git_status>\n</function>\n</tool_call>\n<tool_call>web_search>\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>",
      [
        ["git_status", {}],
        ["web_search", { query: "news" }],
      ],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it("leaves the same words inside a value in it", () => {
    const content =
      "<tool_call>\n<function=write_file>\n<parameter=path>\nnotes.txt\n</parameter>\n<parameter=content>\nsee <tool_call>git_status></function></tool_call> here\n</parameter>\n</function>\n</tool_call>";
    expect(readBothWays(content, tools).calls).toEqual([["write_file", { path: "notes.txt", content: "see <tool_call>git_status></function></tool_call> here" }]]);
  });

  it.each([
    ["a name no tool has", "<tool_call>grep>\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>"],
    ["a declared name in another case", "<tool_call>Web_search>\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>"],
    ["the name going on past a declared one", "<tool_call>web_searcher>\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>"],
    ["a space before the >", "<tool_call>web_search >\n<parameter=query>\nnews\n</parameter>\n</function></tool_call>"],
    ["outside a call block", "web_search>\n<parameter=query>\nnews\n</parameter>\n</function>"],
    ["after a block's closing tag", "</tool_call>web_search>\n<parameter=query>\nnews\n</parameter>\n</function>"],
    ["neither a parameter nor the closer after the name", "<tool_call>web_search>\nnews\n</tool_call>"],
    ["the call never closed", "<tool_call>web_search>\n<parameter=query>\nnews\n</parameter>\n"],
  ])("%s: no call read from it", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

describe("where a left-out opener is found", () => {
  const names = tools.map((tool) => tool.name);
  it.each<[string, string, number[]]>([
    ["right after the block tag", "<tool_call>web_search><parameter=query>x</parameter></function></tool_call>", [11]],
    ["whitespace between", "<tool_call>\n  web_search>\n<parameter=query>x</parameter></function></tool_call>", [14]],
    ["two blocks", "<tool_call>git_status></function></tool_call><tool_call>git_status></function></tool_call>", [11, 56]],
    ["a closing block tag", "</tool_call>git_status></function>", []],
    ["inside an open value", "<parameter=content><tool_call>git_status></function></tool_call>", []],
    ["no block tag", "git_status></function>", []],
  ])("%s", (_title, content, found) => {
    expect(functionOpenersLeftOut(content, names)).toEqual(found);
  });
});
