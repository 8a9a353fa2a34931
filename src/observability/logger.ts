import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "../config/defaults.ts";

/** Headers that carry credentials; never written to a log, wherever they appear. */
export const secretHeaders = [
  "authorization",
  "proxy-authorization",
  "api-key",
  "x-api-key",
  "x-goog-api-key",
  "cookie",
  "set-cookie",
] as const;

// Explicit parents, not `*.headers`: a wildcard path makes the redactor clone
// every line it writes (~45 µs per request line against ~1 µs, measured with
// bench/). These are the objects that can carry headers into a log line.
const headerParents = ["headers", "req.headers", "res.headers", "err.headers", "request.headers", "response.headers", "upstream.headers"];
const redactPaths = secretHeaders.flatMap((name) => headerParents.map((parent) => `${parent}["${name}"]`));

/**
 * The process logger. Writes asynchronously to stdout (a synchronous write
 * per request would sit on the hot path) unless a destination is given.
 * Levels are written by name (`"level":"info"`), as log pipelines expect.
 */
export function createLogger(config: Config["log"], destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.level,
      base: { service: "toolmend" },
      redact: { paths: redactPaths, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * stdout shared with other processes (the workers of `server.workers`):
 * each write is whole lines of at most 4096 bytes (PIPE_BUF), which a pipe
 * takes in one piece, so two workers' lines never interleave mid-line (larger
 * writes can be split when the reader lags).
 */
export function sharedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, maxWrite: 4096 });
}

/**
 * Human-readable lines on stdout for a terminal (`log.format: pretty`, or
 * `auto` on a TTY). Loaded only then: production never pays for it.
 */
export async function prettyDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({ destination: 1, colorize: process.stdout.isTTY === true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname,service" });
}
