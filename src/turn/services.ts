import type { Config } from "../config/defaults.ts";
import type { PolicyResolver } from "../config/resolve-policy.ts";
import type { Metrics } from "../observability/metrics.ts";
import type { RepairEngine } from "../repair/engine.ts";
import type { RepairModelClient } from "../upstream/repair-model-client.ts";
import type { Upstream } from "../upstream/upstream-client.ts";
import type { ExecutionErrorsStep } from "./execution-errors.ts";
import type { SharedTools } from "./read-json-body.ts";
import type { JudgePool } from "./judge-pool.ts";

export interface AppState {
  /** Set on SIGTERM/SIGINT: `/readyz` turns 503 so the orchestrator stops routing here. */
  draining: boolean;
}

/** What every request shares: frozen config, the upstream pool, the metrics, the engine, the lifecycle state. */
export interface Toolmend {
  readonly config: Config;
  readonly upstream: Upstream;
  readonly metrics: Metrics;
  readonly state: AppState;
  readonly engine: RepairEngine;
  readonly policyFor: PolicyResolver;
  /** Worker threads for the calls too costly to check on the event loop. */
  readonly judgePool: JudgePool;
  /** The execution-error step over a request's tool results (turn/execution-errors.ts). */
  readonly executionErrors: ExecutionErrorsStep;
  /** Present when `repair.model.enabled`. */
  readonly repairModel: RepairModelClient | undefined;
  /** What `/metrics` answers: this process's registry, or in a worker every worker's metrics together. */
  readonly exposition: () => Promise<string>;
  /** Parsed `tools` of recent requests, shared by requests that declare the same text. */
  readonly sharedTools: SharedTools;
}
