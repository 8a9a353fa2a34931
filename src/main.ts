/**
 * The process: the only module that reads process.env, listens, and handles
 * signals. `toolmend serve` (src/cli.ts) calls `serve`; `node dist/main.js`
 * runs it directly.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildApp, buildMetricsApp } from "./server/build-app.ts";
import { ConfigError, loadConfigReport } from "./config/load-config.ts";
import { createLogger, prettyDestination } from "./observability/logger.ts";
import { describeListenError, metricsListener, proxyListener, type Listener } from "./server/listen-error.ts";

/** Starts the proxy with these flags (see `toolmend serve --help`); resolves once it listens. */
export async function serve(argv: readonly string[]): Promise<void> {
  let report;
  try {
    report = loadConfigReport({ argv, env: process.env, cwd: process.cwd() });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`toolmend: invalid configuration: ${error.message}`);
    process.exit(2);
  }
  const { config } = report;

  const pretty = config.log.format === "pretty" || (config.log.format === "auto" && process.stdout.isTTY === true);
  const logger = createLogger(config.log, pretty ? await prettyDestination() : undefined);
  for (const warning of report.warnings) logger.warn(warning);
  const keyVariable = config.repair.model.apiKeyEnv;
  const repairModelApiKey = keyVariable === null ? undefined : process.env[keyVariable];
  if (keyVariable !== null && repairModelApiKey === undefined) {
    console.error(`toolmend: invalid configuration: repair.model.apiKeyEnv names ${keyVariable}, which is not set`);
    process.exit(2);
  }
  const app = buildApp(config, { logger, ...(repairModelApiKey === undefined ? {} : { repairModelApiKey }) });
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
  app.log.info({ upstream: config.upstream.url }, "toolmend ready");

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
}

// Run directly (`node dist/main.js`), not when imported by the CLI.
const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) await serve(process.argv.slice(2));
