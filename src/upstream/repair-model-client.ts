import { Pool } from "./undici-pool.ts";
import type { Config } from "../config/defaults.ts";
import type { RetryObserver } from "./send-with-retry.ts";
import { sendWithRetry } from "./send-with-retry.ts";
import { readBody } from "./read-body.ts";
import type { Upstream } from "./upstream-client.ts";

/** What one repair-model call gave: the parsed answer, or why there is none. */
export type RepairModelReply =
  | { readonly ok: true; readonly answer: unknown }
  | { readonly ok: false; readonly reason: "busy" | "timeout" | "status" | "transport" | "junk"; readonly detail: string };

export interface RepairModelClient {
  /** Sends one chat completion; never throws for anything the model or the network does. */
  complete(body: Record<string, unknown>, authorization: string | undefined, signal: AbortSignal): Promise<RepairModelReply>;
  close(): Promise<void>;
}

// A repair answer is one small tool call; anything bigger is not one.
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The repair model's transport: the upstream's pool (or one of its own for
 * another base URL), its own deadline inside the request's, transport
 * retries, and a hard bound on calls in flight: past it, repair is skipped
 * rather than queued, so a slow model cannot pile up the proxy's memory.
 */
export function createRepairModelClient(
  config: Config["repair"]["model"],
  upstream: Upstream,
  retries: Config["upstream"]["retries"],
  observer: RetryObserver,
  apiKey: string | undefined,
): RepairModelClient {
  const base = config.baseUrl === null ? undefined : new URL(config.baseUrl);
  const ownPool = base === undefined ? undefined : new Pool(base.origin, { connections: config.maxConcurrent });
  const pool = ownPool ?? upstream.pool;
  const basePath = base === undefined ? upstream.basePath : base.pathname.replace(/\/+$/, "");
  let inFlight = 0;

  return {
    async complete(body, authorization, signal) {
      if (inFlight >= config.maxConcurrent) return { ok: false, reason: "busy", detail: "too many repair-model calls in flight" };
      const key = apiKey === undefined ? authorization : `Bearer ${apiKey}`;
      // Its own deadline inside the request's; the timer is cleared as soon as the call ends
      // (an AbortSignal.timeout would stay alive, and hold the request's signal, for its whole span).
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new DOMException("The repair model took too long.", "TimeoutError")), config.timeoutMs);
      const deadline = AbortSignal.any([signal, controller.signal]);
      inFlight++;
      try {
        const response = await sendWithRetry(
          pool,
          {
            method: "POST",
            path: `${basePath}/chat/completions`,
            headers: { "content-type": "application/json", "accept-encoding": "identity", ...(key === undefined ? {} : { authorization: key }) },
            body: JSON.stringify(body),
            signal: deadline,
          },
          retries,
          observer,
        );
        const raw = await readBody(response.body, response.headers["content-encoding"], MAX_ANSWER_BYTES);
        if (response.status !== 200) return { ok: false, reason: "status", detail: `status ${response.status}` };
        try {
          return { ok: true, answer: JSON.parse(raw.toString("utf8")) };
        } catch {
          return { ok: false, reason: "junk", detail: "the answer is not JSON" };
        }
      } catch (error) {
        const timedOut = controller.signal.aborted && !signal.aborted;
        return { ok: false, reason: timedOut ? "timeout" : "transport", detail: (error as Error).message };
      } finally {
        clearTimeout(timer);
        inFlight--;
      }
    },
    async close() {
      await ownPool?.close();
    },
  };
}
