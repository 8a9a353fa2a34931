import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const open: ToolDefinition[] = [{ name: "inspect", parameters: { type: "object", properties: { meta: {}, tags: {} } } }];

describe("a pythonic call's dict that does not read", () => {
  it.each([
    ["a key left unquoted", "inspect(meta={'ready': False, note: 'True story'})"],
    ["a key left unquoted, double quotes", 'inspect(meta={"ready": False, note: "x"})'],
  ])("%s is not read as a set of one string", (_title, content) => {
    expect(readBothWays(content, open)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, unknown]>([
    ["a set still reads", "inspect(tags={'a', 'b'})", { tags: ["a", "b"] }],
    ["a dict reads", "inspect(meta={'ready': False, 'note': 'x'})", { meta: { ready: false, note: "x" } }],
  ])("%s", (_title, content, args) => {
    expect(readBothWays(content, open)).toEqual({ calls: [["inspect", args]], text: "" });
  });
});
