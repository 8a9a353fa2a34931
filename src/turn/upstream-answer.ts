/**
 * Reading an upstream answer that toolmend must look inside: ask for it
 * uncompressed, check it is what we can read, read it whole (bounded), parse it once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { canDecode, readBody } from "../upstream/read-body.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { rewrittenAnswerHeaders } from "./forward-request.ts";
import { awaitUpstream } from "../observability/request-telemetry.ts";

/** Request headers for an answer toolmend reads: uncompressed, so no decoding on the hot path. */
export const READ_HEADERS: Readonly<Record<string, string>> = { "accept-encoding": "identity" };

function hasType(response: UpstreamResponse, type: string): boolean {
  const contentType = response.headers["content-type"];
  return typeof contentType === "string" && contentType.includes(type) && canDecode(response.headers["content-encoding"]);
}

/** A JSON answer with one of `statuses` that toolmend can decode; anything else is relayed as it came. */
export function isJsonAnswer(response: UpstreamResponse, statuses: readonly number[] = [200]): boolean {
  return statuses.includes(response.status) && hasType(response, "json");
}

/** A 200 event stream toolmend can decode. */
export function isEventStream(response: UpstreamResponse): boolean {
  return response.status === 200 && hasType(response, "text/event-stream");
}

/** The whole answer, decoded, bounded by `repair.maxResponseBytes`; reading it is upstream wait. */
export function readAnswer(app: FastifyInstance, request: FastifyRequest, response: UpstreamResponse): Promise<Buffer> {
  const limit = app.toolmend.config.repair.maxResponseBytes;
  return awaitUpstream(request, readBody(response.body, response.headers["content-encoding"], limit));
}

/** Sends an answer toolmend read: the upstream's status and headers, `payload` as the body. */
export function sendAnswer(reply: FastifyReply, response: UpstreamResponse, payload: Buffer | string): FastifyReply {
  return reply.code(response.status).headers(rewrittenAnswerHeaders(response)).send(payload);
}
