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
const edit = {
  type: "object",
  properties: { path: { type: "string" }, edits: { type: "array", items: { type: "object", properties: { oldText: { type: "string" }, newText: { type: "string" } } } } },
  required: ["path", "edits"],
  additionalProperties: false,
};

const rows: FixerCase[] = [
  { title: "dotted keys into an open object", schema: toolCall, before: { id: "read", "args.path": "projects/example.md", "args.limit": 20 }, after: { id: "read", args: { path: "projects/example.md", limit: 20 } } },
  // A list of objects flattened into indexed keys, its items numbered from 0.
  { title: "a list's item by its index", schema: edit, before: { "edits[0].oldText": "a", "edits[0].newText": "b", path: "p" }, after: { edits: [{ oldText: "a", newText: "b" }], path: "p" } },
  { title: "two items", schema: edit, before: { path: "p", "edits[0].oldText": "a", "edits[1].oldText": "c" }, after: { path: "p", edits: [{ oldText: "a" }, { oldText: "c" }] } },
  { title: "an index left out (which item is missing is a guess)", schema: edit, before: { path: "p", "edits[0].oldText": "a", "edits[2].oldText": "c" }, after: undefined },
  { title: "an index into a list already there", schema: edit, before: { path: "p", edits: [], "edits[0].oldText": "a" }, after: undefined },
  { title: "an index into a property that is no list of objects", schema: search, before: { query: "q", "filter[0].status": "open" }, after: undefined },
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
