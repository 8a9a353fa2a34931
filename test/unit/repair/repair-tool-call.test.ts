import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { fixerNames } from "../../../src/repair/fixers/index.ts";
import type { RepairOptions } from "../../../src/repair/engine.ts";
import { repairToolCall } from "../../../src/repair/repair-tool-call.ts";
import type { StageFixers } from "../../../src/repair/repair-tool-call.ts";
import type { RepairOutcome, TextFixer, ToolCallInput, ToolDefinition, ValueFixer } from "../../../src/repair/types.ts";

const readFile: ToolDefinition = {
  name: "read_file",
  description: "Read a file.",
  parameters: {
    type: "object",
    properties: {
      file_path: { type: "string" },
      limit: { type: "integer", minimum: 1 },
      encoding: { type: "string", enum: ["utf8", "latin1"] },
    },
    required: ["file_path"],
    additionalProperties: false,
  },
};
const listFiles: ToolDefinition = { name: "list_files", parameters: { type: "object", properties: {} } };
const noParameters: ToolDefinition = { name: "now" };
const tools = [readFile, listFiles, noParameters];

function repair(call: ToolCallInput, options?: RepairOptions, declared: readonly ToolDefinition[] = tools): RepairOutcome {
  const engine = createRepairEngine();
  return engine.repair(call, engine.prepareTools(declared), options);
}

function expectRepaired(outcome: RepairOutcome): Extract<RepairOutcome, { kind: "repaired" }> {
  if (outcome.kind !== "repaired") throw new Error(`expected a repair, got ${JSON.stringify(outcome)}`);
  return outcome;
}

