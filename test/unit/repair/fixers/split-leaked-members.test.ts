import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { splitLeakedMembers } from "../../../../src/repair/fixers/split-leaked-members.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const search = {
  type: "object",
  properties: { file: { type: "string" }, pattern: { type: "string" }, start_line: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
  required: ["file"],
  additionalProperties: false,
};

const rows: FixerCase[] = [
  {
    title: "GLM's tags, the last value's closer lost, a number typed from the schema",
    schema: search,
    before: { file: "app.log</arg_value><arg_key>pattern</arg_key>\n<arg_value>error</arg_value><arg_key>start_line</arg_key>\n<arg_value>100" },
    after: { file: "app.log", pattern: "error", start_line: 100 },
  },
  { title: "GLM's tags, the last closer kept", schema: search, before: { file: "a.txt</arg_value>\n<arg_key>pattern</arg_key>\n<arg_value>x y</arg_value>" }, after: { file: "a.txt", pattern: "x y" } },
  { title: "Qwen3-Coder's parameters", schema: search, before: { file: "a.txt\n</parameter>\n<parameter=pattern>\nTODO: fix\n</parameter>" }, after: { file: "a.txt", pattern: "TODO: fix" } },
  { title: "an invoke's parameters, a list read as JSON", schema: search, before: { file: 'a.txt</parameter><parameter name="tags">["x", "y"]</parameter>' }, after: { file: "a.txt", tags: ["x", "y"] } },
  { title: "other members kept", schema: search, before: { start_line: 3, file: "a.txt</arg_value><arg_key>pattern</arg_key><arg_value>e" }, after: { start_line: 3, file: "a.txt", pattern: "e" } },

  { title: "a leaked key the tool does not declare", schema: search, before: { file: "a.txt</arg_value><arg_key>mode</arg_key><arg_value>r" }, after: undefined },
  { title: "a leaked key already in the object", schema: search, before: { file: "a.txt</arg_value><arg_key>pattern</arg_key><arg_value>e", pattern: "f" }, after: undefined },
  { title: "markup of one parameter only, no next one", schema: search, before: { file: "a.txt</arg_value>" }, after: undefined },
  { title: "the tags as the value's own text, in prose", schema: search, before: { file: "use </arg_value> then <arg_key> to close" }, after: undefined },
  { title: "not an object", schema: search, before: ["a</arg_value><arg_key>pattern</arg_key><arg_value>b"], after: undefined },
];

describe("split-leaked-members", () => {
  it.each(rows)("$title", (row) => checkFixerCase(splitLeakedMembers, row));
});

describe("split-leaked-members in the engine", () => {
  const engine = createRepairEngine();
  // `pattern` required too: a call whose value swallowed it is one the schema rejects.
  const tools = engine.prepareTools([{ name: "search", parameters: { ...search, required: ["file", "pattern"] } }]);
  const optional = engine.prepareTools([{ name: "search", parameters: { ...search, required: [] } }]);

  it("splits a call the schema rejects", () => {
    const split = engine.repair({ name: "search", arguments: JSON.stringify({ start_line: 3, file: "a.txt\n</parameter>\n<parameter=pattern>\nerr" }) }, tools);
    expect(split).toMatchObject({ kind: "repaired", arguments: '{"start_line":3,"file":"a.txt","pattern":"err"}', fixers: ["split-leaked-members"], lossy: false });
  });

  it("leaves a call valid as sent alone: the markup may be the string's own text", () => {
    const args = JSON.stringify({ file: "a.txt</arg_value><arg_key>pattern</arg_key><arg_value>err" });
    expect(engine.repair({ name: "search", arguments: args }, optional).kind).toBe("valid");
  });

  it("reads the raw line breaks a server left in the value, and counts the markup as syntax, not lost content", () => {
    const raw = '{"file":"app.log</arg_value><arg_key>pattern</arg_key>\n<arg_value>error</arg_value><arg_key>start_line</arg_key>\n<arg_value>100"}';
    expect(engine.repair({ name: "search", arguments: raw }, tools)).toMatchObject({ kind: "repaired", arguments: '{"file":"app.log","pattern":"error","start_line":100}', lossy: false });
  });

  it("leaves the value alone without the fixer", () => {
    const args = JSON.stringify({ start_line: 3, file: "a.txt</arg_value><arg_key>pattern</arg_key><arg_value>err" });
    expect(engine.repair({ name: "search", arguments: args }, tools, { fixers: ["coerce-types"] }).kind).toBe("failed");
  });
});
