/**
 * The workers rows (`--workers 2`): toolmend started with `server.workers`
 * N (node:cluster, one port) on the tool-answer scenario, against the
 * upstream reached directly just before, as the single process is measured.
 * Its CPU time is the primary's and every worker's together. Each worker
 * compiles its own hot code, so every worker is warmed up as the single
 * process is: the warm-up runs the number of workers times as long, on at
 * least one connection per worker (connections, not requests, are dealt out:
 * a warm-up on one connection would leave the measured one a cold worker).
 */
import { checkScenario, measure, type Autocannon, type Measurement } from "./load.ts";
import { cpuMicros, startToolmend, treeCpuMicros, type Running } from "./processes.ts";
import type { Scenario } from "./scenarios.ts";

export interface WorkersOptions {
  readonly autocannon: Autocannon;
  readonly upstream: Running;
  /** Worker counts to measure (each above 1). */
  readonly counts: readonly number[];
  readonly scenarios: readonly Scenario[];
  readonly concurrencies: readonly number[];
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly logLevel: string;
  readonly nodeFlags: readonly string[];
}

export interface WorkersMeasurement {
  readonly scenario: Scenario;
  readonly workers: number;
  readonly connections: number;
  readonly direct: Measurement;
  readonly proxied: Measurement;
  readonly upstreamCpuMicros: number;
  readonly toolmendCpuMicros: number;
}

export async function measureWorkers(options: WorkersOptions): Promise<WorkersMeasurement[]> {
  const { autocannon, upstream, seconds, warmupSeconds } = options;
  const measurements: WorkersMeasurement[] = [];
  for (const workers of options.counts) {
    const toolmend = await startToolmend({ upstreamUrl: upstream.url, logLevel: options.logLevel, nodeFlags: options.nodeFlags, workers });
    const pid = toolmend.process.pid!;
    try {
      for (const scenario of options.scenarios) {
        await checkScenario(toolmend.url, scenario, true);
        for (const connections of options.concurrencies) {
          if (warmupSeconds > 0) await measure(autocannon, toolmend.url, scenario, Math.max(connections, workers), warmupSeconds * workers);
          const upstreamCpuBefore = cpuMicros(upstream.process.pid!);
          const direct = await measure(autocannon, upstream.url, scenario, connections, seconds);
          const upstreamCpuMicros = (cpuMicros(upstream.process.pid!) - upstreamCpuBefore) / direct.count;
          const toolmendCpuBefore = treeCpuMicros(pid);
          const proxied = await measure(autocannon, toolmend.url, scenario, connections, seconds);
          const toolmendCpuMicros = (treeCpuMicros(pid) - toolmendCpuBefore) / proxied.count;
          measurements.push({ scenario, workers, connections, direct, proxied, upstreamCpuMicros, toolmendCpuMicros });
          console.error(`bench: ${scenario.name} c=${connections}, ${workers} workers: direct ${direct.requestsPerSecond.toFixed(0)} req/s, toolmend ${proxied.requestsPerSecond.toFixed(0)} req/s`);
        }
      }
    } finally {
      await toolmend.stop();
    }
  }
  return measurements;
}
