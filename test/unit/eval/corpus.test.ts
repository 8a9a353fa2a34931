import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { canonical, judge, loadCases, parseArguments, scoreEngineCase, type CorpusCase } from "../../../src/eval/corpus.ts";

const tool = {
  name: "read_file",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false },
};
const engine = createRepairEngine();

function verdict(fields: Partial<CorpusCase>): string {
  const testCase: CorpusCase = { id: "case", class: "syntax", tool, tool_name_emitted: "read_file", raw_arguments: "", expected: null, ...fields };
  return scoreEngineCase(engine, testCase).verdict;
}

describe("scoreEngineCase", () => {
  it("counts a valid call read from text that is not the expected one as wrong, not as untouched", () => {
    const text = '<tool_call>{"name": "read_file", "arguments": {"path": "b.txt"}}</tool_call>';
    expect(verdict({ class: "content_embedded_call", tool_name_emitted: null, raw_arguments: text, expected: { path: "a.txt" } })).toBe("wrong");
    expect(verdict({ class: "content_embedded_call", tool_name_emitted: null, raw_arguments: text, expected: { path: "b.txt" } })).toBe("expected");
  });

  it("leaves a valid emitted call untouched", () => {
    expect(verdict({ class: "valid", raw_arguments: '{"path": "a.txt"}', expected: { path: "a.txt" } })).toBe("untouched");
  });

  it("scores a call that is several as the server sends it: split, first call first", () => {
    const raw = '{"path": "a.txt"}{"path": "b.txt"}';
    expect(verdict({ raw_arguments: raw, expected: { path: "a.txt" } })).toBe("expected");
    expect(verdict({ class: "unrecoverable", raw_arguments: raw, expected: null })).toBe("wrong");
  });

  it("fails calls read from text when a later one cannot be repaired, as the server escalates the answer whole", () => {
    const call = (path: unknown) => `<tool_call>{"name": "read_file", "arguments": {"path": ${JSON.stringify(path)}}}</tool_call>`;
    const content = (second: unknown) => ({ class: "content_embedded_call" as const, tool_name_emitted: null, raw_arguments: `${call("a.txt")}\n${call(second)}`, expected: { path: "a.txt" } });
    expect(verdict(content("b.txt"))).toBe("expected");
    expect(verdict(content(["not", "a", "path"]))).toBe("failed");
  });

  it("counts a refusal as failed, the right outcome for an unrecoverable case", () => {
    expect(verdict({ class: "unrecoverable", raw_arguments: '{"path": "a.t', expected: null })).toBe("failed");
  });
});

describe("numbers in the scoring", () => {
  const idTool = { name: "get_order", parameters: { type: "object", properties: { id: { type: "integer" }, price: { type: "number" } } } };
  const base: CorpusCase = { id: "n", class: "syntax", tool: idTool, tool_name_emitted: "get_order", raw_arguments: "", expected: null };

  it("reads a case's expected integers with all their digits", () => {
    const path = join(mkdtempSync(join(tmpdir(), "toolmend-corpus-")), "cases.jsonl");
    writeFileSync(path, `${JSON.stringify({ ...base, expected: {} }).replace('"expected":{}', '"expected":{"id":1234567890123456789}')}\n`);
    const [loaded] = loadCases(path);
    expect(canonical(loaded!.expected)).toBe('{"id":1234567890123456789}');
  });

  it("does not count an id a double rounded as the expected one", () => {
    const testCase = { ...base, expected: parseArguments('{"id": 1234567890123456789}') as Record<string, unknown> };
    const judged = (text: string) => judge(testCase, { passedThrough: false, refused: false, name: "get_order", value: parseArguments(text) });
    expect(judged('{"id": 1234567890123456789}')).toBe("expected");
    expect(judged('{"id": 1234567890123456800}')).toBe("wrong");
  });

  it("counts one number spelt two ways as the same", () => {
    expect(canonical(parseArguments('{"price": 1.50, "id": 2.0}'))).toBe(canonical({ id: 2, price: 1.5 }));
    expect(canonical(parseArguments('{"id": 1e3}'))).toBe(canonical({ id: 1000 }));
  });
});
