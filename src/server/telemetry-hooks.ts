import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { statusClass, type RouteLabel } from "../observability/metrics.ts";
import type { RequestTelemetry } from "../observability/request-telemetry.ts";

const nsToMs = (ns: bigint) => Number(ns) / 1e6;

/**
 * One log line and one set of metrics per request, and the headers that
 * report on it: `x-request-id` and `x-toolmend-overhead-ms`.
 */
export function registerRequestTelemetry(app: FastifyInstance): void {
  const { metrics, state } = app.toolmend;
  app.decorateRequest("telemetry", null as unknown as RequestTelemetry);

  app.addHook("onRequest", async (request, reply) => {
    request.telemetry = {
      startNs: process.hrtime.bigint(),
      upstreamNs: 0n,
      attempts: 0,
      upstreamStatus: undefined,
      overheadNs: undefined,
      fields: {},
    };
    // 'close' comes after a finished response and after a client hung up alike; fastify's
    // onResponse misses the latter (the openai SDK aborts a stream once it read [DONE]).
    reply.raw.once("close", () => report(request, reply));
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const telemetry = request.telemetry;
    telemetry.overheadNs = process.hrtime.bigint() - telemetry.startNs - telemetry.upstreamNs;
    reply.header("x-request-id", request.id);
    reply.header("x-toolmend-overhead-ms", nsToMs(telemetry.overheadNs).toFixed(3));
    // While draining, a finished response must not leave a keep-alive socket holding shutdown open.
    if (state.draining) reply.header("connection", "close");
    return payload;
  });

  const report = (request: FastifyRequest, reply: FastifyReply) => {
    const telemetry = request.telemetry;
    const route = routeOf(request);
    const durationNs = process.hrtime.bigint() - telemetry.startNs;
    const aborted = !reply.raw.writableFinished;
    // A client that left before any answer gets nginx's 499 in logs and metrics.
    const status = aborted && !reply.raw.headersSent ? 499 : reply.statusCode;
    metrics.requests.inc({ route, status_class: statusClass(status) });
    metrics.requestDuration.observe({ route }, Number(durationNs) / 1e9);
    if (telemetry.overheadNs !== undefined) metrics.overhead.observe({ route }, Number(telemetry.overheadNs) / 1e9);
    if (route === "admin") return;
    request.log.info(
      {
        route,
        method: request.method,
        path: request.url.split("?", 1)[0],
        status,
        upstreamStatus: telemetry.upstreamStatus,
        attempts: telemetry.attempts,
        durationMs: round(nsToMs(durationNs)),
        upstreamMs: round(nsToMs(telemetry.upstreamNs)),
        overheadMs: telemetry.overheadNs === undefined ? undefined : round(nsToMs(telemetry.overheadNs)),
        ...(aborted ? { aborted } : {}),
        ...telemetry.fields,
      },
      "request",
    );
  };
}

function routeOf(request: FastifyRequest): RouteLabel {
  return request.routeOptions.config.route ?? "not_found";
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
