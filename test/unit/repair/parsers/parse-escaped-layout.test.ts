import { describe, expect, it } from "vitest";
import { parseEscapedLayout } from "../../../../src/repair/parsers/parse-escaped-layout.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";

const editor = objectSchema(["command", "path", "view_range"], { types: { view_range: { type: "array", items: { type: "integer" } } }, required: ["command", "path"], closed: true });
const counts = objectSchema(["name", "limit", "deep"], { types: { limit: { type: "integer" }, deep: { type: "boolean" } }, closed: true });
const note = objectSchema(["title", "body"], { closed: true });

describe("parse-escaped-layout", () => {
  it.each([
    [editor, '{"path": "/srv/app.ts", "command": "view", "view_range":\\n[10, 40]}\\n', { path: "/srv/app.ts", command: "view", view_range: [10, 40] }],
    [editor, '{\\n  "command": "view",\\n  "path": "a.py",\\n  "view_range": [\\n    1,\\n    20\\n  ]\\n}', { command: "view", path: "a.py", view_range: [1, 20] }],
    [counts, '{\\r\\n\\t"name": "x",\\r\\n\\t"limit": 5\\r\\n}', { name: "x", limit: 5 }],
    [counts, '{"name": "x", "deep": true\\n}', { name: "x", deep: true }],
    // Inside a string an escape is an escape, as always.
    [note, '{"title": "a\\nb", "body":\\n"c"}', { title: "a\nb", body: "c" }],
    // Before a number where a string fits: the text `\n5`, or layout then 5?
    [objectSchema(["title"], { types: { title: { type: ["string", "integer"] } } }), '{"title": \\n5}', undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseEscapedLayout, schema, input, expected));
});

describe("parse-escaped-layout on hostile text", () => {
  it.each([
    ["a long run before a word", `{"title": ${"\\n".repeat(30_000)}x}`],
    ["a long run before a bracket", `{"title": ${"\\n ".repeat(20_000)}[1]}`],
    ["runs between many members", `{${Array.from({ length: 5000 }, (_, index) => `"k${index}": 1`).join(",\\n\\t")}}`],
  ])("%s: read without a hang", (_, input) => {
    expect(() => validReadings(input, objectSchema(["title", "body"]))).not.toThrow();
  }, HANG_GUARD_MS);
});
