import { describe, it } from "vitest";
import { nestDottedKeys } from "../../../../src/repair/fixers/nest-dotted-keys.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

// A meta-tool's call: the target's id and its arguments in an open object.
const toolCall = { type: "object", properties: { id: { type: "string" }, args: { type: "object", additionalProperties: true } }, required: ["id"], additionalProperties: false };
const filter = { type: "object", properties: { status: { type: "string" }, owner: { type: "object", properties: { login: { type: "string" } } } }, additionalProperties: false };
const search = { type: "object", properties: { query: { type: "string" }, filter }, required: ["query"], additionalProperties: false };
const referenced = { type: "object", properties: { query: { type: "string" }, filter: { $ref: "#/$defs/Filter" } }, required: ["query"], additionalProperties: false, $defs: { Filter: filter } };
const named = { type: "object", properties: { name: { type: "string" }, "name.first": { type: "string" } }, additionalProperties: false };

const rows: FixerCase[] = [
  { title: "dotted keys into an open object", schema: toolCall, before: { id: "read", "args.path": "projects/example.md", "args.limit": 20 }, after: { id: "read", args: { path: "projects/example.md", limit: 20 } } },
  { title: "one dotted key", schema: toolCall, before: { id: "exec", "args.command": "ls -la" }, after: { id: "exec", args: { command: "ls -la" } } },
  { title: "into a declared object", schema: search, before: { query: "bug", "filter.status": "open" }, after: { query: "bug", filter: { status: "open" } } },
  { title: "a path two levels deep", schema: search, before: { query: "bug", "filter.owner.login": "ana" }, after: { query: "bug", filter: { owner: { login: "ana" } } } },
  { title: "merged with the object already there", schema: toolCall, before: { id: "read", args: { path: "a.md" }, "args.limit": 20 }, after: { id: "read", args: { path: "a.md", limit: 20 } } },
  { title: "an object behind a $ref", schema: referenced, before: { query: "bug", "filter.status": "open" }, after: { query: "bug", filter: { status: "open" } } },

  { title: "the same key written both ways", schema: toolCall, before: { id: "read", args: { path: "a.md" }, "args.path": "b.md" }, after: undefined },
  { title: "a head the schema does not declare", schema: toolCall, before: { id: "read", "opts.path": "a.md" }, after: undefined },
  { title: "a head that is not an object", schema: search, before: { "query.text": "bug" }, after: undefined },
  { title: "the head holds a string already", schema: toolCall, before: { id: "read", args: "a.md", "args.limit": 20 }, after: undefined },
  { title: "a path into an object that declares nothing", schema: toolCall, before: { id: "read", "args.options.verbose": true }, after: undefined },
  { title: "an empty segment", schema: toolCall, before: { id: "read", "args.": 1 }, after: undefined },
  { title: "a leading dot", schema: toolCall, before: { id: "read", ".path": "a.md" }, after: undefined },
  { title: "a dotted key the schema declares", schema: named, before: { "name.first": "Ana", last: "B" }, after: undefined },
  { title: "no dotted key", schema: toolCall, before: { id: "read", path: "a.md" }, after: undefined },
  { title: "not an object", schema: toolCall, before: ["args.path"], after: undefined },
];

describe("nest-dotted-keys", () => {
  it.each(rows)("$title", (row) => checkFixerCase(nestDottedKeys, row));
});
