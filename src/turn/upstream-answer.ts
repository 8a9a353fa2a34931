/**
 * Reading an upstream answer that toolmend must look inside: ask for it
 * uncompressed, check it is what we can read, read it whole (bounded).
 */
import type { FastifyReply } from "fastify";
import { ToolmendError } from "../errors.ts";
import { awaitUpstream } from "../observability/request-telemetry.ts";
import { canDecode, readBody } from "../upstream/read-body.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { forwardRequest, rewrittenAnswerHeaders } from "./forward-request.ts";
import type { Turn } from "./turn.ts";

/** Request headers for an answer toolmend reads: uncompressed, so no decoding on the hot path. */
const READ_HEADERS: Readonly<Record<string, string>> = { "accept-encoding": "identity" };

/** Sends one round of the turn upstream (`body`: the client's bytes, or a feedback round's), asking for an answer toolmend can read. */
export function forwardRound(turn: Turn, body: Buffer | string): Promise<UpstreamResponse> {
  return forwardRequest(turn.toolmend, turn.request, turn.reply, { body, headers: READ_HEADERS });
}

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

/** Stops reading an answer and frees its connection (an unfinished undici body emits an abort error: heard here). */
export function discardBody(response: UpstreamResponse): void {
  response.body.on("error", () => undefined).destroy();
}

/**
 * Refuses a 200 that is not the form the request asked for (a whole JSON
 * answer, or an event stream): an HTML error page, or a stream to a request
 * that did not ask for one, cannot be judged and must not pass as an answer.
 * Other statuses are the upstream's own errors and are relayed.
 */
export function requireForm(response: UpstreamResponse, form: "json" | "event-stream"): void {
  if (response.status !== 200 || (form === "json" ? isJsonAnswer(response) : isEventStream(response))) return;
  discardBody(response);
  const got = String(response.headers["content-type"] ?? "no content-type").slice(0, 100);
  const wanted = form === "json" ? "a JSON answer" : "an event stream";
  throw new ToolmendError("upstream_invalid_response", `The upstream answered 200 with ${got} where ${wanted} was asked for.`);
}

/** A 200 whose body is not the JSON object it claims to be. */
export function invalidJsonAnswer(): ToolmendError {
  return new ToolmendError("upstream_invalid_response", "The upstream answered 200 with a body that is not a JSON object.");
}

/** The whole answer, decoded, bounded by `repair.maxResponseBytes`; reading it is upstream wait. */
export function readAnswer(turn: Turn, response: UpstreamResponse): Promise<Buffer> {
  const limit = turn.config.repair.maxResponseBytes;
  return awaitUpstream(turn.request, readBody(response.body, response.headers["content-encoding"], limit));
}

/** Sends an answer toolmend read: the upstream's status and headers, `payload` as the body. */
export function sendAnswer(reply: FastifyReply, response: UpstreamResponse, payload: Buffer | string): FastifyReply {
  return reply.code(response.status).headers(rewrittenAnswerHeaders(response)).send(payload);
}
