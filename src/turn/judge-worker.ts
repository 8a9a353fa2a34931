/**
 * A worker thread that judges tool calls too costly for the event loop: it
 * builds the same engine and policies as the proxy from `repair` config and
 * keeps its own cache of compiled schemas. See judge-pool.ts.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Config } from "../config/defaults.ts";
import { createPolicyResolver } from "../config/resolve-policy.ts";
import { createRepairEngine, type RepairOptions } from "../repair/engine.ts";
import { defaultFixerNames } from "../repair/fixers/index.ts";
import type { JudgeRequest } from "./judge-pool.ts";
import { judgeToolCall } from "./judge-tool-call.ts";

const repair = (workerData as { repair: Config["repair"] }).repair;
const engine = createRepairEngine({ ...repair.limits, maxCachedSchemas: repair.limits.cachedSchemas });
const policyFor = createPolicyResolver(repair, defaultFixerNames);
const options: RepairOptions = { fixers: (name) => policyFor(name).fixers, allowLossy: (name) => policyFor(name).allowLossy };
const lossless: RepairOptions = { ...options, allowLossy: false };

parentPort?.on("message", (request: JudgeRequest) => {
  const prepared = engine.prepareTools(request.tools);
  const judged = request.lossless ? { outcome: engine.repair(request.call, prepared, lossless) } : judgeToolCall(engine, prepared, options, request.call);
  parentPort?.postMessage(judged);
});
