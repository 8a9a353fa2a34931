import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// MiniMax-M3 writes a list's strings as <item> elements, each against its tags as an argument is: an item's edge
// line breaks and spaces are its own, as an argument's are.
const NS = "]<]minimax[>[";
const element = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;
const block = (body: string): string => `${NS}<tool_call>\n${NS}<invoke name="post">${body}${NS}</invoke>\n${NS}</tool_call>`;
const tools: ToolDefinition[] = [{ name: "post", parameters: { type: "object", properties: { text: { type: "string" }, lines: { type: "array", items: { type: "string" } } } } }];

describe("MiniMax-M3: a list's string items as written", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["an item ending with a line break", block(element("lines", element("item", "last\n") + element("item", "b"))), { lines: ["last\n", "b"] }],
    ["an item opening with a line break and indentation", block(element("lines", element("item", "\n  indented"))), { lines: ["\n  indented"] }],
    ["an item padded with spaces", block(element("lines", element("item", " a "))), { lines: [" a "] }],
    ["items and an argument alike", block(element("text", "t\n") + element("lines", element("item", "i\n"))), { text: "t\n", lines: ["i\n"] }],
  ])("%s", (_title, content, args) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [["post", args]], text: "" });
  });
});
