/**
 * Gemma's call whose arguments the text ends inside, right after a complete value: its object is one JSON-like
 * object, so it goes on as a cut JSON object does, and `close-truncated` judges it with its own limits.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const search: ToolDefinition = {
  name: "search",
  parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" }, tags: { type: "array", items: { type: "string" } } }, required: ["query"] },
};
const engine = createRepairEngine();

/** The calls read whole and streamed one character at a time (they must agree), repaired as the server repairs them. */
function repaired(content: string): unknown[] {
  const whole = extractToolCallsFromContent(content, [search])?.calls ?? [];
  const holdback = createTextHoldback({ tools: [search] });
  for (const char of content) holdback.push(char);
  expect(holdback.end().calls).toEqual(whole);
  return whole.map((call) => {
    const outcome = engine.repair(call, engine.prepareTools([search]));
    return outcome.kind === "repaired" ? [JSON.parse(outcome.arguments) as unknown, outcome.fixers.includes("close-truncated") && outcome.lossy] : outcome.kind;
  });
}

describe("Gemma: the text ends right after a complete value", () => {
  it.each<[string, string, unknown]>([
    ["Gemma 4, one member", '<|tool_call>call:search{query:<|"|>test<|"|>', { query: "test" }],
    ["Gemma 4, two members and a line break", '<|tool_call>call:search{query:<|"|>test<|"|>,limit:5\n', { query: "test", limit: 5 }],
    ["FunctionGemma", "<start_function_call>call:search{query:<escape>test<escape>", { query: "test" }],
  ])("%s: closed as a cut object, lossy", (_title, content, args) => {
    expect(repaired(content)).toEqual([[args, true]]);
  });

  it("a key last, no colon: dropped as a cut JSON object's partial key is", () => {
    expect(repaired('<|tool_call>call:search{query:<|"|>test<|"|>,limit')).toEqual([[{ query: "test" }, true]]);
  });

  it("inside a list: the list may have gone on, the call fails", () => {
    expect(repaired('<|tool_call>call:search{query:<|"|>a<|"|>,tags:[<|"|>x<|"|>')).toEqual(["failed"]);
  });

  it.each<[string, string]>([
    ["cut inside a string", '<|tool_call>call:search{query:<|"|>tes'],
    ["a comma last (another member was coming)", '<|tool_call>call:search{query:<|"|>test<|"|>,'],
    ["words after the value", '<|tool_call>call:search{query:<|"|>test<|"|> Let me know.'],
  ])("%s: no call", (_title, content) => {
    expect(repaired(content)).toEqual([]);
  });
});
