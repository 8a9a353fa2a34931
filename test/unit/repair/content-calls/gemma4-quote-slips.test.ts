import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";

const Q = '<|"|>';
const call = (body: string, close = "<tool_call|>"): string => `<|tool_call>call:${body}${close}`;
const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" }, path: { type: "string" } } } },
  { name: "grep", parameters: { type: "object", properties: { pattern: { type: "string" }, path: { type: "string" } } } },
  { name: "build", parameters: { type: "object", properties: { nodes: { type: "object" } } } },
];

describe("Gemma 4's quote-token slips and its turn's end", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["the last value's closing quote token left out", call(`bash{command:${Q}ls -la}`), [["bash", { command: "ls -la" }]], ""],
    ["the same after a closed value", call(`bash{path:${Q}/tmp${Q},command:${Q}ls}`), [["bash", { path: "/tmp", command: "ls" }]], ""],
    ["the same with no closer, the text ending with the call", `<|tool_call>call:bash{command:${Q}pwd}`, [["bash", { command: "pwd" }]], ""],
    ["bare keys holding spaces", call(`build{nodes:{Basic LLM Chain:{main:[]}, Chat Model:{main:[]}}}`), [["build", { nodes: { "Basic LLM Chain": { main: [] }, "Chat Model": { main: [] } } }]], ""],
    ["bare keys in other scripts", call(`build{nodes:{节点 名称:${Q}Demo${Q}}}`), [["build", { nodes: { "节点 名称": "Demo" } }]], ""],
    ["the tool-response token alone after the call", call(`bash{command:${Q}ls${Q}}`) + "<|tool_response>", [["bash", { command: "ls" }]], "<|tool_response>"],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["a first value's closing token left out (where it ends is a guess)", call(`bash{command:${Q}ls,path:${Q}/tmp${Q}}`)],
    ["the last value cut short, no brace after it", `<|tool_call>call:bash{command:${Q}echo hel`],
    ["an unclosed last value holding a brace", call(`bash{command:${Q}echo {a}}`)],
    ["an unclosed last value that reads as another member", call(`bash{command:${Q}ls, path: /tmp}`)],
    ["the call followed by a result the model wrote", call(`bash{command:${Q}ls${Q}}`) + '<|tool_response>{"output": "a.txt"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it("a stray quote token after a value in single quotes goes; the quotes are left to the repair", () => {
    const content = call(`grep{pattern:'a+b'${Q},path:${Q}/src${Q}}`);
    const found = extractToolCallsFromContent(content, tools);
    expect(found?.calls).toHaveLength(1);
    const engine = createRepairEngine();
    const outcome = engine.repair(found!.calls[0]!, engine.prepareTools(tools));
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : outcome.kind).toEqual({ pattern: "a+b", path: "/src" });
    const holdback = createTextHoldback({ tools });
    let released = "";
    for (const char of content) released += holdback.push(char);
    const end = holdback.end();
    expect(end.calls).toEqual(found!.calls);
    expect((released + end.text).trim()).toBe(found!.text);
  });
});
