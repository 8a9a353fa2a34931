import type { FastifyReply, FastifyRequest } from "fastify";
import type { Metrics, ToolCallOutcome } from "../observability/metrics.ts";
import { escalationBody, type EscalationInput } from "../protocol/escalation.ts";
import { responseOutcome, turnOutcome, type CallVerdict, type Decision, type ResponseOutcome } from "../repair/outcomes.ts";

/** Sets `x-toolmend-outcome` and, when something was repaired, `x-toolmend-repairs` (fixer names). */
export function tagOutcome(reply: FastifyReply, outcome: ResponseOutcome, fixers: readonly string[] = []): void {
  reply.header("x-toolmend-outcome", outcome);
  if (fixers.length > 0) reply.header("x-toolmend-repairs", fixers.join(","));
}

function callOutcome(verdict: CallVerdict, decision: Decision): ToolCallOutcome {
  switch (verdict.outcome.kind) {
    case "valid":
    case "repaired":
    case "unvalidated":
      return verdict.outcome.kind;
    case "failed":
      return responseOutcome(decision) as ToolCallOutcome;
  }
}

/**
 * Counts one judged turn in metrics, headers and the request's log line.
 * Called once per upstream round; the last round's headers are the ones sent.
 */
export function recordTurn(
  request: FastifyRequest,
  /** Where to set the headers; `undefined` once a stream has sent them. */
  reply: FastifyReply | undefined,
  metrics: Metrics,
  verdicts: readonly CallVerdict[],
  decision: Decision,
  fixers: readonly string[],
  round: number,
): void {
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
  if (reply !== undefined) tagOutcome(reply, outcome, delivered);

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
        calls: verdicts.map(({ id, outcome: verdict }) => ({
          id,
          tool: verdict.name,
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

/** Answers with the escalation body: 400 (or 422), and `x-should-retry: false` so SDKs do not retry. */
export function sendEscalation(reply: FastifyReply, status: number, input: EscalationInput): FastifyReply {
  return reply.code(status).header("x-should-retry", "false").send(escalationBody(input));
}