function expectFailed(outcome: RepairOutcome): Extract<RepairOutcome, { kind: "failed" }> {
  if (outcome.kind !== "failed") throw new Error(`expected a failure, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe("a valid call", () => {
  it("is valid and nothing else, whatever its formatting", () => {
    for (const text of ['{"file_path":"a.txt"}', '{\n  "file_path": "a.txt",  "limit": 10\n}', '  {"file_path":"{\\"x\\":1}"}  ']) {
      expect(repair({ name: "read_file", arguments: text })).toEqual({ kind: "valid", name: "read_file" });
    }
  });
});

describe("the stages", () => {
  it("resolves a name, keeping arguments that needed nothing byte for byte", () => {
    const outcome = expectRepaired(repair({ name: "functions.read_file", arguments: '{"file_path": "a.txt"}' }));
    expect(outcome).toMatchObject({ name: "read_file", arguments: '{"file_path": "a.txt"}', fixers: ["strip-name-namespace"], lossy: false });
    expect(outcome.original.kind).toBe("unknown_tool");
  });

  it("fails an unknown name with the declared names and a suggestion", () => {
    const outcome = expectFailed(repair({ name: "delete_file", arguments: "{}" }));
    expect(outcome.error.kind).toBe("unknown_tool");
    expect(outcome.error.message).toContain("`read_file`");
    expect(outcome.fixersTried).toEqual(["match-name-loosely", "strip-name-namespace", "strip-name-junk", "match-name-part"]);
  });

  it("serialises object arguments and reads empty ones as {}", () => {
    expect(expectRepaired(repair({ name: "read_file", arguments: { file_path: "a.txt" } }))).toMatchObject({
      arguments: '{"file_path":"a.txt"}',
      fixers: ["stringify-object-arguments"],
      original: { kind: "invalid_args" },
    });
    for (const empty of ["", null, undefined]) {
      expect(expectRepaired(repair({ name: "list_files", arguments: empty }))).toMatchObject({ arguments: "{}", fixers: ["empty-to-object"] });
    }
    // {} still has to validate: an empty call to a tool with required fields fails.
    expect(expectFailed(repair({ name: "read_file", arguments: "" })).error.kind).toBe("schema_mismatch");
  });

  it("accepts any object for a tool without parameters", () => {
    expect(repair({ name: "now", arguments: '{"anything": 1}' })).toEqual({ kind: "valid", name: "now" });
  });

  it("chains text fixers, re-parsing after each, and then value fixers", () => {
    const outcome = expectRepaired(repair({ name: "readFile", arguments: "```json\n{'filePath': 'a.txt', 'limit': '10',}\n```<|im_end|>" }));
    expect(JSON.parse(outcome.arguments)).toEqual({ file_path: "a.txt", limit: 10 });
    expect(outcome.fixers).toEqual(["match-name-loosely", "strip-special-tokens", "strip-code-fences", "repair-json-syntax", "coerce-types", "rename-fields-by-style"]);
    expect(outcome.lossy).toBe(false);
    expect(outcome.original.kind).toBe("unknown_tool");
  });

  it("writes repaired arguments as compact JSON", () => {
    expect(expectRepaired(repair({ name: "read_file", arguments: "{'file_path': 'a.txt'}" })).arguments).toBe('{"file_path":"a.txt"}');
  });

  it("requires an object at the root, whatever the schema allows", () => {
    const outcome = expectFailed(repair({ name: "now", arguments: "[1, 2]" }));
    expect(outcome.error.kind).toBe("schema_mismatch");
    expect(outcome.error.message).toContain("expected object, got [1,2]");
  });

  it("decodes double-encoded arguments through the value stage", () => {
    const outcome = expectRepaired(repair({ name: "read_file", arguments: JSON.stringify(JSON.stringify({ file_path: "a.txt" })) }));
    expect(JSON.parse(outcome.arguments)).toEqual({ file_path: "a.txt" });
    expect(outcome.fixers).toEqual(["decode-double-encoded"]);
  });

  it("repairs encoded arguments that are broken inside as the text they hold", () => {
    const rows: [string, string][] = [
      ["{'file_path': 'a.txt'}", "repair-json-syntax"],
      ['```json\n{"file_path": "a.txt"}\n```', "strip-code-fences"],
      ['{"file_path": "a.txt",}', "repair-json-syntax"],
    ];
    for (const [inner, fixer] of rows) {
      const outcome = expectRepaired(repair({ name: "read_file", arguments: JSON.stringify(inner) }));
      expect(JSON.parse(outcome.arguments)).toEqual({ file_path: "a.txt" });
      expect(outcome.fixers.slice(0, 2)).toEqual(["decode-double-encoded", fixer]);
      expect(outcome.original.kind).toBe("schema_mismatch");
    }
  });

  it("decodes fenced encoded arguments, and a field encoded twice or written as a code block", () => {
    const fenced = expectRepaired(repair({ name: "read_file", arguments: "```json\n" + JSON.stringify(JSON.stringify({ file_path: "a.txt" })) + "\n```" }));
    expect(JSON.parse(fenced.arguments)).toEqual({ file_path: "a.txt" });
    expect(fenced.fixers).toEqual(["strip-code-fences", "decode-double-encoded"]);
    expect(fenced.lossy).toBe(false);
    const tool: ToolDefinition = { name: "tag", parameters: { type: "object", properties: { ids: { type: "array", items: { type: "string" } } }, required: ["ids"] } };
    const tagged = (ids: string) => repair({ name: "tag", arguments: JSON.stringify({ ids }) }, undefined, [tool]);
    for (const ids of [JSON.stringify(JSON.stringify(["a", "b"])), '```json\n["a", "b"]\n```']) {
      const outcome = expectRepaired(tagged(ids));
      expect(JSON.parse(outcome.arguments)).toEqual({ ids: ["a", "b"] });
      expect(outcome.lossy).toBe(false);
    }
    expect(tagged('```json\n["a", "b"]\n```\nThe tags.').kind).toBe("failed");
  });

  it("leaves encoded arguments broken inside alone without decode-double-encoded, and when the inside stays broken", () => {
    const broken = JSON.stringify("{'file_path': 'a.txt'}");
    expect(repair({ name: "read_file", arguments: broken }, { fixers: ["repair-json-syntax"] }).kind).toBe("failed");
    expect(repair({ name: "read_file", arguments: JSON.stringify("{'file_path': ") }).kind).toBe("failed");
  });
});

describe("keys in another style in a call valid as sent", () => {
  const open: ToolDefinition = {
    name: "search",
    parameters: {
      type: "object",
      properties: { query: { type: "string" }, maxResults: { type: "integer" }, filter: { type: "object", properties: { file_path: { type: "string" } } } },
      required: ["query"],
    },
  };

  it("renames what the tool would not read, naming the key it reads", () => {
    const outcome = expectRepaired(repair({ name: "search", arguments: '{"query": "a", "max_results": 3, "filter": {"filePath": "x"}}' }, undefined, [open]));
    expect(JSON.parse(outcome.arguments)).toEqual({ query: "a", maxResults: 3, filter: { file_path: "x" } });
    expect(outcome).toMatchObject({ fixers: ["rename-fields-by-style"], lossy: false });
    expect(outcome.original).toMatchObject({ kind: "schema_mismatch", errors: [{ pointer: "/max_results", suggestion: "did you mean `maxResults`?" }, { pointer: "/filter/filePath" }] });
  });

  it("leaves the call alone when both spellings are there, when no declared key is absent, or without the fixer", () => {
    expect(repair({ name: "search", arguments: '{"query": "a", "max_results": 3, "maxResults": 4}' }, undefined, [open]).kind).toBe("valid");
    expect(repair({ name: "search", arguments: '{"query": "a", "extra": 1}' }, undefined, [open]).kind).toBe("valid");
    expect(repair({ name: "search", arguments: '{"query": "a", "max_results": 3}' }, { fixers: ["coerce-types"] }, [open]).kind).toBe("valid");
  });
});

describe("template markup in the arguments", () => {
  it("reads strings between Gemma's quote tokens as strings, never as bare words that keep the tokens", () => {
    for (const quote of ['<|"|>', "<escape>"]) {
      const outcome = expectRepaired(repair({ name: "read_file", arguments: `{"file_path": ${quote}src/a b.txt${quote}}` }));
      expect(outcome).toMatchObject({ arguments: '{"file_path":"src/a b.txt"}', lossy: false });
    }
  });

  const tagged: ToolDefinition = {
    name: "tag",
    parameters: { type: "object", properties: { tags: { type: "array", items: { type: "string" } }, meta: { type: "object", properties: { note: { type: "string" } } } } },
  };

  it("unwraps strings that Gemma 4's quote tokens wrap inside their JSON quotes, at any depth, though the call is valid as sent", () => {
    const outcome = expectRepaired(repair({ name: "tag", arguments: '{"tags": ["<|\\"|>red<|\\"|>", "blue"], "meta": {"note": "<|\\"|>a \\"b\\"<|\\"|>"}}' }, undefined, [tagged]));
    expect(JSON.parse(outcome.arguments)).toEqual({ tags: ["red", "blue"], meta: { note: 'a "b"' } });
    expect(outcome).toMatchObject({ fixers: ["quote-tokens"], lossy: false });
    expect(outcome.original).toMatchObject({ kind: "schema_mismatch", errors: [{ pointer: "/tags/0" }, { pointer: "/meta/note" }] });
    // Go's encoder writes `<` and `>` as escapes: the same strings.
    const escaped = expectRepaired(repair({ name: "tag", arguments: '{"tags": ["\\u003c|\\"|\\u003ered\\u003c|\\"|\\u003e"]}' }, undefined, [tagged]));
    expect(JSON.parse(escaped.arguments)).toEqual({ tags: ["red"] });
  });

  it("keeps a quote token that does not wrap a whole string, FunctionGemma's <escape> inside JSON quotes, and the tokens without the fixer", () => {
    for (const args of ['{"tags": ["say <|\\"|>hi<|\\"|>"]}', '{"tags": ["<|\\"|>a<|\\"|>b<|\\"|>"]}', '{"tags": ["<|\\"|>"]}', '{"tags": ["<escape>x<escape>"]}']) {
      expect(repair({ name: "tag", arguments: args }, undefined, [tagged]).kind, args).toBe("valid");
    }
    expect(repair({ name: "tag", arguments: '{"tags": ["<|\\"|>red<|\\"|>"]}' }, { fixers: ["coerce-types"] }, [tagged]).kind).toBe("valid");
  });
});

describe("refusing to guess", () => {
  it("never closes a cut string value", () => {
    const outcome = expectFailed(repair({ name: "read_file", arguments: '{"file_path": "src/ma', finishReason: "length" }));
    expect(outcome.error).toMatchObject({ kind: "invalid_args", truncated: true, severity: "HIGH" });
    expect(outcome.fixersTried).toContain("close-truncated");
  });

  it("closes after a complete value and marks the repair lossy", () => {
    const outcome = expectRepaired(repair({ name: "read_file", arguments: '{"file_path": "a.txt", "lim', finishReason: "length" }));
    expect(outcome).toMatchObject({ arguments: '{"file_path":"a.txt"}', fixers: ["close-truncated", "lost-content"], lossy: true, lost: ["lim"] });
    expect(outcome.original).toMatchObject({ kind: "invalid_args", truncated: true });
  });

  it("reads a dropped final brace as such only when the upstream did not cut the output", () => {
    // An unquoted value and a missing comma: close-truncated alone cannot repair it, the parse families can.
    const text = '{"encoding": "utf8", "file_path": My Documents\\a.txt "limit": 5 ';
    const outcome = expectRepaired(repair({ name: "read_file", arguments: text, finishReason: "tool_calls" }));
    expect(outcome).toMatchObject({ arguments: '{"encoding":"utf8","file_path":"My Documents\\\\a.txt","limit":5}', lossy: false });
    expect(outcome.fixers).toContain("parse-missing-brace");
    // Cut by the upstream, or without a required property.
    expectFailed(repair({ name: "read_file", arguments: text, finishReason: "length" }));
    expectFailed(repair({ name: "read_file", arguments: '{"limit": 5 "encoding": "utf8"', finishReason: "stop" }));
    // Of unknown end with a number last: digits may be gone. Taken as complete as close-truncated takes `{"limit": 5`,
    // a lossy guess that names it, and that allowLossy: false refuses.
    const guessed = expectRepaired(repair({ name: "read_file", arguments: text }));
    expect(guessed).toMatchObject({ arguments: '{"encoding":"utf8","file_path":"My Documents\\\\a.txt","limit":5}', lossy: true });
    expect(guessed.fixers).toContain("close-truncated");
    expectFailed(repair({ name: "read_file", arguments: text }, { allowLossy: false }));
  });

  it("judges a number ending the text alike with or without the braces, by the finish reason", () => {
    const declared: ToolDefinition[] = [
      { name: "person", parameters: { type: "object", properties: { name: { type: "string" }, age: { type: "integer" } }, required: ["name", "age"] } },
    ];
    const texts = ['{"name": "John", "age": 30', "name: John, age: 30", '"name": "John", "age": 30', "{name: John, age: 30"];
    for (const text of texts) {
      // Cut by the upstream: 30 may be the start of 300.
      expectFailed(repair({ name: "person", arguments: text, finishReason: "length" }, undefined, declared));
      // Of unknown end: complete, a lossy guess; refused when guesses are.
      const guessed = expectRepaired(repair({ name: "person", arguments: text }, undefined, declared));
      expect(guessed).toMatchObject({ arguments: '{"name":"John","age":30}', lossy: true });
      expect(guessed.fixers).toContain("close-truncated");
      expectFailed(repair({ name: "person", arguments: text }, { allowLossy: false }, declared));
      // The upstream stopped on its own: the number is whole.
      expect(expectRepaired(repair({ name: "person", arguments: text, finishReason: "stop" }, undefined, declared)).arguments).toBe('{"name":"John","age":30}');
    }
  });

  it("does not invent a required value", () => {
    const outcome = expectFailed(repair({ name: "read_file", arguments: '{"limit": 5}' }));
    expect(outcome.error.kind).toBe("schema_mismatch");
    if (outcome.error.kind === "schema_mismatch") expect(outcome.error.errors[0]).toMatchObject({ pointer: "/file_path", keyword: "required" });
  });

  it("does not drop a misspelt key nothing renamed, and so lose its value", () => {
    // `liimt` is two edits from `limit`: too far to rename, too close to drop as an extra key.
    const outcome = expectFailed(repair({ name: "read_file", arguments: '{"file_path": "a.txt", "liimt": 5}' }));
    expect(outcome.fixersTried).toContain("drop-unknown-fields");
  });

  it("does not drop an unknown key and fill a default in its place", () => {
    const search: ToolDefinition = {
      name: "search",
      parameters: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "integer", default: 10 } },
        required: ["query", "limit"],
        additionalProperties: false,
      },
    };
    // `max` may be what the model meant for `limit`: 10 in its place would be a guess.
    expectFailed(repair({ name: "search", arguments: '{"query": "x", "max": 5}' }, undefined, [search]));
    expect(expectRepaired(repair({ name: "search", arguments: '{"query": "x"}' }, undefined, [search])).arguments).toBe('{"query":"x","limit":10}');
  });

  it("fails prose instead of arguments", () => {
    expect(expectFailed(repair({ name: "read_file", arguments: "I cannot do that." })).error.kind).toBe("invalid_args");
  });

  it("reports the errors of what the model sent, not of a half-fixed state", () => {
    const outcome = expectFailed(repair({ name: "read_file", arguments: '{"path_to_file_x": "a", "limit": "0"}' }));
    if (outcome.error.kind !== "schema_mismatch") throw new Error("expected schema_mismatch");
    expect(outcome.error.errors.map((issue) => issue.pointer)).toContain("/path_to_file_x");
  });
});

describe("options", () => {
  it("runs only the fixers named, in their stages", () => {
    const outcome = expectFailed(repair({ name: "read_file", arguments: '{"file_path": "a.txt",}' }, { fixers: ["strip-code-fences"] }));
    expect(outcome.fixersTried).toEqual(["strip-code-fences"]);
  });

  it("asks a fixer function per tool: emitted name for names, resolved name after", () => {
    const asked: string[] = [];
    const outcome = repair(
      { name: "readFile", arguments: '{"file_path": "a.txt",}' },
      {
        fixers: (toolName) => {
          asked.push(toolName);
          return toolName === "read_file" ? ["match-name-loosely", "repair-json-syntax"] : ["match-name-loosely"];
        },
      },
    );
    expect(asked).toEqual(["readFile", "read_file"]);
    expect(expectRepaired(outcome).fixers).toEqual(["match-name-loosely", "repair-json-syntax"]);
  });

  it("skips lossy fixers when lossy repairs are not allowed", () => {
    const call = { name: "read_file", arguments: '{"file_path": "a.txt", "encoding": "UTF8"}' };
    expect(expectRepaired(repair(call))).toMatchObject({ fixers: ["normalize-enum", "lost-content"], lost: ["UTF8"] });
    const outcome = expectFailed(repair(call, { allowLossy: false }));
    expect(outcome.fixersTried).not.toContain("normalize-enum");
    expect(expectFailed(repair(call, { allowLossy: (tool) => tool !== "read_file" })).kind).toBe("failed");
  });

  it("throws on an unknown fixer name: a configuration bug, not bad input", () => {
    expect(() => repair({ name: "read_file", arguments: "{" }, { fixers: ["no-such-fixer"] })).toThrow(/unknown fixer "no-such-fixer"/);
  });
});

describe("schemas that cannot be compiled", () => {
  it("pass the call through as unvalidated", () => {
    const broken: ToolDefinition = { name: "odd", parameters: { type: "object", properties: { a: { $ref: "https://example.com/a.json" } } } };
    expect(repair({ name: "odd", arguments: "not even json" }, undefined, [broken])).toMatchObject({ kind: "unvalidated", name: "odd" });
  });
});

describe("the engine", () => {
  it("compiles each schema once per engine, across requests", () => {
    const engine = createRepairEngine();
    for (let request = 0; request < 3; request++) {
      const prepared = engine.prepareTools(structuredClone(tools));
      expect(engine.repair({ name: "read_file", arguments: '{"file_path":"a"}' }, prepared).kind).toBe("valid");
    }
    expect(engine.cachedSchemas).toBe(1); // the other tools were never called, so never compiled
  });

  it("keeps the first of two tools declared with one name", () => {
    const engine = createRepairEngine();
    const prepared = engine.prepareTools([readFile, { name: "read_file", parameters: { type: "object" } }]);
    expect(prepared.names).toEqual(["read_file"]);
    expect(engine.repair({ name: "read_file", arguments: "{}" }, prepared).kind).toBe("failed");
  });
});

describe("the lossless check", () => {
  const engine = createRepairEngine();
  const prepared = engine.prepareTools(tools);
  // Fixers that claim to change only form but lose content: the check must catch them.
  const dropsLastMember: TextFixer = {
    name: "drops-last-member",
    purpose: "test double of a syntax repair that loses content",
    class: "lossless",
    stage: "text",
    fix: (text) => (text.includes(", ") ? `${text.slice(0, text.lastIndexOf(", "))}}` : undefined),
  };
  const dropsNote: ValueFixer = {
    name: "drops-note",
    purpose: "test double of a value repair that loses content",
    class: "lossless",
    stage: "value",
    fix: (value) => {
      if (typeof value !== "object" || value === null || !("note" in value)) return undefined;
      const { note: _note, ...rest } = value as Record<string, unknown>;
      return rest;
    },
  };
  const guessesNote: ValueFixer = { ...dropsNote, name: "guesses-note", purpose: "test double of a lossy value repair", class: "lossy" };
  const stages = (allowLossy: boolean, value: ValueFixer = guessesNote): StageFixers => ({ name: [], arguments: [], text: [dropsLastMember], parse: [], value: [value], allowLossy });

  it("refuses a syntax repair that claims one reading but loses what the model wrote", () => {
    const outcome = expectFailed(repairToolCall({ name: "read_file", arguments: '{"file_path": "a.txt", "note": "keep me"' }, prepared, () => stages(true), []));
    expect(outcome.error.kind).toBe("invalid_args");
  });

  it("refuses a value repair that claims an exact conversion but loses what the model wrote", () => {
    const outcome = expectFailed(repairToolCall({ name: "read_file", arguments: '{"file_path": "a.txt", "note": "keep me"}' }, prepared, () => stages(true, dropsNote), []));
    expect(outcome.error.kind).toBe("schema_mismatch");
    // `1e3` for a string is not "1000"; `1.50` and a 19-digit id are read as the digits written, never rounded.
    const version: ToolDefinition = { name: "tag", parameters: { type: "object", properties: { v: { type: "string" } }, required: ["v"] } };
    expectFailed(repair({ name: "tag", arguments: '{"v": 1e3}' }, undefined, [version]));
    for (const [text, fixed] of [['{"v": 1.50}', '{"v":"1.50"}'], ['{"v": 1234567890123456789}', '{"v":"1234567890123456789"}'], ['{"v": 7}', '{"v":"7"}']]) {
      expect(expectRepaired(repair({ name: "tag", arguments: text }, undefined, [version])).arguments).toBe(fixed);
    }
  });

  it("names a guess that lost content lossy, with what it lost", () => {
    const outcome = expectRepaired(repairToolCall({ name: "read_file", arguments: '{"file_path": "a.txt", "note": "keep me"}' }, prepared, () => stages(true), []));
    expect(outcome).toMatchObject({ arguments: '{"file_path":"a.txt"}', fixers: ["guesses-note", "lost-content"], lossy: true, lost: ["note", "keep me"] });
  });

  it("refuses that repair when lossy repairs are not allowed", () => {
    const outcome = expectFailed(repairToolCall({ name: "read_file", arguments: '{"file_path": "a.txt", "note": "keep me"}' }, prepared, () => stages(false), []));
    expect(outcome.error.kind).toBe("schema_mismatch");
  });

  it("leaves lossless repairs unmarked, and excuses envelope strings and renamed keys", () => {
    const fenced = expectRepaired(repair({ name: "read_file", arguments: "```json\n{'file_path': 'C:\\x y.txt', limit: '5'}\n```" }));
    expect(fenced).toMatchObject({ lossy: false, arguments: '{"file_path":"C:\\\\x y.txt","limit":5}' });
    expect(fenced.lost).toBeUndefined();
    const wrapped = expectRepaired(repair({ name: "read_file", arguments: '{"name": "read_file", "arguments": {"filePath": "a.txt"}}' }));
    expect(wrapped).toMatchObject({ arguments: '{"file_path":"a.txt"}', lossy: false });
    expect(wrapped.lost).toBeUndefined();
  });
});

describe("schema-guided parsing", () => {
  const weather: ToolDefinition = {
    name: "get_weather",
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } }, required: ["city"], additionalProperties: false },
  };
  const declared = [readFile, weather];

  it("never sees a call that is valid as emitted", () => {
    expect(repair({ name: "read_file", arguments: '{"file_path": "C:\\\\Users\\\\a b.txt", "limit": 2}' }, undefined, declared)).toEqual({
      kind: "valid",
      name: "read_file",
    });
  });

  it("reads an unquoted Windows path and names the family", () => {
    const outcome = expectRepaired(repair({ name: "read_file", arguments: "{file_path: C:\\Users\\a b\\x.txt, limit: 5}" }, undefined, declared));
    expect(JSON.parse(outcome.arguments)).toEqual({ file_path: "C:\\Users\\a b\\x.txt", limit: 5 });
    expect(outcome.fixers).toContain("parse-unquoted");
    expect(outcome.lossy).toBe(false);
    expect(outcome.original.kind).toBe("invalid_args");
  });

  it("keeps every backslash of a path written unescaped, also those that spell \\t or \\n", () => {
    for (const path of [String.raw`C:\temp\data.csv`, String.raw`C:\Users\new\x.txt`, String.raw`C:\Program Files\node\bin`]) {
      const outcome = expectRepaired(repair({ name: "read_file", arguments: `{"file_path": "${path}", "limit": 1}` }, undefined, declared));
      expect(JSON.parse(outcome.arguments)).toEqual({ file_path: path, limit: 1 });
      expect(outcome.lossy).toBe(false);
    }
    // Between single quotes, as Python reads them, `\t` is a tab where `\d` stays: two readings, no repair;
    // unless Python cannot read it (`\U` takes eight hex digits).
    for (const path of [String.raw`C:\temp\data.csv`, String.raw`C:\Program Files\node\bin`]) {
      expect(repair({ name: "read_file", arguments: `{"file_path": '${path}', "limit": 1}` }, undefined, declared).kind).toBe("failed");
    }
    const unescaped = expectRepaired(repair({ name: "read_file", arguments: String.raw`{"file_path": 'C:\Users\new\x.txt', "limit": 1}` }, undefined, declared));
    expect(JSON.parse(unescaped.arguments)).toEqual({ file_path: String.raw`C:\Users\new\x.txt`, limit: 1 });
  });

  it("reads a member written twice when both copies say the same, and not when they differ", () => {
    const same = expectRepaired(repair({ name: "read_file", arguments: '{"file_path": "a.txt", "limit": 2, "file_path" a.txt}' }, undefined, declared));
    expect(JSON.parse(same.arguments)).toEqual({ file_path: "a.txt", limit: 2 });
    expect(repair({ name: "read_file", arguments: '{"file_path": "a.txt", "limit": 2, "file_path" b.txt}' }, undefined, declared).kind).toBe("failed");
    // So in a fence, after prose or with a trailing comma: the text fixers' JSON says two things all the same.
    for (const written of ['```json\n{"file_path": "a.txt", "file_path": "b.txt"}\n```', 'Here: {"file_path": "a.txt", "file_path": "b.txt"}', '{"file_path": "a.txt", "file_path": "b.txt",}']) {
      expect(repair({ name: "read_file", arguments: written }, undefined, declared).kind, written).toBe("failed");
    }
    expect(JSON.parse(expectRepaired(repair({ name: "read_file", arguments: '```json\n{"file_path": "a.txt", "file_path": "a.txt"}\n```' }, undefined, declared)).arguments)).toEqual({ file_path: "a.txt" });
    // After an inner object's `}`, a repeated key may be the parent's own member: not merged into the inner object.
    const nested: ToolDefinition = {
      name: "nested",
      parameters: {
        type: "object",
        properties: { limit: { type: "object", properties: { id: { type: "boolean" } } }, mode_id: { type: "boolean" } },
        additionalProperties: false,
      },
    };
    const outcome = repair({ name: "nested", arguments: '{"limit": {"id": true}, "id": true}' }, undefined, [nested]);
    expect(outcome.kind === "repaired" ? JSON.parse(outcome.arguments) : undefined).not.toEqual({ limit: { id: true } });
  });

  it("keeps unescaped inner quotes, and lets the value fixers finish the reading", () => {
    const outcome = expectRepaired(repair({ name: "read_file", arguments: '{"file_path": "the "draft" copy.md", "limit": "3"}' }, undefined, declared));
    expect(JSON.parse(outcome.arguments)).toEqual({ file_path: 'the "draft" copy.md', limit: 3 });
    expect(outcome.fixers).toEqual(["parse-inner-quotes", "coerce-types"]);
  });

  it("reads what is left after the fences and tokens are peeled off", () => {
    const outcome = expectRepaired(repair({ name: "get_weather", arguments: "```json\n{city: San Francisco, CA, unit: f}\n```" }, undefined, declared));
    expect(JSON.parse(outcome.arguments)).toEqual({ city: "San Francisco, CA", unit: "f" });
    expect(outcome.fixers).toEqual(["strip-code-fences", "parse-unquoted"]);
  });

  it("takes a bare value as the one required property, as a lossy repair that allowLossy: false refuses", () => {
    const outcome = expectRepaired(repair({ name: "get_weather", arguments: '"Paris"' }, undefined, declared));
    expect(JSON.parse(outcome.arguments)).toEqual({ city: "Paris" });
    expect(outcome.fixers).toEqual(["parse-bare-value"]);
    expect(outcome.lossy).toBe(true);
    expect(repair({ name: "get_weather", arguments: '"Paris"' }, { allowLossy: false }, declared).kind).toBe("failed");
  });

  it("does not pick between two readings that validate and differ", () => {
    const failed = expectFailed(repair({ name: "get_weather", arguments: '{"city": "Paris"}\n{"city": "Rome"}' }, undefined, declared));
    expect(failed.fixersTried).toContain("parse-several-objects");
    const twice = expectRepaired(repair({ name: "get_weather", arguments: '{"city": "Paris"}\n{"city": "Paris"}' }, undefined, declared));
    expect(JSON.parse(twice.arguments)).toEqual({ city: "Paris" });
  });

  it.each([
    '{"city": "Paris"}\n{"town": "Rome"}',
    '{"town": "Rome"} {"city": "Paris"}',
    '{"city": "Paris"},\n{"note": "then Rome"}',
    "{city: 'Paris'} {\"units\": 3}",
  ])("does not drop an object of a row that does not validate: %s", (text) => {
    const failed = expectFailed(repair({ name: "get_weather", arguments: text }, undefined, declared));
    expect(failed.fixersTried).toContain("parse-several-objects");
  });

  it("does not take the object whose string holds the other's, of two that validate", () => {
    // `Paris` is part of `Paris, TX`, so the lossless check alone sees nothing lost in `{"city": "Paris, TX"}`.
    for (const text of ['{"city": "Paris"} {"city": "Paris, TX"}', '{"city": "Paris, TX"}\n{"city": "Paris"}']) {
      expectFailed(repair({ name: "get_weather", arguments: text }, undefined, declared));
    }
  });

  it("does not take a reading whose string ran over the next member", () => {
    const files: ToolDefinition = {
      name: "attach",
      parameters: {
        type: "object",
        properties: { file_path: { type: "string" }, file_name: { type: "string" } },
        required: ["file_path"],
        additionalProperties: false,
      },
    };
    // The closing quote before `, "file_name"` is lost: `file_path` must not swallow the member and drop what follows.
    expectFailed(repair({ name: "attach", arguments: '{"file_path":"say \\"hi\\" to Bob, "file_name":"a, b: c"}' }, undefined, [files]));
  });

  it("does not drop an unknown key from a reading that guessed where members end", () => {
    const settings: ToolDefinition = {
      name: "save",
      parameters: {
        type: "object",
        properties: {
          names: {
            type: "object",
            properties: { path_file: { type: "object", additionalProperties: { type: "string" } }, count: { type: "integer" } },
            required: ["path_file"],
            additionalProperties: false,
          },
        },
        required: ["names"],
        additionalProperties: false,
      },
    };
    // `path_file` closed early: `key` is its member, not an extra of `names` to drop.
    expectFailed(repair({ name: "save", arguments: '{"names": {"path_file": {"a": "x"}, "key": "y"}, "count": 3}}' }, undefined, [settings]));
  });

  it("does not drop a key the syntax repair read out of unquoted text", () => {
    const named: ToolDefinition = { name: "name", parameters: { type: "object", properties: { names: { type: "string" } }, additionalProperties: false } };
    // `b` may be part of the value `a, b: c`.
    expectFailed(repair({ name: "name", arguments: "{names: a, b: c}" }, undefined, [named]));
    const read = expectRepaired(repair({ name: "read_file", arguments: "{'file_path': 'a', 'reasoning': 'x'}" }));
    expect(read).toMatchObject({ arguments: '{"file_path":"a"}', lost: ["reasoning", "x"] });
    // A long quoted value is reported cut (`…`), and is still found quoted.
    const long = `{'file_path': 'a', 'padding': '${"x".repeat(300)}',}`;
    expect(expectRepaired(repair({ name: "read_file", arguments: long })).arguments).toBe('{"file_path":"a"}');
    // A number or a literal dropped with its quoted key was a value that ended: fenced or not, the key is dropped.
    for (const extra of ['"offset": 10', '"deep": true', '"at": null', '"n": -1.5e3']) {
      const fenced = expectRepaired(repair({ name: "read_file", arguments: `\`\`\`json\n{"file_path": "a", ${extra}}\n\`\`\`` }));
      expect(fenced).toMatchObject({ arguments: '{"file_path":"a"}', lossy: true });
    }
  });

  it("never writes a number no double holds as null", () => {
    const search: ToolDefinition = { name: "search", parameters: { type: "object", properties: { q: { type: "string" }, limit: { type: "number" } } } };
    // 1e999 reads as Infinity, which JSON writes as null.
    expectFailed(repair({ name: "search", arguments: "{q: x, limit: 1e999}" }, undefined, [search]));
    expectFailed(repair({ name: "search", arguments: '{"q": 5, "limit": 1e999}' }, undefined, [search]));
  });

  it("does not keep, where other keys are allowed, an undeclared key the syntax repair read after unquoted text", () => {
    const letter: ToolDefinition = { name: "letter", parameters: { type: "object", properties: { note: { type: "string" }, n: { type: "integer" } } } };
    // `Regards` may be part of the note `Dear Ann, Regards: Bob`.
    expectFailed(repair({ name: "letter", arguments: "{note: Dear Ann, Regards: Bob}" }, undefined, [letter]));
    // After a quoted value or a number the key is a key.
    expect(expectRepaired(repair({ name: "letter", arguments: "{note: 'Dear Ann', Regards: Bob}" }, undefined, [letter])).arguments).toBe('{"note":"Dear Ann","Regards":"Bob"}');
    expect(expectRepaired(repair({ name: "letter", arguments: "{n: 5, Regards: Bob}" }, undefined, [letter])).arguments).toBe('{"n":5,"Regards":"Bob"}');
  });

  it("runs only the families configured", () => {
    const outcome = repair({ name: "read_file", arguments: "{file_path: C:\\Users\\a b\\x.txt}" }, { fixers: ["repair-json-syntax"] }, declared);
    expect(expectFailed(outcome).fixersTried).not.toContain("parse-unquoted");
  });

  it("never closes a string the text ends inside", () => {
    const families = fixerNames.filter((name) => name.startsWith("parse-"));
    expectFailed(repair({ name: "get_weather", arguments: '{"city": "say "hi' }, { fixers: families }, declared));
    expectFailed(repair({ name: "get_weather", arguments: "{city: Par" }, { fixers: families }, declared));
    expectFailed(repair({ name: "get_weather", arguments: "{'city': 'Par" }, { fixers: families }, declared));
  });
});

describe("arguments with very long arrays", () => {
  it("repairs a broken list of 150 000 items without overflowing the stack", () => {
    const list: ToolDefinition = { name: "store", parameters: { type: "object", properties: { list: { type: "array", items: { type: "string" } } } } };
    const items = JSON.stringify(Array.from({ length: 150_000 }, (_, index) => `s${index}`));
    const outcome = repair({ name: "store", arguments: `{"list": ${items.slice(0, -1)},]}` }, undefined, [list]);
    expect(outcome.kind).toBe("repaired");
    expect((JSON.parse((outcome as { arguments: string }).arguments) as { list: string[] }).list).toHaveLength(150_000);
  });
});
