/**
 * The one place that holds toolmend's defaults. The config file, environment
 * variables and CLI flags only ever override these.
 */
export const defaults = {
  server: {
    host: "127.0.0.1",
    port: 8787,
    /** Request bodies are buffered (so a retry can replay them) up to this size; larger gets 413. */
    bodyLimitBytes: 32 * 1024 * 1024,
    /** How long SIGTERM waits for in-flight requests before closing their connections. */
    shutdownGraceMs: 10_000,
  },
  metrics: {
    enabled: true,
    /** `null` serves `/metrics` on the main port; a number moves it to its own listener. */
    port: null as number | null,
    host: "127.0.0.1",
  },
  upstream: {
    url: "https://api.openai.com/v1",
    connections: 128,
    timeouts: {
      connectMs: 10_000,
      /** Until the response's headers arrive: a slow model's non-streamed answer lands here. */
      firstByteMs: 600_000,
      /** Longest silence between two body chunks. */
      idleMs: 300_000,
      /** The caller's whole budget, retries included. */
      totalMs: 900_000,
    },
    retries: {
      attempts: 3,
      baseDelayMs: 250,
      maxDelayMs: 8_000,
      /** A `retry-after` longer than this is not waited for: the client gets the upstream's answer. */
      maxRetryAfterMs: 60_000,
      retryTimeouts: false,
    },
  },
  log: {
    level: "info",
    /** Tool-call arguments are user data: logged only when asked for. */
    arguments: false,
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends null
        ? null
        : { readonly [K in keyof T]: Widen<T[K]> };

/** The resolved configuration's shape (deeply frozen once loaded). */
export type Config = Widen<typeof defaults>;
