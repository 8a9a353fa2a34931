import { describe, expect, it } from "vitest";
import { bracketedSlot, elidedValue } from "../../../src/repair/elided-values.ts";
import { createRepairEngine } from "../../../src/repair/engine.ts";

describe("elidedValue", () => {
  it.each([
    ['{"path": ..., "n": 5}', "..."],
    ['{"path": "a", "n": …}', "…"],
    ['{"items": [1, 2, ...]}', "..."],
    ['{"items": [...]}', "..."],
    ['{"path": <path>, "n": 5}', "<path>"],
    ["{path: <your path here>}", "<your path here>"],
    ['{"token": [REDACTED]}', "[REDACTED]"],
    ['{"token": ***, "n": 1', "***"],
    ["{path: ${path}, n: 5}", "${path}"],
    ['{"key": YOUR_API_KEY}', "YOUR_API_KEY"],
    ["{path: PATH_HERE, n: 5}", "PATH_HERE"],
    ['{"q": ???}', "???"],
    // Only the value's opening quote, the next member right after it.
    ['{"channel": ", "text": "hi"}', '"'],
    ['{"a": 1, "path": " , "mode": "r"', '"'],
    // A language's word for no value: not null, not text, not a member to drop.
    ['{"a": 1, "limit": undefined}', "undefined"],
    ['{"ratio": NaN}', "NaN"],
    ['{"values": [1, -Infinity]}', "-Infinity"],
    // A comment holding only an ellipsis: members left out.
    ['{"a": 1, /* ... */}', "/* ... */"],
    ['{"a": 1,\n  // …\n}', "// …"],
    ['{"a": 1 # etc.\n}', "# etc."],
  ])("%s → %s", (text, mark) => expect(elidedValue(text)).toBe(mark));

  it.each([
    // Quoted: the model's own string.
    '{"path": "...", "n": 5',
    '{"text": "see <b> and [NOTE], ...", "n": 5',
    // Not alone where a value goes: part of a value, or no value at all.
    "{path: /tmp/..., n: 5}",
    "{expr: a < b, n: 5}",
    '{"path": , "n": 5}',
    // a string that is a comma, or one that opens with one
    '{"sep": ", ", "n": 5',
    '{"note": ", then more", "n": 5',
    // a string ending in a comma, read as outside strings once a quote lost earlier put the scan out of step
    '{path": "a", "note": "trailing comma,", "mode": "r"}',
    '{"n": 5 ** 2}',
    // words that only look like a slot
    "{mode: THERE, q: what?}",
    "{key: YOURS}",
    // a word that only starts like one, a comment that says something
    "{mode: undefinedBehaviour, n: NaNa}",
    '{"a": 1 /* the count */}',
    '{"a": 1 // ... and more to come\n}',
  ])("%s → nothing", (text) => expect(elidedValue(text)).toBeUndefined());
});

describe("bracketedSlot", () => {
  const schema = {
    type: "object",
    properties: { query: { type: "string" }, n: { type: "integer" }, unit: { enum: ["celsius", "fahrenheit"] }, tags: { type: "array", items: { type: "string" } }, opts: { type: "object", properties: { mode: { type: "string" } } } },
  };
  it.each([
    ['{"query": [search term]}', "[search term]"],
    ["{query: [your query here], n: 5}", "[your query here]"],
    ['{"query": [query]', "[query]"],
    ["{'query': [The user's question]}", "[The user's question]"],
    ['{"n": 5, "opts": {"mode": [fast or slow]}}', "[fast or slow]"],
    ['{"unit": [temperature unit]}', "[temperature unit]"],
  ])("%s → %s", (text, slot) => expect(bracketedSlot(text, schema)).toBe(slot));

  it.each([
    // a list where a list goes, quoted items, numbers and literals, several items, a key not declared
    '{"tags": [python java]}',
    '{"query": ["Paris"], "n": [5]}',
    '{"query": [true]}',
    '{"query": [a, b]}',
    '{"other": [search term]}',
    // one of the property's own values: a one-item list, not a slot
    '{"unit": [celsius]}',
    // inside a string
    '{"query": "x: [search term]", "n": }',
  ])("%s → nothing", (text) => expect(bracketedSlot(text, schema)).toBeUndefined());
});

describe("a call whose value was left out", () => {
  const engine = createRepairEngine();
  const tool = { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] } };

  it("is refused with the mark named, not filled with it", () => {
    const outcome = engine.repair({ name: "read_file", arguments: '{"path": ..., "limit": "5"}' }, engine.prepareTools([tool]));
    expect(outcome.kind).toBe("failed");
    expect(outcome.kind === "failed" && outcome.error.message).toContain("`...` stands where a value should be");
  });

  it("leaves the same mark alone when it is quoted", () => {
    expect(engine.repair({ name: "read_file", arguments: '{"path": "..."}' }, engine.prepareTools([tool])).kind).toBe("valid");
  });
});
