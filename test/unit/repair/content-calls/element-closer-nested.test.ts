/**
 * A closer written twice right after an element is markup, unless the element's value opens an element of the
 * same name: then the second closer may be the value's own (`<content><content>x</content></content>`, a file
 * holding that XML), and cutting it would change the value.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const writeFile: ToolDefinition[] = [
  { name: "write_file", parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] } },
];

describe("a value that opens an element of its own name", () => {
  it.each([
    "<write_file>\n<path>a.xml</path>\n<content><content>x</content></content>\n</write_file>",
    "<write_file>\n<path>a.xml</path>\n<content>\n<content lang=\"en\">x</content>\n</content>\n</write_file>",
    "<write_file><path>a.xml</path><content><a/><content>x</content></content></write_file>",
    "<write_file>\n<content><content/>x</content></content>\n<path>a.xml</path>\n</write_file>",
  ])("stays text: %j", (content) => {
    expect(readBothWays(content, writeFile)).toEqual({ calls: [], text: content });
  });

  it.each<[string, unknown]>([
    ["<write_file>\n<path>a.md</path>\n<content>x</content></content>\n</write_file>", { path: "a.md", content: "x" }],
    ["<write_file>\n<path>a.md</path></path>\n<content>see <contents>x</contents></content>\n</write_file>", { path: "a.md", content: "see <contents>x</contents>" }],
    ["<write_file>\n<path>a.xml</path>\n<content><contentx>y</contentx></content>\n</write_file>", { path: "a.xml", content: "<contentx>y</contentx>" }],
  ])("a doubled closer is still markup: %j", (content, args) => {
    expect(readBothWays(content, writeFile)).toEqual({ calls: [["write_file", args]], text: "" });
  });
});
