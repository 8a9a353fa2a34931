import type { PolicyResolver, ToolPolicy } from "../config/resolve-policy.ts";
import type { RepairEngine, RepairOptions } from "../repair/engine.ts";
import type { PreparedTools } from "../repair/repair-tool-call.ts";
import type { TextHoldbackLimits } from "../repair/text-holdback.ts";
import type { RepairOutcome, ToolCallInput, ToolDefinition } from "../repair/types.ts";

/** What one request needs to judge its tool calls: its tools, compiled once, and the policies. */
export interface ToolCallContext {
  readonly tools: readonly ToolDefinition[];
  readonly prepared: PreparedTools;
  /** Bounds on text held back as a possible call written as text. */
  readonly textHoldback: TextHoldbackLimits;
  judge(call: ToolCallInput): { outcome: RepairOutcome; policy: ToolPolicy };
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
      return { outcome, policy: policyFor(outcome.name) };
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
