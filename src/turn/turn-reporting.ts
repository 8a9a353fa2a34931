import type { FastifyReply } from "fastify";
import type { ToolmendError } from "../errors.ts";
import type { ToolCallOutcome } from "../observability/metrics.ts";
import { escalationBody, type EscalationInput } from "../protocol/escalation.ts";
import { responseOutcome, turnOutcome, type CallVerdict, type Decision, type JudgedCall, type ResponseOutcome } from "../repair/outcomes.ts";
import type { ExecutionErrorsOutcome } from "./execution-errors.ts";
import type { Toolmend } from "./services.ts";
import type { Turn } from "./turn.ts";

/** Sets `x-toolmend-outcome` and, when something was repaired, `x-toolmend-repairs` (fixer names). */
export function tagOutcome(reply: FastifyReply, outcome: ResponseOutcome, fixers: readonly string[] = []): void {
  reply.header("x-toolmend-outcome", outcome);
  if (fixers.length > 0) reply.header("x-toolmend-repairs", fixers.join(","));
}

function callOutcome(verdict: CallVerdict, decision: Decision<JudgedCall>): ToolCallOutcome {
  switch (verdict.outcome.kind) {
    case "valid":
    case "repaired":
    case "unvalidated":
      return verdict.outcome.kind;
    case "failed":
      return responseOutcome(decision) as ToolCallOutcome;
  }
}

/** One judged round of a turn. */
export interface JudgedRound {
  readonly verdicts: readonly CallVerdict[];
  readonly decision: Decision<JudgedCall>;
  /** Fixers that changed something, once each (`appliedFixers`). */
  readonly fixers: readonly string[];
  /** Extra rounds spent before this one. */
  readonly round: number;
  /** Whether the response headers may still be set (`false` once a stream has sent them). */
  readonly headers: boolean;
}

/**
 * Counts one judged round in metrics, headers and the request's log line.
 * Called once per upstream round; the last round's headers are the ones sent.
 */
export function recordTurn(turn: Turn, { verdicts, decision, fixers, round, headers }: JudgedRound): void {
  const { metrics, request } = turn;
  const counts: Counts = { seen: 0, valid: 0, repaired: 0, failed: 0, unvalidated: 0 };
  for (const verdict of verdicts) {
    metrics.toolCalls.inc({ outcome: callOutcome(verdict, decision), model: request.telemetry.model });
    counts.seen++;
    counts[verdict.outcome.kind]++;
  }
  if (decision.kind === "rewrite" || (decision.kind === "valid" && fixers.length > 0)) {
    for (const fixer of fixers) metrics.fixes.inc({ fixer });
  }
  if (decision.kind === "escalate" || decision.kind === "reject") {
    metrics.escalations.inc({ kind: decision.failed[0]!.outcome.error.kind, severity: decision.severity });
  }

  let outcome = turnOutcome(decision, verdicts);
  // Calls pulled out of text changed the answer even when they were valid as extracted.
  if (outcome === "valid" && fixers.length > 0) outcome = "repaired";
  if (round > 0 && (outcome === "valid" || outcome === "repaired")) outcome = "feedback";
  for (const { outcome: verdict } of verdicts) {
    if (verdict.kind !== "unvalidated") continue;
    // Tool names and reasons quote client input: both are cut short.
    request.log.info({ tool: verdict.name.slice(0, 128), reason: verdict.reason.slice(0, 300) }, "tool call unvalidated");
  }
  const delivered = decision.kind === "rewrite" || outcome === "repaired" ? fixers : [];
  if (headers) tagOutcome(turn.reply, outcome, delivered);

  const fields = request.telemetry.fields;
  const previous = fields.toolCalls as Counts | undefined;
  fields.toolCalls = previous === undefined ? counts : sum(previous, counts);
  fields.outcome = outcome;
  fields.rounds = round;
  if (request.log.level === "debug" || request.log.level === "trace") {
    request.log.debug(
      {
        round,
        decision: decision.kind,
        calls: verdicts.map(({ call, outcome: verdict, split }) => ({
          id: call.id,
          // A split call: the tools of its calls, in order (the verdict names the first).
          tool: split === undefined ? verdict.name : split.map((member) => member.name),
          verdict: verdict.kind,
          ...(verdict.kind === "repaired" ? { fixers: verdict.fixers, lossy: verdict.lossy } : {}),
          ...(verdict.kind === "failed" ? { error: verdict.error.kind, fixersTried: verdict.fixersTried } : {}),
        })),
      },
      "tool calls judged",
    );
  }
}

type Counts = Record<"seen" | "valid" | "repaired" | "failed" | "unvalidated", number>;

function sum(a: Counts, b: Counts): Counts {
  return {
    seen: a.seen + b.seen,
    valid: a.valid + b.valid,
    repaired: a.repaired + b.repaired,
    failed: a.failed + b.failed,
    unvalidated: a.unvalidated + b.unvalidated,
  };
}

/** Names of the fixers that changed something, once each, for `x-toolmend-repairs` and the metric; `extracted`: calls pulled out of text. */
export function appliedFixers(verdicts: readonly CallVerdict[], extracted = 0): string[] {
  const names = verdicts.flatMap(({ outcome }) => (outcome.kind === "repaired" ? outcome.fixers : []));
  return [...new Set(extracted > 0 ? ["extract-content-calls", ...names] : names)];
}

/** Answers toolmend's own error: its status and body, both from the registry. */
export function sendError(reply: FastifyReply, error: ToolmendError): FastifyReply {
  return reply.code(error.status).send(error.body());
}

/** Answers with the escalation body: 400 (or 422), and `x-should-retry: false` so SDKs do not retry. */
export function sendEscalation(turn: Turn, input: EscalationInput): FastifyReply {
  return turn.reply.code(turn.config.repair.escalationStatus).header("x-should-retry", "false").send(escalationBody(input));
}

/**
 * Answers a loop-guard stop the way `sendEscalation` answers a call that
 * could not be repaired, before any upstream call: counted as an escalation
 * of kind `execution_error`.
 */
export function sendLoopEscalation(reply: FastifyReply, toolmend: Toolmend, stop: Extract<ExecutionErrorsOutcome, { kind: "escalate" }>): FastifyReply {
  toolmend.metrics.escalations.inc({ kind: "execution_error", severity: stop.severity });
  tagOutcome(reply, "escalated");
  return reply.code(toolmend.config.repair.escalationStatus).header("x-should-retry", "false").send(stop.error);
}
