/**
 * `server.workers` above 1: this process serves nothing itself. It forks the
 * workers (node:cluster: they share the port, connections are dealt out in
 * turn), hands each the configuration, replaces a worker that dies (within
 * a restart budget), answers scrapes with every worker's metrics together,
 * and on a stop signal has every worker drain as a single process would,
 * exiting once they all have.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import type { Config } from "../config/defaults.ts";
import { isWorkerMessage, sendToWorker } from "./messages.ts";
import { createMetricsGatherer } from "./metrics-gatherer.ts";
import { createRestartBudget } from "./restart-budget.ts";

export interface PrimaryOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** How many workers to run. */
  readonly workers: number;
  /** Ends the process with `code` (main.ts flushes the log first). */
  readonly exit: (code: number) => void;
}

export interface Primary {
  /** Drains every worker with `signal`, then exits: 0 when they all stopped cleanly. */
  stop(signal: NodeJS.Signals): void;
}

/** Five unexpected exits in a minute is a crash loop, not bad luck. */
const restartBudget = { maxRestarts: 5, windowMs: 60_000 };
/** Past the drain delay and the grace period, how long a worker may take to exit before it is killed. */
const exitMarginMs = 5_000;

/** Forks the workers and supervises them; main.ts wires the signals to `stop`. */
export function startPrimary({ config, logger, workers: count, exit }: PrimaryOptions): Primary {
  // Structured clones keep what JSON would lose in the metrics (NaN before a first sample).
  cluster.setupPrimary({ serialization: "advanced" });
  const budget = createRestartBudget(restartBudget);
  const gatherer = createMetricsGatherer({ timeoutMs: 5_000, maxPending: 16 });
  const live = new Set<Worker>();
  const serving = new Set<Worker>();
  let started = false;
  let stopping = false;
  let exitCode = 0;
  const ignore = () => undefined;

  const fork = () => live.add(cluster.fork());
  const describe = (worker: Worker) => ({ worker: worker.id, pid: worker.process.pid });

  function finish(): void {
    logger.info({ exitCode }, "stopped");
    exit(exitCode);
  }

  function stop(signal: NodeJS.Signals, code = 0): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const { drainDelayMs, shutdownGraceMs } = config.server;
    logger.info({ signal, workers: live.size, drainDelayMs, graceMs: shutdownGraceMs }, "draining");
    // Each worker runs the single-process drain: /readyz 503, serve for the delay, close, grace.
    for (const worker of live) worker.process.kill(signal);
    const deadline = setTimeout(() => {
      logger.warn({ workers: [...live].map(describe) }, "workers still running after the drain and the grace period: killing them");
      exitCode = 1;
      for (const worker of live) worker.process.kill("SIGKILL");
    }, drainDelayMs + shutdownGraceMs + exitMarginMs);
    deadline.unref();
    if (live.size === 0) finish();
  }

  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    switch (message.type) {
      case "toolmend:hello":
        return sendToWorker(worker, { type: "toolmend:config", config }, ignore);
      case "toolmend:ready":
        serving.add(worker);
        if (started) logger.info(describe(worker), "worker replaced");
        else if (serving.size === count) {
          started = true;
          logger.info({ upstream: config.upstream.url, port: message.port, workers: count }, "toolmend ready");
        }
        return;
      case "toolmend:collected":
        return gatherer.receive(worker, message.id, message.metrics);
      case "toolmend:collect-failed":
        return gatherer.receive(worker, message.id, new Error(message.error));
      case "toolmend:scrape": {
        const { id } = message;
        gatherer.gather([...serving]).then(
          (text) => sendToWorker(worker, { type: "toolmend:scraped", id, text }, ignore),
          (error: Error) => sendToWorker(worker, { type: "toolmend:scrape-failed", id, error: error.message }, ignore),
        );
        return;
      }
    }
  });

  cluster.on("exit", (worker: Worker, code: number | null, signal: NodeJS.Signals | null) => {
    live.delete(worker);
    serving.delete(worker);
    gatherer.forget(worker);
    if (stopping) {
      // A worker asked to stop exits 0 (or dies of the signal, if it came before it could handle it).
      if (code !== 0 && signal !== "SIGTERM" && signal !== "SIGINT") exitCode = 1;
      if (live.size === 0) finish();
      return;
    }
    if (!started) {
      // It could not start (its own line says why: the port is taken, …); neither will the others.
      logger.error({ ...describe(worker), code, signal }, "a worker could not start: stopping");
      return stop("SIGTERM", code === null || code === 0 ? 1 : code);
    }
    logger.error({ ...describe(worker), code, signal }, "worker exited unexpectedly");
    if (budget.take(Date.now())) return void fork();
    logger.fatal(restartBudget, "workers keep exiting: stopping");
    stop("SIGTERM", 1);
  });

  for (let index = 0; index < count; index++) fork();
  return { stop: (signal) => stop(signal) };
}
