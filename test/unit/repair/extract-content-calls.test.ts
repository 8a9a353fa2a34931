import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

interface CorpusCase {
  readonly id: string;
  readonly class: string;
  readonly tool: ToolDefinition;
  readonly raw_arguments: unknown;
  readonly expected: unknown;
}

const corpus: CorpusCase[] = readFileSync(new URL("../../fixtures/corpus/dev-cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusCase);

const embedded = corpus.filter((entry) => entry.class === "content_embedded_call");

describe("content_embedded_call corpus cases", () => {
  it("covers every case of the class", () => {
    expect(embedded.length).toBe(15);
  });

  it.each(embedded.map((entry) => [entry.id, entry] as const))("%s", (_id, entry) => {
    const decoy: ToolDefinition = { name: "unrelated_tool", parameters: { type: "object", properties: {} } };
    const result = extractToolCallsFromContent(entry.raw_arguments as string, [decoy, entry.tool]);
    expect(result).toBeDefined();
    expect(result!.calls[0]!.name).toBe(entry.tool.name);
    expect(JSON.parse(result!.calls[0]!.arguments)).toEqual(entry.expected);
  });
});
