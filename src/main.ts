/**
 * The process: the only module that reads process.env and argv, listens,
 * and handles signals.
 */
import { buildApp, buildMetricsApp } from "./server/build-app.ts";
import { ConfigError, loadConfig } from "./config/load-config.ts";
import { createLogger } from "./observability/logger.ts";

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig({ argv: process.argv.slice(2), env: process.env, cwd: process.cwd() });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`toolmend: invalid configuration: ${error.message}`);
    process.exit(2);
  }

  const logger = createLogger(config.log);
  const keyVariable = config.repair.model.apiKeyEnv;
  const repairModelApiKey = keyVariable === null ? undefined : process.env[keyVariable];
  if (keyVariable !== null && repairModelApiKey === undefined) {
    console.error(`toolmend: invalid configuration: repair.model.apiKeyEnv names ${keyVariable}, which is not set`);
    process.exit(2);
  }
  const app = buildApp(config, { logger, ...(repairModelApiKey === undefined ? {} : { repairModelApiKey }) });
  const closers: Array<() => Promise<void>> = [() => app.close()];

  if (config.metrics.enabled && config.metrics.port !== null) {
    const metricsApp = buildMetricsApp(app.toolmend);
    await metricsApp.listen({ host: config.metrics.host, port: config.metrics.port });
    closers.push(() => metricsApp.close());
  }

  await app.listen({ host: config.server.host, port: config.server.port });
  app.log.info({ upstream: config.upstream.url }, "toolmend ready");

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.toolmend.state.draining = true;
    app.log.info({ signal, graceMs: config.server.shutdownGraceMs }, "draining");
    // In-flight requests get the grace period; then their connections are cut.
    const deadline = setTimeout(() => {
      app.log.warn("grace period over: closing remaining connections");
      app.server.closeAllConnections();
    }, config.server.shutdownGraceMs);
    deadline.unref();
    await Promise.all(closers.map((close) => close()));
    clearTimeout(deadline);
    logger.info("stopped");
    logger.flush(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

await main();
