/**
 * When to try the upstream again, and how long to wait first. Pure: the
 * clock's randomness is a parameter so tests can pin it.
 */
import type { IncomingHttpHeaders } from "node:http";

export interface RetryOptions {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
  readonly retryTimeouts: boolean;
}

/** Statuses worth another try: the request may well succeed unchanged. */
export const retryableStatuses = [408, 429, 500, 502, 503, 504] as const;
export type RetryableStatus = (typeof retryableStatuses)[number];

/** Why an attempt failed; a closed set, so it can be a metric label. */
export type FailureReason = `status_${RetryableStatus}` | "connection" | "timeout";

// Errors that mean the request never got an answer on this connection.
const connectionErrorCodes = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
]);
const timeoutErrorCodes = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

export function statusFailure(status: number): FailureReason | undefined {
  return (retryableStatuses as readonly number[]).includes(status) ? (`status_${status}` as FailureReason) : undefined;
}

/** `connection` or `timeout` for a transport error, `undefined` for anything else (a bug, an abort). */
export function errorFailure(error: unknown): "connection" | "timeout" | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return undefined;
  if (timeoutErrorCodes.has(code)) return "timeout";
  if (connectionErrorCodes.has(code)) return "connection";
  return undefined;
}

export function isRetryable(reason: FailureReason, options: RetryOptions): boolean {
  return reason !== "timeout" || options.retryTimeouts;
}

/**
 * Milliseconds to wait before attempt number `attempt + 1`, or `undefined`
 * when the upstream asked for a longer pause than we are willing to hold the
 * caller for (it then gets the upstream's own answer, `retry-after` included).
 */
export function retryDelayMs(
  attempt: number,
  headers: IncomingHttpHeaders | undefined,
  options: RetryOptions,
  random: () => number = Math.random,
  now: number = Date.now(),
): number | undefined {
  const requested = headers === undefined ? undefined : retryAfterMs(headers, now);
  if (requested !== undefined) return requested <= options.maxRetryAfterMs ? requested : undefined;
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  // Up to 25% below the nominal delay, so clients that failed together do not retry together.
  return Math.round(exponential * (1 - random() * 0.25));
}

/** `retry-after-ms` (OpenAI's), else `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number = Date.now()): number | undefined {
  const milliseconds = Number(headerValue(headers["retry-after-ms"]));
  if (Number.isFinite(milliseconds) && milliseconds >= 0 && headers["retry-after-ms"] !== undefined) return milliseconds;

  const raw = headerValue(headers["retry-after"]);
  if (raw === undefined || raw === "") return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
