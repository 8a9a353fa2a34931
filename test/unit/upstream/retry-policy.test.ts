import { describe, expect, it } from "vitest";
import { errorFailure, isRetryable, retryAfterMs, retryDelayMs, statusFailure } from "../../../src/upstream/retry-policy.ts";

const options = { attempts: 3, baseDelayMs: 250, maxDelayMs: 1_000, maxRetryAfterMs: 10_000, retryTimeouts: false };
const noJitter = () => 0;

describe("retry policy", () => {
  it("retries exactly 408, 429, 500, 502, 503, 504", () => {
    expect([408, 429, 500, 502, 503, 504].map(statusFailure)).toEqual([
      "status_408",
      "status_429",
      "status_500",
      "status_502",
      "status_503",
      "status_504",
    ]);
    for (const status of [200, 400, 401, 404, 409, 422, 501]) expect(statusFailure(status)).toBeUndefined();
  });

  it("tells connection failures from timeouts and from anything else", () => {
    expect(errorFailure(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe("connection");
    expect(errorFailure(Object.assign(new Error("x"), { code: "UND_ERR_SOCKET" }))).toBe("connection");
    expect(errorFailure(Object.assign(new Error("x"), { code: "UND_ERR_HEADERS_TIMEOUT" }))).toBe("timeout");
    expect(errorFailure(new TypeError("bug"))).toBeUndefined();
    expect(isRetryable("timeout", options)).toBe(false);
    expect(isRetryable("timeout", { ...options, retryTimeouts: true })).toBe(true);
    expect(isRetryable("connection", options)).toBe(true);
  });

  it("backs off exponentially up to the cap, with jitter below the nominal delay", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, undefined, options, noJitter))).toEqual([250, 500, 1000, 1000]);
    expect(retryDelayMs(1, undefined, options, () => 0.999)).toBeGreaterThanOrEqual(187);
    expect(retryDelayMs(1, undefined, options, () => 0.999)).toBeLessThan(250);
  });

  it("honours retry-after-ms, retry-after seconds and dates up to the cap", () => {
    expect(retryDelayMs(1, { "retry-after-ms": "1500" }, options, noJitter)).toBe(1500);
    expect(retryDelayMs(1, { "retry-after": "2" }, options, noJitter)).toBe(2000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now)).toBe(3000);
    expect(retryDelayMs(1, { "retry-after": "30" }, options, noJitter)).toBeUndefined();
    expect(retryDelayMs(1, { "retry-after": "soon" }, options, noJitter)).toBe(250);
  });
});
