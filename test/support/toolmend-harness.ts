import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/build-app.ts";
import { resolveConfig } from "../../src/config/load-config.ts";
import { createLogger } from "../../src/observability/logger.ts";

export interface RunningToolmend {
  readonly app: FastifyInstance;
  /** Base URL for an SDK: `http://127.0.0.1:PORT/v1`. */
  readonly baseURL: string;
  readonly origin: string;
  /** Every log line written so far, raw. */
  readonly logLines: string[];
  logs(): Record<string, unknown>[];
  /** The `/metrics` page, as Prometheus would scrape it. */
  scrape(): Promise<string>;
  close(): Promise<void>;
}

export interface ToolmendOptions {
  /** Logs are kept at debug level unless this says otherwise. */
  readonly logLevel?: "debug" | "silent";
}

/**
 * toolmend listening on 127.0.0.1 with an in-memory log sink. `settings` is a
 * config layer, or several, the later over the earlier.
 */
export async function startToolmend(settings: object | readonly object[], options: ToolmendOptions = {}): Promise<RunningToolmend> {
  const layers = Array.isArray(settings) ? (settings as readonly object[]) : [settings];
  const config = resolveConfig(layers.map((values, index) => ({ source: `test layer ${index}`, values })));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const app = buildApp(config, { logger: createLogger({ ...config.log, level: options.logLevel ?? "debug" }, sink) });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    app,
    origin,
    baseURL: `${origin}/v1`,
    logLines,
    logs: () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>),
    scrape: async () => (await fetch(`${origin}/metrics`)).text(),
    close: () => app.close(),
  };
}

/** Retries fast so fault tests do not sleep through real backoff. */
export const fastRetries = { baseDelayMs: 5, maxDelayMs: 20 };
