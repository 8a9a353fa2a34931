import type { FastifyRequest } from "fastify";
import type { RouteLabel } from "./metrics.ts";

/** What one request measured about itself, for its log line, metrics and headers. */
export interface RequestTelemetry {
  readonly startNs: bigint;
  /** Time spent waiting on the upstream (attempts and retry pauses): not toolmend's own. */
  upstreamNs: bigint;
  attempts: number;
  upstreamStatus: number | undefined;
  overheadNs: bigint | undefined;
  /** When the first body byte went to the client (streams write; whole answers end at once). */
  firstByteNs: bigint | undefined;
  /** The last write ended a chat stream (`data: [DONE]`): a client hanging up after it read everything. */
  sentDone: boolean;
  /** The `model` label of the request's model, once the body was read; "unknown" before. */
  model: string;
  /** Extra fields for the request's log line (tool-call counts, outcome, …). */
  readonly fields: Record<string, unknown>;
}

declare module "fastify" {
  interface FastifyRequest {
    telemetry: RequestTelemetry;
  }
  interface FastifyContextConfig {
    /** The route's metric label; unset means a 404. */
    route?: RouteLabel;
  }
}

/** Awaits `work`, counting its time as upstream wait rather than toolmend's own. */
export async function awaitUpstream<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  const start = process.hrtime.bigint();
  try {
    return await work;
  } finally {
    request.telemetry.upstreamNs += process.hrtime.bigint() - start;
  }
}
