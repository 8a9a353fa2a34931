import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { splitOutcome } from "../../../src/repair/split-tool-call.ts";
import type { ToolCallInput, ToolDefinition } from "../../../src/repair/types.ts";

const readFile: ToolDefinition = {
  name: "read_file",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false },
};
const writeFile: ToolDefinition = {
  name: "write_file",
  parameters: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] },
};
const engine = createRepairEngine();
const tools = engine.prepareTools([readFile, writeFile]);
const expand = (call: ToolCallInput) => engine.expand(call, tools);

const parallel = (uses: unknown[]) => JSON.stringify({ tool_uses: uses });

describe("expandToolCall", () => {
  it.each([
    {
      title: "multi_tool_use.parallel: one call per use",
      call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }, { recipient_name: "functions.write_file", parameters: { path: "b", content: "c" } }]) },
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }, { name: "write_file", arguments: '{"path":"b","content":"c"}' }],
    },
    {
      title: "multi_tool_use.parallel with one use, under no declared name",
      call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }]) },
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }],
    },
    {
      title: "parameters kept as the JSON string they were, and the finish reason carried",
      call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "read_file", parameters: '{"path": "a"}' }, { recipient_name: "readFile", parameters: {} }]), finishReason: "stop" },
      calls: [{ name: "read_file", arguments: '{"path": "a"}', finishReason: "stop" }, { name: "read_file", arguments: "{}", finishReason: "stop" }],
    },
    {
      title: "an envelope under a name that is no tool",
      call: { name: "tool_call", arguments: { name: "read_file", arguments: { path: "a" } } },
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }],
    },
    {
      title: "a list of envelopes",
      call: { name: "read_file", arguments: JSON.stringify([{ name: "read_file", arguments: { path: "a" } }, { function: "write_file", args: { path: "b", content: "c" } }]) },
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }, { name: "write_file", arguments: '{"path":"b","content":"c"}' }],
    },
    {
      title: "objects in a row, each valid",
      call: { name: "read_file", arguments: '{"path": "a"}\n{"path": "b"}' },
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }, { name: "read_file", arguments: '{"path":"b"}' }],
    },
  ])("$title", ({ call, calls }) => {
    expect(expand(call)).toEqual(calls);
  });

  it.each([
    { title: "an ordinary call", call: { name: "read_file", arguments: '{"path": "a"}' } },
    { title: "one use under the tool's own name (unwrap-envelope's)", call: { name: "read_file", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }]) } },
    { title: "a use naming no declared tool", call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }, { recipient_name: "functions.rm", parameters: {} }]) } },
    { title: "a use without parameters", call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file" }, { recipient_name: "functions.read_file", parameters: {} }]) } },
    { title: "an envelope under a declared name (unwrap-envelope's)", call: { name: "read_file", arguments: '{"name": "read_file", "arguments": {"path": "a"}}' } },
    { title: "objects in a row, one not valid", call: { name: "read_file", arguments: '{"path": "a"}{"file": "b"}' } },
    { title: "the same object twice (a stream accumulated twice)", call: { name: "read_file", arguments: '{"path": "a"}{"path": "a"}' } },
    { title: "an empty object before the arguments (a stream that sent {} first)", call: { name: "write_file", arguments: '{}{"path": "a", "content": "c"}' } },
    { title: "broken text", call: { name: "read_file", arguments: '{"path": "a"' } },
  ])("leaves $title alone", ({ call }) => {
    expect(expand(call)).toBeUndefined();
  });
});

describe("repair, through an envelope that names the tool", () => {
  it("repairs a one-use multi_tool_use.parallel as the call inside it", () => {
    const outcome = engine.repair({ name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { Path: "a" } }]) }, tools);
    expect(outcome).toMatchObject({ kind: "repaired", name: "read_file", arguments: '{"path":"a"}', fixers: ["unwrap-envelope", "rename-fields-by-style"], lossy: false });
    if (outcome.kind === "repaired") expect(outcome.original.kind).toBe("unknown_tool");
  });

  it("reads an envelope in a fenced block as the same envelope bare, traced by both readings", () => {
    const fenced = "```json\n" + parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }]) + "\n```";
    expect(engine.repair({ name: "multi_tool_use.parallel", arguments: fenced }, tools)).toMatchObject({
      kind: "repaired",
      name: "read_file",
      arguments: '{"path":"a"}',
      fixers: ["strip-code-fences", "unwrap-envelope"],
    });
    const named = '```\n{"name": "read_file", "arguments": {"path": "a"}}\n```';
    expect(engine.repair({ name: "tool_call", arguments: named }, tools)).toMatchObject({ kind: "repaired", name: "read_file", arguments: '{"path":"a"}' });
    // Without strip-code-fences the fence is not read through.
    expect(engine.repair({ name: "multi_tool_use.parallel", arguments: fenced }, tools, { fixers: ["unwrap-envelope"] })).toMatchObject({ kind: "failed" });
  });

  it("does not unwrap when unwrap-envelope is not among the fixers", () => {
    const call = { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }]) };
    expect(engine.repair(call, tools, { fixers: ["match-name-loosely"] })).toMatchObject({ kind: "failed", error: { kind: "unknown_tool" } });
  });
});

