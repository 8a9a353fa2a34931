import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/defaults.ts";
import type { Metrics, RouteLabel } from "../observability/metrics.ts";
import type { RequestTelemetry } from "../observability/request-telemetry.ts";
import type { AnswerReading } from "../protocol/wire-format.ts";
import type { JsonBody } from "./read-json-body.ts";
import type { Toolmend } from "./services.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import { upstreamSignal } from "./upstream-signal.ts";

/**
 * One intercepted request, from its parsed body to its answer: what every
 * stage of the request path takes instead of a list of parameters.
 */
export interface Turn {
  readonly toolmend: Toolmend;
  readonly config: Config;
  readonly metrics: Metrics;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly route: RouteLabel;
  /** The request as it goes upstream: the client's bytes, or its history mended. */
  readonly body: JsonBody;
  /** The declared tools with their compiled validators and per-tool policies. */
  readonly tools: ToolCallContext;
  /** The request's child logger (carries its request id). */
  readonly log: FastifyBaseLogger;
  /** Aborted when the client leaves or the request's total budget is spent; shared by every upstream round. */
  readonly signal: AbortSignal;
  /** Timings and counts for the request's log line, metrics and headers. */
  readonly telemetry: RequestTelemetry;
  /** How text that may be a call written as text is read: the tools, the hold-back bounds, the clock, whether at all. */
  readonly reading: AnswerReading;
}

export interface TurnInput {
  readonly toolmend: Toolmend;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly route: RouteLabel;
  readonly body: JsonBody;
  readonly tools: ToolCallContext;
}

export function createTurn({ toolmend, request, reply, route, body, tools }: TurnInput): Turn {
  return {
    toolmend,
    config: toolmend.config,
    metrics: toolmend.metrics,
    request,
    reply,
    route,
    body,
    tools,
    log: request.log,
    signal: upstreamSignal(toolmend.config, request, reply),
    telemetry: request.telemetry,
    reading: { tools: tools.tools, ...tools.textHoldback, now: () => performance.now(), textCalls: toolmend.config.repair.textCalls },
  };
}
