/**
 * Text built to make a backtracking pattern take exponential or quadratic
 * time, through the two ways model output is read: calls written as text,
 * and a call's arguments. Each must be read (or refused) without a hang; the
 * lint rule `regexp/no-super-linear-backtracking` keeps new patterns linear.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { HANG_GUARD_MS } from "../../support/hang-guard.ts";

const tool: ToolDefinition = { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
const N = 100_000;

describe("calls written as text after hostile prose", () => {
  it.each([
    ["a long run of spaces inside the prose before the call", `a${" ".repeat(N)}b\n${call}`],
    ["lines of one space before the call", `x${"\n ".repeat(N / 2)}y\n${call}`],
    ["list markers before the call", `${"\n- ".repeat(N / 3)}z\n${call}`],
    ["a line opening with `or` and a long run of spaces after the call", `${call}\nThat is all.\nor${" ".repeat(30_000)}x`],
  ])("%s", (_title, content) => {
    expect(extractToolCallsFromContent(content, [tool])?.calls).toEqual([{ name: "get_weather", arguments: '{"city":"Paris"}' }]);
  }, HANG_GUARD_MS);
});

describe("arguments with hostile tails", () => {
  const engine = createRepairEngine();
  const prepared = engine.prepareTools([tool]);
  it.each([
    ["a call's `)` then a long run of spaces", `{"city": "Paris"})${" ".repeat(N)}x`],
    ["backticks after the object", `{"city": "Paris"}${"`".repeat(N)}x`],
    ["a fence opening then spaces", `\`\`\`${" ".repeat(N)}x{"city": "Paris"}`],
    ["closing brackets after a nested object", `{"city": {"a": 1${"}".repeat(N)}x`],
  ])("%s", (_title, args) => {
    expect(engine.repair({ name: "get_weather", arguments: args }, prepared).kind).toMatch(/^(repaired|failed|valid)$/);
  }, HANG_GUARD_MS);
});
