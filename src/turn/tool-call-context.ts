import type { PolicyResolver, ToolPolicy } from "../config/resolve-policy.ts";
import type { RepairEngine, RepairOptions } from "../repair/engine.ts";
import type { PreparedTools } from "../repair/repair-tool-call.ts";
import type { TextHoldbackLimits } from "../repair/text-holdback.ts";
import { splitOutcome, type SplitCall } from "../repair/split-tool-call.ts";
import type { RepairOutcome, ToolCallInput, ToolDefinition } from "../repair/types.ts";

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
   * The call through the engine with its tool's policy. A call that is not
   * valid as it came but is several calls that each come out valid or
   * repaired is split (a repair, lossless unless a member's repair is lossy);
   * when one of them stays broken, the whole call fails, and is not put to
   * the repair model, which can only answer with one call.
   */
  judge(call: ToolCallInput): Judgement;
  /** The engine's verdict with lossless fixers only (for history and the repair model's submissions). */
  judgeLosslessly(call: ToolCallInput): RepairOutcome;
  /** New arguments for a call mended by lossless fixers alone, or `undefined`. */
  mendLosslessly(call: ToolCallInput): string | undefined;
}

export function createToolCallContext(
  engine: RepairEngine,
  policyFor: PolicyResolver,
  tools: readonly ToolDefinition[],
  textHoldback: TextHoldbackLimits = {},
): ToolCallContext {
  const prepared = engine.prepareTools(tools);
  const options: RepairOptions = {
    fixers: (name) => policyFor(name).fixers,
    allowLossy: (name) => policyFor(name).allowLossy,
  };
  return {
    tools,
    prepared,
    textHoldback,
    judge(call) {
      const outcome = engine.repair(call, prepared, options);
      // A valid call is never rewritten; one that could not be checked is not split either.
      if (outcome.kind === "valid" || outcome.kind === "unvalidated") return { outcome, policy: policyFor(outcome.name) };
      const split = engine.split(call, prepared, options);
      if (split === undefined) {
        const policy = policyFor(outcome.name);
        // Several calls, one of them beyond the fixers: the repair model answers with one call and would drop the rest.
        const several = outcome.kind === "failed" && policy.repairModel && (engine.expand(call, prepared)?.length ?? 0) > 1;
        return { outcome, policy: several ? { ...policy, repairModel: false } : policy };
      }
      const whole = splitOutcome(outcome, split);
      return { outcome: whole, policy: policyFor(whole.name), split: split.calls };
    },
    judgeLosslessly(call) {
      return engine.repair(call, prepared, { ...options, allowLossy: false });
    },
    mendLosslessly(call) {
      const outcome = this.judgeLosslessly(call);
      return outcome.kind === "repaired" ? outcome.arguments : undefined;
    },
  };
}