describe("split: several calls from one, each repaired, all or nothing", () => {
  const split = (call: ToolCallInput, options?: Parameters<typeof engine.split>[2]) => engine.split(call, tools, options);
  const twoUses = (first: unknown, second: unknown) => ({
    name: "multi_tool_use.parallel",
    arguments: parallel([{ recipient_name: "functions.read_file", parameters: first }, { recipient_name: "functions.write_file", parameters: second }]),
  });

  it("gives each use as a call, in order, valid ones with their arguments as written", () => {
    expect(split(twoUses({ path: "a" }, { path: "b", content: "c" }))).toEqual({
      calls: [
        { name: "read_file", arguments: '{"path":"a"}', outcome: { kind: "valid", name: "read_file" } },
        { name: "write_file", arguments: '{"path":"b","content":"c"}', outcome: { kind: "valid", name: "write_file" } },
      ],
      fixers: ["split-calls", "unwrap-envelope"],
      lossy: false,
    });
  });

  it("repairs a use that needs it, and is lossy when that repair is", () => {
    const result = split(twoUses({ path: "a" }, { path: "b", contents: "c" }));
    expect(result?.calls.map(({ name, arguments: args }) => [name, args])).toEqual([
      ["read_file", '{"path":"a"}'],
      ["write_file", '{"path":"b","content":"c"}'],
    ]);
    expect(result).toMatchObject({ fixers: ["split-calls", "unwrap-envelope", "rename-fields"], lossy: true });
  });

  it("splits valid objects in a row, traced by the fixer that reads them", () => {
    expect(split({ name: "read_file", arguments: '{"path": "a"}{"path": "b"}' })).toMatchObject({
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }, { name: "read_file", arguments: '{"path":"b"}' }],
      fixers: ["split-calls", "split-concatenated-objects"],
    });
  });

  it.each([
    { title: "one call", call: { name: "read_file", arguments: '{"path": "a"}' } },
    { title: "one use", call: { name: "multi_tool_use.parallel", arguments: parallel([{ recipient_name: "functions.read_file", parameters: { path: "a" } }]) } },
    { title: "a use that stays broken (a required value nothing provides)", call: twoUses({ path: "a" }, { path: "b" }) },
    { title: "uses cut short", call: { name: "multi_tool_use.parallel", arguments: twoUses({ path: "a" }, { path: "b", content: "c" }).arguments.slice(0, -8), finishReason: "length" } },
  ])("gives nothing for $title", ({ call }) => {
    expect(split(call)).toBeUndefined();
  });

  it("splits the uses of a fenced envelope; objects in a row in a fence stay one call", () => {
    const fenced = { ...twoUses({ path: "a" }, { path: "b", content: "c" }) };
    fenced.arguments = "```json\n" + fenced.arguments + "\n```";
    expect(split(fenced)).toMatchObject({
      calls: [{ name: "read_file", arguments: '{"path":"a"}' }, { name: "write_file", arguments: '{"path":"b","content":"c"}' }],
      fixers: ["split-calls", "strip-code-fences", "unwrap-envelope"],
    });
    expect(split({ ...fenced }, { fixers: ["unwrap-envelope"] })).toBeUndefined();
    // In a fence, objects in a row may be a stream's successive snapshots: not read as calls.
    expect(split({ name: "read_file", arguments: '```json\n{"path": "a"}{"path": "b"}\n```' })).toBeUndefined();
  });

  it("follows the fixers: no split when the one that reads the pieces is left out", () => {
    const call = twoUses({ path: "a" }, { path: "b", content: "c" });
    expect(split(call, { fixers: ["repair-json-syntax"] })).toBeUndefined();
    expect(split(call, { fixers: (name) => (name === "write_file" ? [] : ["unwrap-envelope"]) })).toBeUndefined();
    expect(split({ name: "read_file", arguments: '{"path": "a"}{"path": "b"}' }, { fixers: ["unwrap-envelope"] })).toBeUndefined();
    expect(split(call, { fixers: ["unwrap-envelope"] })?.calls).toHaveLength(2);
  });

  it("skips lossy repairs of a use when lossy fixers are off, and then does not split", () => {
    expect(split(twoUses({ path: "a" }, { path: "b", contents: "c" }), { allowLossy: false })).toBeUndefined();
  });

  it("stands for the call as a repair of it: the first call's name and arguments, the one-call error as the original", () => {
    const call = twoUses({ path: "a" }, { path: "b", content: "c" });
    const asOneCall = engine.repair(call, tools);
    if (asOneCall.kind !== "failed") throw new Error("expected the one call to fail");
    expect(splitOutcome(asOneCall, split(call)!)).toEqual({
      kind: "repaired",
      name: "read_file",
      arguments: '{"path":"a"}',
      fixers: ["split-calls", "unwrap-envelope"],
      lossy: false,
      original: asOneCall.error,
    });
  });
});

