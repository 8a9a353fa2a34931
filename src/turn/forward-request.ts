import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Dispatcher } from "undici";
import { ToolmendError } from "../errors.ts";
import { retryObserver } from "../observability/metrics.ts";
import { clientResponseHeaders, upstreamRequestHeaders } from "../upstream/forward-headers.ts";
import { upstreamPath } from "../upstream/upstream-path.ts";
import { sendWithRetry, type UpstreamResponse } from "../upstream/send-with-retry.ts";
import { awaitUpstream } from "../observability/request-telemetry.ts";
import type { Toolmend } from "./services.ts";
import { upstreamSignal } from "./upstream-signal.ts";

export interface ForwardOptions {
  /**
   * The bytes to send; defaults to the client's own body. A feedback round
   * sends a new one; passthrough streams a large one (sent once, no retry).
   */
  readonly body?: Buffer | string | Readable | undefined;
  /** Headers to set on top of the client's (e.g. `accept-encoding: identity` where toolmend reads the answer). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends the client's request upstream as it came (bytes, method, query,
 * headers minus hop-by-hop ones), with transport retries, and aborts it when
 * the client goes away or the total budget runs out.
 */
export async function forwardRequest(
  toolmend: Toolmend,
  request: FastifyRequest,
  reply: FastifyReply,
  options: ForwardOptions = {},
): Promise<UpstreamResponse> {
  const { config, upstream, metrics } = toolmend;
  const path = upstreamPath(upstream.basePath, request.url);
  if (path === undefined) throw new ToolmendError("invalid_path", "The path may not contain '.' or '..' segments.");

  const { telemetry } = request;
  const metricsObserver = retryObserver(metrics);
  const observer = {
    onAttempt: (outcome: Parameters<typeof metricsObserver.onAttempt>[0]) => {
      telemetry.attempts++;
      metricsObserver.onAttempt(outcome);
    },
    onRetry: metricsObserver.onRetry,
  };
  const headers = upstreamRequestHeaders(request.headers, request.id, config.upstream.keepForwardingHeaders);
  if (options.headers !== undefined) Object.assign(headers, options.headers);
  const body = "body" in options ? options.body : (request.body as Buffer | undefined);
  // The client's bytes streamed unchanged: the upstream gets their length as the client gave it.
  const length = request.headers["content-length"];
  if (body instanceof Readable && length !== undefined) headers["content-length"] = length;

  const response = await awaitUpstream(
    request,
    sendWithRetry(
      upstream.pool,
      {
        method: request.method as Dispatcher.HttpMethod,
        path,
        headers,
        body,
        signal: upstreamSignal(config, request, reply),
      },
      config.upstream.retries,
      observer,
    ),
  );
  telemetry.upstreamStatus = response.status;
  return response;
}

/** Streams the upstream's answer to the client as it arrives: status, headers (minus hop-by-hop) and bytes. */
export function relayResponse(reply: FastifyReply, response: UpstreamResponse): FastifyReply {
  reply.code(response.status).headers(clientResponseHeaders(response.headers));
  return reply.send(response.body);
}

/** The upstream's headers for an answer toolmend re-sends itself (decoded, possibly changed in length). */
export function rewrittenAnswerHeaders(response: UpstreamResponse): Record<string, string | string[]> {
  const headers = clientResponseHeaders(response.headers);
  delete headers["content-length"];
  delete headers["content-encoding"];
  return headers;
}
