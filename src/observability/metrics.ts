import { collectDefaultMetrics, Counter, Histogram, type Registry } from "prom-client";
import type { AttemptOutcome } from "../upstream/send-with-retry.ts";
import type { FailureReason } from "../upstream/retry-policy.ts";

/** The routes toolmend tells apart in metrics: a closed set, whatever clients send. */
export type RouteLabel = "chat_completions" | "responses" | "passthrough" | "admin" | "not_found";
export type StatusClass = "1xx" | "2xx" | "3xx" | "4xx" | "5xx";

export interface Metrics {
  readonly registry: Registry;
  readonly requests: Counter<"route" | "status_class">;
  readonly upstreamAttempts: Counter<"outcome">;
  readonly upstreamRetries: Counter<"reason">;
  readonly requestDuration: Histogram<"route">;
  readonly overhead: Histogram<"route">;
  readonly toolCalls: Counter<"outcome">;
  readonly fixes: Counter<"fixer">;
  readonly feedbackRounds: Counter<"route">;
  readonly escalations: Counter<"kind" | "severity">;
  readonly repairModelCalls: Counter<"result">;
  readonly repairModelDuration: Histogram<"result">;
  readonly repairModelTokens: Counter<"kind">;
}

/** How one repair-model call ended: a closed set. */
export type RepairModelResult = "submitted" | "invalid" | "escalated" | "thrown" | "error";

/** What happened to one tool call: a closed set. */
export type ToolCallOutcome = "valid" | "repaired" | "unvalidated" | "feedback" | "escalated" | "passthrough" | "rejected";

/** Registers toolmend's metrics (and the default process metrics) on `registry`. */
export function createMetrics(registry: Registry): Metrics {
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "toolmend_requests_total",
      help: "Requests answered, by route and status class.",
      labelNames: ["route", "status_class"],
      registers,
    }),
    upstreamAttempts: new Counter({
      name: "toolmend_upstream_attempts_total",
      help: "Attempts toward the upstream, by how each ended.",
      labelNames: ["outcome"],
      registers,
    }),
    upstreamRetries: new Counter({
      name: "toolmend_upstream_retries_total",
      help: "Upstream attempts that were retried, by reason.",
      labelNames: ["reason"],
      registers,
    }),
    requestDuration: new Histogram({
      name: "toolmend_request_duration_seconds",
      help: "Time from request received to response finished, upstream included.",
      labelNames: ["route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    overhead: new Histogram({
      name: "toolmend_overhead_seconds",
      help: "toolmend's own time per request, upstream wait and retry pauses excluded.",
      labelNames: ["route"],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers,
    }),
    toolCalls: new Counter({
      name: "toolmend_tool_calls_total",
      help: "Tool calls seen in upstream answers, by what happened to them.",
      labelNames: ["outcome"],
      registers,
    }),
    fixes: new Counter({
      name: "toolmend_fixes_total",
      help: "Fixers that changed a tool call that was then delivered repaired, by fixer.",
      labelNames: ["fixer"],
      registers,
    }),
    feedbackRounds: new Counter({
      name: "toolmend_feedback_rounds_total",
      help: "Extra upstream rounds asked for (feedback and resample).",
      labelNames: ["route"],
      registers,
    }),
    escalations: new Counter({
      name: "toolmend_escalations_total",
      help: "Turns escalated or rejected, by the first failed call's error kind and the severity.",
      labelNames: ["kind", "severity"],
      registers,
    }),
    repairModelCalls: new Counter({
      name: "toolmend_repair_model_calls_total",
      help: "Calls to the repair model, by result.",
      labelNames: ["result"],
      registers,
    }),
    repairModelDuration: new Histogram({
      name: "toolmend_repair_model_duration_seconds",
      help: "Duration of repair-model calls, by result.",
      labelNames: ["result"],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers,
    }),
    repairModelTokens: new Counter({
      name: "toolmend_repair_model_tokens_total",
      help: "Tokens the repair model reported in `usage`, by kind (prompt, completion).",
      labelNames: ["kind"],
      registers,
    }),
  };
}

export function statusClass(status: number): StatusClass {
  return `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx` as StatusClass;
}

/** Adapts the metrics to the upstream client's observer, keeping labels closed. */
export function retryObserver(metrics: Metrics) {
  return {
    onAttempt: (outcome: AttemptOutcome) => metrics.upstreamAttempts.inc({ outcome }),
    onRetry: (reason: FailureReason) => metrics.upstreamRetries.inc({ reason }),
  };
}
