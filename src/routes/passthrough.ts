import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Dispatcher } from "undici";
import { ToolmendError } from "../errors.ts";
import { retryObserver } from "../observability/metrics.ts";
import { clientResponseHeaders, upstreamRequestHeaders } from "../proxy/forward-headers.ts";
import { upstreamPath } from "../proxy/upstream-path.ts";
import { sendWithRetry, type UpstreamResponse } from "../upstream/send-with-retry.ts";
import { awaitUpstream } from "./telemetry.ts";

/**
 * Sends the client's request upstream as it came (bytes, method, query,
 * headers minus hop-by-hop ones), with transport retries, and aborts it when
 * the client goes away or the total budget runs out.
 */
export async function forwardRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer | string | undefined = request.body as Buffer | undefined,
): Promise<UpstreamResponse> {
  const { config, upstream, metrics } = app.toolmend;
  const path = upstreamPath(upstream.basePath, request.url);
  if (path === undefined) throw new ToolmendError("invalid_path", "The path may not contain '.' or '..' segments.");

  const clientGone = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  const signal = AbortSignal.any([clientGone.signal, AbortSignal.timeout(config.upstream.timeouts.totalMs)]);
  const { telemetry } = request;
  const metricsObserver = retryObserver(metrics);
  const observer = {
    onAttempt: (outcome: Parameters<typeof metricsObserver.onAttempt>[0]) => {
      telemetry.attempts++;
      metricsObserver.onAttempt(outcome);
    },
    onRetry: metricsObserver.onRetry,
  };

  const response = await awaitUpstream(
    request,
    sendWithRetry(
      upstream.pool,
      {
        method: request.method as Dispatcher.HttpMethod,
        path,
        headers: upstreamRequestHeaders(request.headers, request.id),
        body,
        signal,
      },
      config.upstream.retries,
      observer,
    ),
  );
  telemetry.upstreamStatus = response.status;
  return response;
}

/** Every `/v1/*` route toolmend does not intercept: bytes streamed both ways. */
export async function passthroughRoute(app: FastifyInstance): Promise<void> {
  app.all("/v1/*", { config: { route: "passthrough" } }, async (request, reply) => {
    const response = await forwardRequest(app, request, reply);
    reply.code(response.status).headers(clientResponseHeaders(response.headers));
    return reply.send(response.body);
  });
}
