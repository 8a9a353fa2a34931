import { Pool } from "./undici-pool.ts";
import type { Config } from "../config/defaults.ts";

/** The upstream as configured: one origin, one connection pool, a fixed base path. */
export interface Upstream {
  readonly pool: Pool;
  /** The base URL's path without a trailing slash (`/v1`, `/api/v1`, or ``). */
  readonly basePath: string;
}

/**
 * Opens the pool toward the configured upstream. Every request goes to this
 * origin: nothing a client sends can point toolmend elsewhere.
 */
export function createUpstream(config: Config["upstream"]): Upstream {
  const url = new URL(config.url);
  const pool = new Pool(url.origin, {
    connections: config.connections,
    connect: { timeout: config.timeouts.connectMs },
    headersTimeout: config.timeouts.firstByteMs,
    bodyTimeout: config.timeouts.idleMs,
  });
  return { pool, basePath: url.pathname.replace(/\/+$/, "") };
}
