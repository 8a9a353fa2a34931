/**
 * The on-failure policy: given what the engine said about every call of a
 * turn, what the client gets. Pure; the route carries the decision out.
 */
import type { SplitCall } from "./split-tool-call.ts";
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

/** What a verdict needs of the call it judged: the rest is the wire format's business. */
export interface JudgedCall {
  /** The call's id, as the client will see it (what a tool result answers). */
  readonly id: string;
}

/** One tool call of the answer, with the engine's verdict and its tool's policy. */
export interface CallVerdict<Call extends JudgedCall = JudgedCall> {
  /** The call judged, as the answer carried it. */
  readonly call: Call;
  readonly outcome: RepairOutcome;
  readonly policy: OutcomePolicy;
  /**
   * The repair model did not mend this call: it escalated or threw (`reason`
   * is its own), or it was unavailable (`reason`: busy, timeout, status,
   * transport or junk).
   */
  readonly model?: { readonly kind: "escalated" | "thrown" | "unavailable"; readonly reason: string; readonly attempts: number };
  /**
   * The call is several (multi_tool_use.parallel, objects in a row), each
   * valid or repaired: the answer carries these calls, in order, in its
   * place. `outcome` is then a repair standing for all of them.
   */
  readonly split?: readonly SplitCall[];
}

/** A call as the answer carries it once judged. */
export interface ReplacementCall {
  readonly name: string;
  readonly arguments: string;
}

/**
 * What the answer carries in place of the verdict's call on a rewrite: the
 * repaired call, or every call of a split; `undefined` when the call stays
 * as it came.
 */
export function replacementCalls(verdict: CallVerdict): readonly ReplacementCall[] | undefined {
  if (verdict.outcome.kind !== "repaired") return undefined;
  return verdict.split ?? [{ name: verdict.outcome.name, arguments: verdict.outcome.arguments }];
}

export type FailedVerdict<Call extends JudgedCall = JudgedCall> = CallVerdict<Call> & {
  readonly outcome: Extract<RepairOutcome, { kind: "failed" }>;
};

/** The header value `x-toolmend-outcome` and the closed set of the tool-call outcome metric. */
export type ResponseOutcome = "none" | "valid" | "repaired" | "unvalidated" | "feedback" | "escalated" | "passthrough" | "rejected";

export type Decision<Call extends JudgedCall = JudgedCall> =
  | { readonly kind: "none" }
  | { readonly kind: "valid" }
  | { readonly kind: "rewrite"; readonly repaired: readonly CallVerdict<Call>[] }
  | { readonly kind: "feedback" | "resample"; readonly failed: readonly FailedVerdict<Call>[] }
  | { readonly kind: "escalate" | "reject"; readonly failed: readonly FailedVerdict<Call>[]; readonly severity: Severity }
  | { readonly kind: "passthrough"; readonly failed: readonly FailedVerdict<Call>[] };

/** Where the turn stands: the extra rounds spent, and whether another may be asked for at all. */
export interface RoundState {
  /** Extra upstream rounds already spent (0 on the first answer). */
  readonly round: number;
  /**
   * `false` when the answer cannot be replaced by another round (part of it
   * was shown, or the request forbids it): feedback and resample give way to
   * their `then` at once. Default `true`.
   */
  readonly extraRoundsAllowed?: boolean;
}

// When calls of one turn fail under different policies, the strictest wins.
const strictness: Record<FailurePolicy, number> = { reject: 4, escalate: 3, feedback: 2, resample: 1, passthrough: 0 };

const isFailed = <Call extends JudgedCall>(verdict: CallVerdict<Call>): verdict is FailedVerdict<Call> => verdict.outcome.kind === "failed";

/** Decides what a turn's verdicts lead to. */
export function decideOutcome<Call extends JudgedCall>(verdicts: readonly CallVerdict<Call>[], state: RoundState): Decision<Call> {
  const decision = decideAfter(verdicts, state.round, false);
  if ((decision.kind === "feedback" || decision.kind === "resample") && state.extraRoundsAllowed === false) {
    // No round to spend: the policies decide as they would after their last one.
    return decideAfter(verdicts, state.round, true);
  }
  return decision;
}

function decideAfter<Call extends JudgedCall>(verdicts: readonly CallVerdict<Call>[], round: number, roundsSpent: boolean): Decision<Call> {
  if (verdicts.length === 0) return { kind: "none" };
  const failed = verdicts.filter(isFailed);
  if (failed.length === 0) {
    const repaired = verdicts.filter((verdict) => verdict.outcome.kind === "repaired");
    return repaired.length > 0 ? { kind: "rewrite", repaired } : { kind: "valid" };
  }

  let policy: FailurePolicy = "passthrough";
  for (const verdict of failed) {
    const own = effectivePolicy(verdict.policy, round, roundsSpent);
    if (strictness[own] > strictness[policy]) policy = own;
  }
  if (policy === "escalate" || policy === "reject") return { kind: policy, failed, severity: severityOf(failed, policy) };
  return { kind: policy, failed };
}

/** A tool's policy after `round` extra rounds: feedback and resample give way to `then` when spent. */
function effectivePolicy(policy: OutcomePolicy, round: number, roundsSpent: boolean): FailurePolicy {
  if ((policy.onFailure === "feedback" || policy.onFailure === "resample") && (roundsSpent || round >= policy.maxRounds)) return policy.then;
  return policy.onFailure;
}

function severityOf(failed: readonly FailedVerdict<JudgedCall>[], policy: "escalate" | "reject"): Severity {
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
export function responseOutcome(decision: Decision<JudgedCall>): ResponseOutcome {
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
