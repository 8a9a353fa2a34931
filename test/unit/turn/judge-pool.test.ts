import { afterEach, describe, expect, it } from "vitest";
import { defaults } from "../../../src/config/defaults.ts";
import { createPolicyResolver } from "../../../src/config/resolve-policy.ts";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { defaultFixerNames } from "../../../src/repair/fixers/index.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { JudgePool } from "../../../src/turn/judge-pool.ts";
import { createToolCallContext } from "../../../src/turn/tool-call-context.ts";

const readFile: ToolDefinition = {
  name: "read_file",
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false },
};
const store: ToolDefinition = { name: "store", parameters: { type: "object" } };
// 200 000 unquoted keys: over a second of CPU to repair on any machine.
const slowArguments = `{${Array.from({ length: 200_000 }, (_, index) => `k${index}: 1`).join(", ")}}`;
const costlyButQuick = `{"path": "a.txt", "padding": "${"x".repeat(20_000)}",}`;

let pool: JudgePool | undefined;
afterEach(async () => {
  await pool?.close();
});

function context(deadlineMs: number) {
  pool = new JudgePool({ repair: defaults.repair, size: 1, deadlineMs });
  const engine = createRepairEngine({ ...defaults.repair.limits, maxCachedSchemas: defaults.repair.limits.cachedSchemas });
  return createToolCallContext(engine, createPolicyResolver(defaults.repair, defaultFixerNames), [readFile, store], {}, pool);
}

describe("costly checks on worker threads", () => {
  it("judges a costly call on a worker as the engine would inline", async () => {
    const tools = context(60_000);
    const call = { name: "read_file", arguments: costlyButQuick };
    expect(tools.costly(call)).toBe(true);
    const engine = createRepairEngine();
    const inline = engine.repair(call, engine.prepareTools([readFile, store]));
    const judged = await tools.judge(call);
    expect(judged.outcome).toEqual(inline);
    expect(judged.policy).toMatchObject({ onFailure: expect.any(String) });
  });

  it("keeps a cheap call on the event loop", () => {
    const tools = context(60_000);
    expect(tools.costly({ name: "read_file", arguments: '{"path": "a"}' })).toBe(false);
  });

  it("answers unvalidated past the deadline, and the next call gets a fresh worker", async () => {
    const tools = context(50);
    const late = await tools.judge({ name: "store", arguments: slowArguments });
    expect(late.outcome).toEqual({ kind: "unvalidated", name: "store", reason: "checking the call took longer than its deadline" });
    const answer = await pool!.judge({ tools: [readFile], call: { name: "read_file", arguments: costlyButQuick }, lossless: false }, 60_000);
    expect(answer).toMatchObject({ kind: "judged", judged: { outcome: { kind: "repaired" } } });
  });

  it("answers unvalidated for a call still waiting for a worker at its deadline", async () => {
    const tools = context(200);
    const [first, second] = await Promise.all([
      tools.judge({ name: "store", arguments: slowArguments }),
      tools.judge({ name: "store", arguments: slowArguments }),
    ]);
    expect(first.outcome.kind).toBe("unvalidated");
    expect(second.outcome.kind).toBe("unvalidated");
  });
});
