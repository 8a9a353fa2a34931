/**
 * MiniMax-M3 writes a list as `<item>` elements and an object as one element
 * per member, never as JSON: an empty element is the empty list or object
 * where the schema takes one (not a member to drop), and where the schema
 * says nothing, an empty element or one holding elements reads several ways.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const NS = "]<]minimax[>[";
const element = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;
const block = (name: string, body: string): string => `${NS}<tool_call>\n${NS}<invoke name="${name}">${body}${NS}</invoke>\n${NS}</tool_call>`;

const tools: ToolDefinition[] = [
  {
    name: "configure",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string" },
        ids: { type: "array", items: { type: "integer" } },
        limits: { type: "object", properties: { max: { type: "integer" } } },
        payload: { type: "object" },
        tags: { type: "array", items: { type: "string" } },
        either: { type: ["array", "object"] },
        note: { type: ["string", "array"] },
      },
      required: ["name"],
    },
  },
];

describe("MiniMax-M3 elements for lists and objects", () => {
  it.each<[string, string, unknown]>([
    ["an empty list", element("name", "a") + element("ids", ""), { name: "a", ids: [] }],
    ["an empty object", element("name", "a") + element("limits", ""), { name: "a", limits: {} }],
    ["an empty object the schema leaves open", element("name", "a") + element("payload", ""), { name: "a", payload: {} }],
    ["an empty list inside an object", element("name", "a") + element("payload", element("list", "")), undefined],
    ["an empty string list", element("name", "a") + element("tags", ""), { name: "a", tags: [] }],
    ["a list with items beside an empty object", element("name", "a") + element("ids", element("item", "1") + element("item", "2")) + element("limits", ""), { name: "a", ids: [1, 2], limits: {} }],
    ["an empty string", element("name", ""), { name: "" }],
  ])("%s", (_title, body, args) => {
    const reading = readBothWays(block("configure", body), tools);
    expect(reading.calls).toEqual(args === undefined ? [] : [["configure", args]]);
  });

  it.each<[string, string]>([
    ["a member the schema does not type, holding elements", element("name", "a") + element("payload", element("deep", element("k", "v")))],
    ["a list or an object, empty", element("name", "a") + element("either", "")],
    ["an entity in a list item", element("name", "a") + element("tags", element("item", "Tom &amp; Jerry"))],
  ])("%s stays text", (_title, body) => {
    const content = block("configure", body);
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it("an empty element where a string goes too is the empty string", () => {
    expect(readBothWays(block("configure", element("name", "a") + element("note", "")), tools).calls).toEqual([["configure", { name: "a", note: "" }]]);
  });
});
