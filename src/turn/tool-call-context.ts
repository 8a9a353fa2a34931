import type { PolicyResolver, ToolPolicy } from "../config/resolve-policy.ts";
import type { RepairEngine, RepairOptions } from "../repair/engine.ts";
import type { PreparedTools } from "../repair/repair-tool-call.ts";
import type { TextHoldbackLimits } from "../repair/text-holdback.ts";
import type { SplitCall } from "../repair/split-tool-call.ts";
import type { RepairOutcome, ToolCallInput, ToolDefinition } from "../repair/types.ts";
import type { JudgePool } from "./judge-pool.ts";
import { judgeToolCall, type EngineJudgement } from "./judge-tool-call.ts";

/** The engine's verdict on one call, its tool's policy, and the calls it became when it was several. */
export interface Judgement {
  readonly outcome: RepairOutcome;
  readonly policy: ToolPolicy;
  readonly split?: readonly SplitCall[];
}

/** What one request needs to judge its tool calls: its tools, compiled once, and the policies. */
export interface ToolCallContext {
  readonly tools: readonly ToolDefinition[];
  readonly prepared: PreparedTools;
  /** Bounds on text held back as a possible call written as text. */
  readonly textHoldback: TextHoldbackLimits;
  /**
   * The call through the engine with its tool's policy (see `judgeToolCall`),
   * on a worker when it is costly. A call holding several calls, one of them
   * beyond the fixers, fails whole and is not put to the repair model, which
   * can only answer with one call.
   */
  judge(call: ToolCallInput): Promise<Judgement>;
  /** The engine's verdict with lossless fixers only (for history and the repair model's submissions). */
  judgeLosslessly(call: ToolCallInput): Promise<RepairOutcome>;
  /** Whether checking `call` could hold the event loop, so that it goes to a worker. */
  costly(call: ToolCallInput): boolean;
}

/**
 * Past these, checking a call goes to a worker: about 30 ms of CPU for a
 * schema's compile (measured at 3-4 ms per KB of keyword-heavy schema) or
 * for parsing and repairing arguments (50 ms for 64 KB of broken JSON).
 */
const COSTLY_ARGUMENT_CHARS = 16 * 1024;
const COSTLY_SCHEMA_CHARS = 8 * 1024;

export function createToolCallContext(
  engine: RepairEngine,
  policyFor: PolicyResolver,
  tools: readonly ToolDefinition[],
  textHoldback: TextHoldbackLimits = {},
  pool?: JudgePool,
): ToolCallContext {
  const prepared = engine.prepareTools(tools);
  const options: RepairOptions = {
    fixers: (name) => policyFor(name).fixers,
    allowLossy: (name) => policyFor(name).allowLossy,
  };
  const lossless: RepairOptions = { ...options, allowLossy: false };
  const schemaChars = new Map<string, number>();
  const schemaSize = (name: string): number => {
    let size = schemaChars.get(name);
    if (size === undefined) {
      // The request body's depth is bounded, so serialising a declared schema cannot overflow.
      size = JSON.stringify(prepared.get(name)?.definition.parameters ?? {})?.length ?? 0;
      schemaChars.set(name, size);
    }
    return size;
  };
  const costly = (call: ToolCallInput): boolean =>
    pool !== undefined && ((typeof call.arguments === "string" && call.arguments.length > COSTLY_ARGUMENT_CHARS) || schemaSize(call.name) > COSTLY_SCHEMA_CHARS);

  /** On a worker; past the deadline the call is `unvalidated`, never judged on a guess. */
  const offThread = async (call: ToolCallInput, losslessOnly: boolean): Promise<EngineJudgement> => {
    const answer = await pool!.judge({ tools, call, lossless: losslessOnly });
    if (answer.kind === "judged") return answer.judged;
    return { outcome: { kind: "unvalidated", name: call.name, reason: "checking the call took longer than its deadline" } };
  };

  return {
    tools,
    prepared,
    textHoldback,
    costly,
    async judge(call) {
      const { several, ...judged } = costly(call) ? await offThread(call, false) : judgeToolCall(engine, prepared, options, call);
      const policy = policyFor(judged.outcome.name);
      // Several calls, one of them beyond the fixers: the repair model answers with one call and would drop the rest.
      return { ...judged, policy: several === true && policy.repairModel ? { ...policy, repairModel: false } : policy };
    },
    async judgeLosslessly(call) {
      return costly(call) ? (await offThread(call, true)).outcome : engine.repair(call, prepared, lossless);
    },
  };
}
