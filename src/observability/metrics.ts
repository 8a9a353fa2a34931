import { collectDefaultMetrics, Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { AttemptOutcome } from "../upstream/send-with-retry.ts";
import type { FailureReason } from "../upstream/retry-policy.ts";
import { toolmendVersion } from "../version.ts";
import { createModelLabels, type ModelLabels } from "./model-labels.ts";
import type { TokenUsage } from "./token-usage.ts";

/** The routes toolmend tells apart in metrics: a closed set, whatever clients send. */
export type RouteLabel = "chat_completions" | "responses" | "passthrough" | "admin" | "not_found";
export type StatusClass = "1xx" | "2xx" | "3xx" | "4xx" | "5xx";

export interface Metrics {
  readonly registry: Registry;
  /** The bounded `model` label of a request's model. */
  readonly models: ModelLabels;
  readonly requests: Counter<"route" | "status_class">;
  readonly inFlight: Gauge<"route">;
  readonly timeToFirstByte: Histogram<"route">;
  readonly upstreamAttempts: Counter<"outcome">;
  readonly upstreamRetries: Counter<"reason">;
  readonly requestDuration: Histogram<"route">;
  readonly overhead: Histogram<"route">;
  readonly toolCalls: Counter<"outcome" | "model">;
  readonly tokens: Counter<"model" | "kind">;
  readonly fixes: Counter<"fixer">;
  readonly feedbackRounds: Counter<"route">;
  readonly escalations: Counter<"kind" | "severity">;
  readonly repairModelCalls: Counter<"result">;
  readonly repairModelDuration: Histogram<"result">;
  readonly repairModelTokens: Counter<"kind">;
  readonly toolResults: Counter<"tool" | "class">;
  readonly toolResultHints: Counter<"tool">;
  readonly redactions: Counter<"kind">;
  readonly loopGuardStops: Counter<"reason" | "action">;
}

/** How one repair-model call ended: a closed set. */
export type RepairModelResult = "submitted" | "invalid" | "escalated" | "thrown" | "error";

/** What happened to one tool call: a closed set. */
export type ToolCallOutcome = "valid" | "repaired" | "unvalidated" | "feedback" | "escalated" | "passthrough" | "rejected";

export interface MetricsOptions {
  /** `upstream.timeouts.totalMs`: the longest a request can take, so the last duration bucket. */
  readonly totalTimeoutMs: number;
}

// Seconds; the ones below the total timeout are used, then the timeout itself.
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const firstByteBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

/** `buckets` below `limitSeconds`, then `limitSeconds`: nothing is lost in +Inf short of the timeout. */
export function bucketsUpTo(buckets: readonly number[], limitSeconds: number): number[] {
  return [...buckets.filter((bucket) => bucket < limitSeconds), limitSeconds];
}

/** Registers toolmend's metrics (and the default process metrics) on `registry`. */
export function createMetrics(registry: Registry, { totalTimeoutMs }: MetricsOptions): Metrics {
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const totalSeconds = totalTimeoutMs / 1000;
  new Gauge({
    name: "toolmend_build_info",
    help: "Always 1; the labels say which toolmend and which Node.js run.",
    labelNames: ["version", "node"],
    // Every worker reports the same 1: with server.workers above 1 the scrape shows one, not a sum.
    aggregator: "first",
    registers,
  }).set({ version: toolmendVersion, node: process.versions.node }, 1);
  new Gauge({
    name: "toolmend_workers",
    help: "Processes serving: 1, or with server.workers above 1 (summed over the workers) how many answered this scrape.",
    registers,
  }).set(1);
  return {
    registry,
    models: createModelLabels(),
    requests: new Counter({
      name: "toolmend_requests_total",
      help: "Requests answered, by route and status class (health and metrics requests are not counted).",
      labelNames: ["route", "status_class"],
      registers,
    }),
    inFlight: new Gauge({
      name: "toolmend_in_flight_requests",
      help: "Requests being answered now (streams until they end), by route.",
      labelNames: ["route"],
      registers,
    }),
    timeToFirstByte: new Histogram({
      name: "toolmend_time_to_first_byte_seconds",
      help: "Streamed answers: time from request received to the first byte sent to the client, upstream included.",
      labelNames: ["route"],
      buckets: bucketsUpTo(firstByteBuckets, totalSeconds),
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
      buckets: bucketsUpTo(durationBuckets, totalSeconds),
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
      help: "Tool calls seen in upstream answers, by what happened to them and the model the request asked for.",
      labelNames: ["outcome", "model"],
      registers,
    }),
    tokens: new Counter({
      name: "toolmend_tokens_total",
      help: "Tokens the upstream reported in `usage` of the answers toolmend read (requests with tools), by model and kind (prompt, completion).",
      labelNames: ["model", "kind"],
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
    toolResults: new Counter({
      name: "toolmend_tool_results_total",
      help: "Tool results new in a request (sent after the model's last turn), by tool and class (ok, invalid_args, execution, permanent).",
      labelNames: ["tool", "class"],
      registers,
    }),
    toolResultHints: new Counter({
      name: "toolmend_tool_result_hints_total",
      help: "Hints added to new tool results whose tool rejected its arguments, by tool.",
      labelNames: ["tool"],
      registers,
    }),
    redactions: new Counter({
      name: "toolmend_redactions_total",
      help: "Secrets and stack traces removed from new tool results, by kind.",
      labelNames: ["kind"],
      registers,
    }),
    loopGuardStops: new Counter({
      name: "toolmend_loop_guard_stops_total",
      help: "Loops the loop guard found, by reason, and whether the request was escalated or let through.",
      labelNames: ["reason", "action"],
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

/** Counts an answer's tokens under the request's model label. */
export function countTokens(metrics: Metrics, model: string, usage: TokenUsage | undefined): void {
  if (usage === undefined) return;
  if (usage.prompt > 0) metrics.tokens.inc({ model, kind: "prompt" }, usage.prompt);
  if (usage.completion > 0) metrics.tokens.inc({ model, kind: "completion" }, usage.completion);
}
