/**
 * Elements of a list or an object that hold elements of their own name
 * (MiniMax-M3's list of lists, a tree's `children` inside `children`): each
 * ends at the closer that matches its opener.
 */
import { describe, expect, it } from "vitest";
import { closerOf } from "../../../../src/repair/content-calls/nested-elements.ts";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const NS = "]<]minimax[>[";
const element = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;
const block = (name: string, body: string): string => `${NS}<tool_call>\n${NS}<invoke name="${name}">${body}${NS}</invoke>\n${NS}</tool_call>`;
const node = { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } } } } } } };
const tools: ToolDefinition[] = [
  {
    name: "save_tree",
    parameters: { type: "object", properties: { root: node, grid: { type: "array", items: { type: "array", items: { type: "array", items: { type: "number" } } } } }, required: ["root"] },
  },
];

describe("closerOf", () => {
  it.each<[string, number]>([
    ["<item>1</item>", 7],
    ["<item><item>1</item><item>2</item></item>", 34],
    ["<item><item><item>1</item></item></item>", 33],
    // an opener left open: the first closer, as before
    ["<item>a <item> b</item>", 16],
    ["<item>x", -1],
  ])("%j → %i", (text, at) => expect(closerOf(text, "item", "<item>".length)).toBe(at));
});

describe("MiniMax-M3 lists of lists and trees", () => {
  const item = (value: string): string => element("item", value);
  it.each<[string, string, unknown]>([
    ["a list of lists of lists", element("root", element("name", "r")) + element("grid", item(item(item("1") + item("2")) + item(item("3"))) + item(item(item("0.5")))), { root: { name: "r" }, grid: [[[1, 2], [3]], [[0.5]]] }],
    [
      "children inside children",
      element("root", element("name", "r") + element("children", item(element("name", "c1") + element("children", item(element("name", "leaf")) + item(element("name", "a b")))))),
      { root: { name: "r", children: [{ name: "c1", children: [{ name: "leaf" }, { name: "a b" }] }] } },
    ],
  ])("%s", (_title, body, args) => {
    expect(readBothWays(block("save_tree", body), tools).calls).toEqual([["save_tree", args]]);
  });
});
