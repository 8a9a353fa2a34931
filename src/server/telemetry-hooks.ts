import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { statusClass, type RouteLabel } from "../observability/metrics.ts";
import type { RequestTelemetry } from "../observability/request-telemetry.ts";

const nsToMs = (ns: bigint) => Number(ns) / 1e6;

/**
 * One log line and one set of metrics per request, and the headers that
 * report on it: `x-request-id` and `x-toolmend-overhead-ms`. Health and
 * metrics requests (route `admin`) are neither counted nor logged: probes
 * and scrapes every few seconds would otherwise outnumber real traffic.
 */
export function registerRequestTelemetry(app: FastifyInstance): void {
  const { metrics, state } = app.toolmend;
  app.decorateRequest("telemetry", null as unknown as RequestTelemetry);

  app.addHook("onRequest", async (request, reply) => {
    const telemetry: RequestTelemetry = {
      startNs: process.hrtime.bigint(),
      upstreamNs: 0n,
      attempts: 0,
      upstreamStatus: undefined,
      overheadNs: undefined,
      firstByteNs: undefined,
      sentDone: false,
      model: "unknown",
      fields: {},
    };
    request.telemetry = telemetry;
    const route = routeOf(request);
    if (route === "admin") return;
    metrics.inFlight.inc({ route });
    watchWrites(reply.raw, telemetry);
    // 'close' comes after a finished response and after a client hung up alike; fastify's
    // onResponse misses the latter (the openai SDK aborts a stream once it read [DONE]).
    reply.raw.once("close", () => {
      metrics.inFlight.dec({ route });
      report(request, reply, route);
    });
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

  const report = (request: FastifyRequest, reply: FastifyReply, route: RouteLabel) => {
    const telemetry = request.telemetry;
    const durationNs = process.hrtime.bigint() - telemetry.startNs;
    // A client that hangs up once it read a chat stream's [DONE] read everything: not an abort.
    const aborted = !reply.raw.writableFinished && !telemetry.sentDone;
    // A client that left before any answer gets nginx's 499 in logs and metrics.
    const status = aborted && !reply.raw.headersSent ? 499 : reply.statusCode;
    metrics.requests.inc({ route, status_class: statusClass(status) });
    metrics.requestDuration.observe({ route }, Number(durationNs) / 1e9);
    if (telemetry.overheadNs !== undefined) metrics.overhead.observe({ route }, Number(telemetry.overheadNs) / 1e9);
    if (telemetry.firstByteNs !== undefined && isEventStream(reply.raw)) {
      metrics.timeToFirstByte.observe({ route }, Number(telemetry.firstByteNs - telemetry.startNs) / 1e9);
    }
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

/**
 * Notes the first body write (time to first byte) and whether the last one
 * ended a chat stream. Whole answers are written by `end()` and pass by;
 * streams, relayed or built by toolmend, are written chunk by chunk.
 */
function watchWrites(response: ServerResponse, telemetry: RequestTelemetry): void {
  const write = response.write;
  response.write = function watchedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    telemetry.firstByteNs ??= process.hrtime.bigint();
    telemetry.sentDone = endsWithDone(chunk);
    return (write as (...parameters: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse["write"];
}

const doneLine = /data: ?\[DONE\]\s*$/;

function endsWithDone(chunk: unknown): boolean {
  // Only the tail matters: a chunk can be large, the line is short.
  if (typeof chunk === "string") return doneLine.test(chunk.slice(-32));
  if (chunk instanceof Uint8Array) return doneLine.test(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1", Math.max(0, chunk.byteLength - 32)));
  return false;
}

function isEventStream(response: ServerResponse): boolean {
  const type = response.getHeader("content-type");
  return typeof type === "string" && type.startsWith("text/event-stream");
}

function routeOf(request: FastifyRequest): RouteLabel {
  return request.routeOptions.config.route ?? "not_found";
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
