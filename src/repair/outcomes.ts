/**
 * The on-failure policy: given what the engine said about every call of a
 * turn, what the client gets. Pure; the route carries the decision out.
 */
import { severities, type RepairOutcome, type Severity } from "./types.ts";

/** What a call that stays broken gets (a tool's `onFailure`); the config schema takes its list from here. */
export const failurePolicies = ["escalate", "feedback", "resample", "passthrough", "reject"] as const;
export type FailurePolicy = (typeof failurePolicies)[number];

/** What `feedback` and `resample` give way to once their rounds are spent (a tool's `then`). */
export const finalPolicies = ["escalate", "passthrough", "reject"] as const;
export type FinalPolicy = (typeof finalPolicies)[number];

/** The part of a tool's policy that decides outcomes (config's ToolPolicy has it). */
export interface OutcomePolicy {
  readonly onFailure: FailurePolicy;
  readonly maxRounds: number;
  readonly then: FinalPolicy;
  readonly severity: Severity | null;
  /** Whether a call the fixers could not mend may go to the repair model. */
  readonly repairModel?: boolean;
}

/** One tool call of the answer, located, with the engine's verdict and its tool's policy. */
export interface CallVerdict {
  /** Where the call sits: `choices[choice].message.tool_calls[call]` (or the Responses output index). */
  readonly choice: number;
  readonly call: number;
  readonly id: string;
  readonly outcome: RepairOutcome;
  readonly policy: OutcomePolicy;
  /** The repair model gave up on this call: it escalated (with its reason) or threw. */
  readonly model?: { readonly kind: "escalated" | "thrown"; readonly reason: string; readonly attempts: number };
}

export type FailedVerdict = CallVerdict & { readonly outcome: Extract<RepairOutcome, { kind: "failed" }> };

/** The header value `x-toolmend-outcome` and the closed set of the tool-call outcome metric. */
export type ResponseOutcome = "none" | "valid" | "repaired" | "unvalidated" | "feedback" | "escalated" | "passthrough" | "rejected";

export type Decision =
  | { readonly kind: "none" }
  | { readonly kind: "valid" }
  | { readonly kind: "rewrite"; readonly repaired: readonly CallVerdict[] }
  | { readonly kind: "feedback" | "resample"; readonly failed: readonly FailedVerdict[] }
  | { readonly kind: "escalate" | "reject"; readonly failed: readonly FailedVerdict[]; readonly severity: Severity }
  | { readonly kind: "passthrough"; readonly failed: readonly FailedVerdict[] };

// When calls of one turn fail under different policies, the strictest wins.
const strictness: Record<FailurePolicy, number> = { reject: 4, escalate: 3, feedback: 2, resample: 1, passthrough: 0 };

const isFailed = (verdict: CallVerdict): verdict is FailedVerdict => verdict.outcome.kind === "failed";

/**
 * Decides what a turn's verdicts lead to. `round` counts the extra upstream
 * rounds already spent (0 on the first answer).
 */
export function decideOutcome(verdicts: readonly CallVerdict[], round: number): Decision {
  if (verdicts.length === 0) return { kind: "none" };
  const failed = verdicts.filter(isFailed);
  if (failed.length === 0) {
    const repaired = verdicts.filter((verdict) => verdict.outcome.kind === "repaired");
    return repaired.length > 0 ? { kind: "rewrite", repaired } : { kind: "valid" };
  }

  let policy: FailurePolicy = "passthrough";
  for (const verdict of failed) {
    const own = effectivePolicy(verdict.policy, round);
    if (strictness[own] > strictness[policy]) policy = own;
  }
  if (policy === "escalate" || policy === "reject") return { kind: policy, failed, severity: severityOf(failed, policy) };
  return { kind: policy, failed };
}

/** A tool's policy after `round` extra rounds: feedback and resample give way to `then` when spent. */
function effectivePolicy(policy: OutcomePolicy, round: number): FailurePolicy {
  if ((policy.onFailure === "feedback" || policy.onFailure === "resample") && round >= policy.maxRounds) return policy.then;
  return policy.onFailure;
}

function severityOf(failed: readonly FailedVerdict[], policy: "escalate" | "reject"): Severity {
  if (policy === "reject") return "CRITICAL";
  let highest: Severity = "LOW";
  for (const { outcome, policy: toolPolicy } of failed) {
    const severity = toolPolicy.severity ?? outcome.error.severity;
    if (severities.indexOf(severity) > severities.indexOf(highest)) highest = severity;
  }
  return highest;
}

/**
 * The header value for a turn whose decision passes its calls on: a call
 * that could not be checked makes the turn `unvalidated`, since `valid` and
 * `repaired` promise that every call was checked.
 */
export function turnOutcome(decision: Decision, verdicts: readonly CallVerdict[]): ResponseOutcome {
  const outcome = responseOutcome(decision);
  if (outcome !== "valid" && outcome !== "repaired") return outcome;
  return verdicts.some((verdict) => verdict.outcome.kind === "unvalidated") ? "unvalidated" : outcome;
}

/** The header/metric value for a decision. */
export function responseOutcome(decision: Decision): ResponseOutcome {
  switch (decision.kind) {
    case "none":
      return "none";
    case "valid":
      return "valid";
    case "rewrite":
      return "repaired";
    case "feedback":
    case "resample":
      return "feedback";
    case "escalate":
      return "escalated";
    case "reject":
      return "rejected";
    case "passthrough":
      return "passthrough";
  }
}
