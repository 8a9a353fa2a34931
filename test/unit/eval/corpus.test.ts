import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { scoreEngineCase, type CorpusCase } from "../../../src/eval/corpus.ts";

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

  it("counts a refusal as failed, the right outcome for an unrecoverable case", () => {
    expect(verdict({ class: "unrecoverable", raw_arguments: '{"path": "a.t', expected: null })).toBe("failed");
  });
});
