/**
 * With `server.workers` above 1, one scrape answers for every worker: the
 * primary gathers each worker's registry as JSON and combines them with
 * prom-client's `AggregatorRegistry.aggregate`, metric by metric, by the
 * metric's `aggregator` (a sum unless it says otherwise). toolmend's own
 * metrics declare theirs where they are created (metrics.ts); this file
 * corrects the few default process metrics whose prom-client choice would
 * mislead once several processes report.
 */
import { AggregatorRegistry, type Aggregator, type Registry } from "prom-client";

/** One registry's metrics, as `registry.getMetricsAsJSON()` resolves them. */
export type MetricsJson = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/**
 * Default metrics combined otherwise than prom-client does. Everything else
 * adds up to what the group of processes uses (CPU seconds, resident memory,
 * heap, handles, open files) and is left summed.
 */
const defaultMetricAggregators: Readonly<Record<string, Aggregator>> = {
  // A per-process limit, the same in every worker: a sum would claim N times the limit.
  process_max_fds: "first",
  // prom-client omits it in a cluster; the oldest worker's start is when the group began serving.
  process_start_time_seconds: "min",
  // The worst worker: one blocked event loop is what these are watched for, and an average hides it.
  nodejs_eventloop_lag_seconds: "max",
  nodejs_eventloop_lag_mean_seconds: "max",
  nodejs_eventloop_lag_stddev_seconds: "max",
  nodejs_eventloop_lag_p50_seconds: "max",
  nodejs_eventloop_lag_p90_seconds: "max",
  nodejs_eventloop_lag_p99_seconds: "max",
};

/** The workers' metrics combined into one registry, whose `metrics()` is the exposition text. */
export function aggregateWorkerMetrics(perWorker: readonly MetricsJson[]): Registry {
  const corrected = perWorker.map((metrics) =>
    metrics.map((metric) => {
      const aggregator = defaultMetricAggregators[metric.name];
      return aggregator === undefined ? metric : { ...metric, aggregator };
    }),
  );
  return AggregatorRegistry.aggregate(corrected);
}
