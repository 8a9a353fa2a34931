/**
 * The process: the only module that reads process.env, listens, and handles
 * signals. `toolmend serve` (src/cli.ts) calls `serve`; `node dist/main.js`
 * runs it directly. With `server.workers` above 1 this process becomes the
 * cluster's primary (src/cluster/run-primary.ts) and each worker, started
 * from the same entry point, serves as a single process would.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DestinationStream, Logger } from "pino";
import type { Config } from "./config/defaults.ts";
import { buildApp, buildMetricsApp } from "./server/build-app.ts";
import { ConfigError, loadConfigReport } from "./config/load-config.ts";
import { createLogger, prettyDestination, sharedStdout } from "./observability/logger.ts";
import { describeListenError, metricsListener, proxyListener, type Listener } from "./server/listen-error.ts";
import { startPrimary } from "./cluster/run-primary.ts";
import { announceReady, answerCollections, clusterExposition, configFromPrimary } from "./cluster/worker-channel.ts";

/** Starts the proxy with these flags (see `toolmend serve --help`); resolves once it listens. */
export async function serve(argv: readonly string[]): Promise<void> {
  if (cluster.isWorker) return serveWorker();
  let report;
  try {
    report = loadConfigReport({ argv, env: process.env, cwd: process.cwd() });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`toolmend: invalid configuration: ${error.message}`);
    process.exit(2);
  }
  const { config } = report;
  const logger = await processLogger(config);
  for (const warning of report.warnings) logger.warn(warning);
  const repairModelApiKey = repairModelKey(config);

  const workers = config.server.workers === "auto" ? availableParallelism() : config.server.workers;
  if (workers > 1) {
    const primary = startPrimary({ config, logger, workers, exit: (code) => logger.flush(() => process.exit(code)) });
    process.once("SIGTERM", primary.stop);
    process.once("SIGINT", primary.stop);
    return;
  }
  const app = await startServer(config, logger, { repairModelApiKey });
  app.log.info({ upstream: config.upstream.url }, "toolmend ready");
}

/** A cluster worker: the primary's configuration, the primary's metrics, otherwise a single process. */
async function serveWorker(): Promise<void> {
  const config = await configFromPrimary();
  const logger = (await processLogger(config, sharedStdout)).child({ pid: process.pid });
  const app = await startServer(config, logger, {
    repairModelApiKey: repairModelKey(config),
    exposition: clusterExposition({ timeoutMs: 10_000, maxPending: 16 }),
  });
  answerCollections(app.toolmend.metrics.registry);
  const address = app.server.address();
  announceReady(typeof address === "object" && address !== null ? address.port : config.server.port);
  app.log.info("worker ready");
}

/** The process's logger: pretty on a terminal (or when asked), else JSON lines to `json()` (stdout by default). */
async function processLogger(config: Config, json?: () => DestinationStream): Promise<Logger> {
  const pretty = config.log.format === "pretty" || (config.log.format === "auto" && process.stdout.isTTY === true);
  return createLogger(config.log, pretty ? await prettyDestination() : json?.());
}

/** The repair model's key from `repair.model.apiKeyEnv`; exits 2 when that variable is not set. */
function repairModelKey(config: Config): string | undefined {
  const keyVariable = config.repair.model.apiKeyEnv;
  if (keyVariable === null) return undefined;
  const key = process.env[keyVariable];
  if (key === undefined) {
    console.error(`toolmend: invalid configuration: repair.model.apiKeyEnv names ${keyVariable}, which is not set`);
    process.exit(2);
  }
  return key;
}

interface ServerOptions {
  readonly repairModelApiKey: string | undefined;
  readonly exposition?: () => Promise<string>;
}

/** Builds the app, listens (exits 1 with one line when it cannot) and drains on SIGTERM or SIGINT. */
async function startServer(config: Config, logger: Logger, { repairModelApiKey, exposition }: ServerOptions) {
  const app = buildApp(config, {
    logger,
    ...(repairModelApiKey === undefined ? {} : { repairModelApiKey }),
    ...(exposition === undefined ? {} : { exposition }),
  });
  const closers: Array<() => Promise<void>> = [() => app.close()];

  let listener: Listener = metricsListener;
  try {
    if (config.metrics.enabled && config.metrics.port !== null) {
      const metricsApp = buildMetricsApp(app.toolmend);
      await metricsApp.listen({ host: config.metrics.host, port: config.metrics.port });
      closers.push(() => metricsApp.close());
    }
    listener = proxyListener;
    await app.listen({ host: config.server.host, port: config.server.port });
  } catch (error) {
    const line = describeListenError(error, listener);
    if (line === undefined) throw error;
    console.error(line);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // As Kubernetes expects: readiness fails at once, but the listener keeps serving while the
    // endpoint change reaches every load balancer; only then does it stop accepting.
    app.toolmend.state.draining = true;
    const { drainDelayMs, shutdownGraceMs } = config.server;
    app.log.info({ signal, drainDelayMs, graceMs: shutdownGraceMs }, "draining");
    if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    // In-flight requests get the grace period; then their connections are cut.
    const deadline = setTimeout(() => {
      app.log.warn("grace period over: closing remaining connections");
      app.server.closeAllConnections();
    }, shutdownGraceMs);
    deadline.unref();
    await Promise.all(closers.map((close) => close()));
    clearTimeout(deadline);
    logger.info("stopped");
    logger.flush(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // A worker whose primary is gone (killed) has no one to hand it connections or to stop it.
  if (cluster.isWorker) process.once("disconnect", () => void stop("SIGTERM"));
  return app;
}

// Run directly (`node dist/main.js`), not when imported by the CLI.
const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) await serve(process.argv.slice(2));
