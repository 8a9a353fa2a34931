import type { RepairEngine, RepairOptions } from "../repair/engine.ts";
import type { PreparedTools } from "../repair/repair-tool-call.ts";
import { splitOutcome, type SplitCall } from "../repair/split-tool-call.ts";
import type { RepairOutcome, ToolCallInput } from "../repair/types.ts";

/** The engine's verdict on one call, and the calls it became when it was several. */
export interface EngineJudgement {
  readonly outcome: RepairOutcome;
  readonly split?: readonly SplitCall[];
  /** It failed, and holds several calls (so that one call from the repair model cannot stand for it). */
  readonly several?: boolean;
}

/**
 * One call through the engine, on whichever thread runs it. A call that is
 * not valid as it came but is several calls that each come out valid or
 * repaired is split (a repair, lossless unless a member's repair is lossy).
 */
export function judgeToolCall(engine: RepairEngine, prepared: PreparedTools, options: RepairOptions, call: ToolCallInput): EngineJudgement {
  const outcome = engine.repair(call, prepared, options);
  // A valid call is never rewritten; one that could not be checked is not split either.
  if (outcome.kind === "valid" || outcome.kind === "unvalidated") return { outcome };
  const split = engine.split(call, prepared, options);
  if (split === undefined) {
    const several = outcome.kind === "failed" && (engine.expand(call, prepared)?.length ?? 0) > 1;
    return several ? { outcome, several } : { outcome };
  }
  return { outcome: splitOutcome(outcome, split), split: split.calls };
}