describe("arguments written into the name", () => {
  it.each([
    ["a comma", 'read_file,{"path":"a"}', ""],
    ["nothing", 'read_file{"path":"a"}', "{}"],
    ["'='", 'read_file={"path":"a"}', undefined],
    ["'>'", 'read_file>{"path":"a"}', null],
    ["parentheses", 'read_file({"path":"a"})', " "],
    ["a namespace and a space", 'functions.read_file, {"path":"a"}', {}],
  ])("reads the name and its object after %s", (_title, name, args) => {
    const outcome = engine.repair({ name, arguments: args }, tools);
    expect(outcome).toMatchObject({ kind: "repaired", name: "read_file", fixers: ["strip-name-junk"] });
    expect(outcome.kind === "repaired" && JSON.parse(outcome.arguments)).toEqual({ path: "a" });
  });

  it("repairs the object it moved", () => {
    const outcome = engine.repair({ name: "read_file,{path: 'a'}", arguments: "" }, tools);
    expect(outcome.kind === "repaired" && JSON.parse(outcome.arguments)).toEqual({ path: "a" });
  });

  it.each([
    ["arguments of its own as well", 'read_file,{"path":"a"}', '{"path":"b"}'],
    ["an undeclared name", 'read_files,{"path":"a"}', ""],
    ["an opening parenthesis never closed", 'read_file({"path":"a"}', ""],
    ["text after the object", 'read_file,{"path":"a"} then b', ""],
    ["markup before the name", '<function=read_file>{"path":"a"}', ""],
  ])("leaves %s unknown", (_title, name, args) => {
    expect(engine.repair({ name, arguments: args }, tools)).toMatchObject({ kind: "failed", error: { kind: "unknown_tool" } });
  });
});

describe("GLM's call body taken for the name", () => {
  it.each([
    ["one argument", "read_file<arg_key>path</arg_key><arg_value>/a.txt</arg_value>", "{}", { path: "/a.txt" }],
    ["GLM-4.5's line breaks", "read_file\n<arg_key>path</arg_key>\n<arg_value>/a.txt</arg_value>\n", "", { path: "/a.txt" }],
    ["two arguments", "write_file<arg_key>path</arg_key><arg_value>a</arg_value><arg_key>content</arg_key><arg_value>x y</arg_value>", undefined, { path: "a", content: "x y" }],
    ["a value's closer left out before the next key", "write_file<arg_key>path</arg_key><arg_value>a<arg_key>content</arg_key><arg_value>x y</arg_value>", undefined, { path: "a", content: "x y" }],
  ])("reads the body with %s", (_title, name, args, value) => {
    const outcome = engine.repair({ name, arguments: args }, tools);
    expect(outcome).toMatchObject({ kind: "repaired", fixers: ["strip-name-junk"] });
    expect(outcome.kind === "repaired" && JSON.parse(outcome.arguments)).toEqual(value);
  });

  it.each([
    ["arguments of its own as well", "read_file<arg_key>path</arg_key><arg_value>a</arg_value>", '{"path":"b"}'],
    ["a value whose closer never came", "read_file<arg_key>path</arg_key><arg_value>/a.t", "{}"],
    ["a value whose closer never came, its line ended", "read_file\n<arg_key>path</arg_key>\n<arg_value>/a.txt\n", "{}"],
    ["a value written as one JSON string", 'read_file<arg_key>path</arg_key><arg_value>"a"</arg_value>', "{}"],
    ["an undeclared name", "read_files<arg_key>path</arg_key><arg_value>a</arg_value>", "{}"],
  ])("leaves it with %s", (_title, name, args) => {
    expect(engine.repair({ name, arguments: args }, tools).kind).toBe("failed");
  });
});
