import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { Registry } from "prom-client";
import type { Config } from "../config/defaults.ts";
import { createPolicyResolver } from "../config/resolve-policy.ts";
import { createRepairEngine } from "../repair/engine.ts";
import { defaultFixerNames } from "../repair/fixers/index.ts";
import { createLogger } from "../observability/logger.ts";
import { createMetrics, retryObserver } from "../observability/metrics.ts";
import { registerErrorHandling } from "./error-handling.ts";
import { healthRoutes } from "./health-routes.ts";
import { metricsRoute } from "./metrics-route.ts";
import { chatCompletionsRoute } from "./chat-completions-route.ts";
import { responsesRoute } from "./responses-route.ts";
import { passthroughRoute } from "./passthrough-route.ts";
import { registerRequestTelemetry } from "./telemetry-hooks.ts";
import { createExecutionErrorsStep } from "../turn/execution-errors.ts";
import { createSharedTools } from "../turn/read-json-body.ts";
import { JudgePool } from "../turn/judge-pool.ts";
import type { Toolmend } from "../turn/services.ts";
import { createRepairModelClient } from "../upstream/repair-model-client.ts";
import { createUpstream } from "../upstream/upstream-client.ts";

declare module "fastify" {
  interface FastifyInstance {
    toolmend: Toolmend;
  }
}

export interface BuildOptions {
  /** A logger to use instead of one writing to stdout (tests pass an in-memory sink). */
  readonly logger?: Logger;
  /** The repair model's API key (read by main.ts from `repair.model.apiKeyEnv`). */
  readonly repairModelApiKey?: string;
  /**
   * What `/metrics` answers instead of the app's own registry (a worker's
   * answers for all workers); the registry's content type is kept.
   */
  readonly exposition?: () => Promise<string>;
}

// Threads for costly checks (started on first use): two keep one slow check from queueing the next.
const JUDGE_WORKERS = 2;

const requestIdPattern = /^[\w.:-]{1,128}$/;

/** Accepts a caller's `x-request-id` when it is short and plain (it ends up in logs), else makes one. */
function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && requestIdPattern.test(given) ? given : randomUUID();
}

/** Builds the proxy without listening: `main.ts` listens, tests use `inject` or port 0. */
export function buildApp(config: Config, options: BuildOptions = {}): FastifyInstance {
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.log),
    // One line per request, written by our own onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    bodyLimit: config.server.bodyLimitBytes,
    // Routing is by path only; nothing about the Host header matters.
    routerOptions: { ignoreTrailingSlash: false },
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  const metrics = createMetrics(new Registry(), { totalTimeoutMs: config.upstream.timeouts.totalMs });
  const upstream = createUpstream(config.upstream);
  const engine = createRepairEngine({ ...config.repair.limits, maxCachedSchemas: config.repair.limits.cachedSchemas });
  const policyFor = createPolicyResolver(config.repair, defaultFixerNames);
  const repairModel = config.repair.model.enabled
    ? createRepairModelClient(config.repair.model, upstream, config.upstream.retries, retryObserver(metrics), options.repairModelApiKey)
    : undefined;
  const executionErrors = createExecutionErrorsStep(config, metrics);
  const exposition = options.exposition ?? (() => metrics.registry.metrics());
  const judgePool = new JudgePool({ repair: config.repair, size: JUDGE_WORKERS, deadlineMs: config.repair.limits.checkDeadlineMs });
  app.decorate("toolmend", {
    config,
    upstream,
    metrics,
    state: { draining: false },
    engine,
    policyFor,
    judgePool,
    executionErrors,
    repairModel,
    exposition,
    sharedTools: createSharedTools(),
  });
  app.addHook("onClose", async () => {
    await judgePool.close();
    await repairModel?.close();
    await upstream.pool.close();
  });

  // Bodies stay bytes: forwarded unchanged, parsed only where toolmend needs to look inside.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  registerErrorHandling(app);
  registerRequestTelemetry(app);
  app.register(healthRoutes);
  if (config.metrics.enabled && config.metrics.port === null) app.register(metricsRoute);
  app.register(chatCompletionsRoute);
  app.register(responsesRoute);
  app.register(passthroughRoute);
  return app;
}

/** `/metrics` on a listener of its own, for `metrics.port`; shares the proxy's registry. */
export function buildMetricsApp(toolmend: Toolmend): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorate("toolmend", toolmend);
  app.register(metricsRoute);
  return app;
}
