import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { ToolmendError } from "../errors.ts";
import {
  errorFailure,
  isRetryable,
  retryDelayMs,
  statusFailure,
  type FailureReason,
  type RetryOptions,
} from "./retry-policy.ts";

export interface UpstreamRequest {
  readonly method: Dispatcher.HttpMethod;
  /** Path and query on the upstream origin. */
  readonly path: string;
  readonly headers: Record<string, string | string[]>;
  /** Buffered, so that a retry can send it again; a stream cannot be replayed, and is sent once. */
  readonly body?: Buffer | string | Readable | undefined;
  /** Aborted when the client goes away or the total budget is spent. */
  readonly signal: AbortSignal;
}

export interface UpstreamResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Unread; toolmend may stand in a body of its own (an answer turned into the form asked for). */
  readonly body: Readable;
}

/** Closed set, for `toolmend_upstream_attempts_total{outcome}`. */
export type AttemptOutcome = "response" | "retryable_status" | "connection_error" | "timeout" | "aborted";

export interface RetryObserver {
  onAttempt(outcome: AttemptOutcome): void;
  onRetry(reason: FailureReason): void;
}

/**
 * Sends a request, retrying transport failures and retryable statuses before
 * anything has been handed back. The returned body is unread: once the caller
 * starts streaming it to a client, nothing is retried. A request whose body
 * is a stream gets one attempt: its bytes are gone once sent.
 */
export async function sendWithRetry(
  dispatcher: Dispatcher,
  request: UpstreamRequest,
  options: RetryOptions,
  observer: RetryObserver,
): Promise<UpstreamResponse> {
  const attempts = request.body instanceof Readable ? 1 : options.attempts;
  for (let attempt = 1; ; attempt++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await dispatcher.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      if (request.signal.aborted) {
        observer.onAttempt("aborted");
        throw abortError(request.signal, error);
      }
      const reason = errorFailure(error);
      observer.onAttempt(reason === "timeout" ? "timeout" : reason === "connection" ? "connection_error" : "aborted");
      if (reason === undefined) throw error;
      if (attempt < attempts && isRetryable(reason, options)) {
        observer.onRetry(reason);
        await pause(retryDelayMs(attempt, undefined, options) ?? 0, request.signal, error);
        continue;
      }
      throw reason === "timeout"
        ? new ToolmendError("upstream_timeout", "The upstream did not answer in time.", { cause: error })
        : new ToolmendError("upstream_unreachable", `Could not reach the upstream (${codeOf(error)}).`, { cause: error });
    }

    const reason = statusFailure(response.statusCode);
    if (reason !== undefined && attempt < attempts) {
      const delay = retryDelayMs(attempt, response.headers, options);
      if (delay !== undefined) {
        observer.onAttempt("retryable_status");
        observer.onRetry(reason);
        await response.body.dump().catch(() => undefined);
        await pause(delay, request.signal, undefined);
        continue;
      }
    }
    observer.onAttempt("response");
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }
}

async function pause(ms: number, signal: AbortSignal, cause: unknown): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw abortError(signal, cause);
  }
}

function abortError(signal: AbortSignal, cause: unknown): ToolmendError {
  const timedOut = (signal.reason as { name?: string } | undefined)?.name === "TimeoutError";
  return timedOut
    ? new ToolmendError("upstream_timeout", "The upstream did not answer within the total timeout.", { cause })
    : new ToolmendError("client_closed", "The client closed the request.", { cause: cause ?? signal.reason });
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "connection failed";
}
