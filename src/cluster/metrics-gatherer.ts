/**
 * The primary's side of a scrape: ask every serving worker for its metrics,
 * wait for all of them (bounded in time), and combine them
 * (observability/aggregate-metrics.ts). prom-client's own
 * `AggregatorRegistry.clusterMetrics()` asks every connected worker, including
 * one still starting that cannot answer yet, and waits out its timeout when a
 * worker dies mid-scrape; this asks only workers that said they serve and
 * fails at once when one of them exits.
 */
import type { Worker } from "node:cluster";
import { aggregateWorkerMetrics, type MetricsJson } from "../observability/aggregate-metrics.ts";
import { sendToWorker, type PrimaryMessage } from "./messages.ts";

export interface MetricsGatherer {
  /** Every worker's metrics combined, as exposition text. */
  gather(workers: readonly Worker[]): Promise<string>;
  /** A worker's answer to the collection `id`: its metrics, or why it has none. */
  receive(worker: Worker, id: number, answer: MetricsJson | Error): void;
  /** `worker` exited: a collection still waiting for it fails. */
  forget(worker: Worker): void;
}

export interface GathererOptions {
  /** How long a collection waits for the slowest worker. */
  readonly timeoutMs: number;
  /** Collections at once; a scrape beyond them fails rather than queueing work on every worker. */
  readonly maxPending: number;
}

interface Collection {
  readonly waiting: Set<Worker>;
  readonly answers: MetricsJson[];
  readonly settle: (error: Error | undefined) => void;
}

export function createMetricsGatherer({ timeoutMs, maxPending }: GathererOptions): MetricsGatherer {
  const pending = new Map<number, Collection>();
  let nextId = 0;

  return {
    gather(workers) {
      if (pending.size >= maxPending) return Promise.reject(new Error(`${maxPending} metric collections are already waiting for the workers`));
      if (workers.length === 0) return Promise.reject(new Error("no worker is serving"));
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => collection.settle(new Error(`a worker did not send its metrics within ${timeoutMs} ms`)), timeoutMs);
        const collection: Collection = {
          waiting: new Set(workers),
          answers: [],
          settle: (error) => {
            clearTimeout(timer);
            pending.delete(id);
            if (error !== undefined) return reject(error);
            aggregateWorkerMetrics(collection.answers).metrics().then(resolve, reject);
          },
        };
        pending.set(id, collection);
        const message: PrimaryMessage = { type: "toolmend:collect", id };
        for (const worker of workers) sendToWorker(worker, message, (error) => collection.settle(error));
      });
    },
    receive(worker, id, answer) {
      const collection = pending.get(id);
      if (collection === undefined || !collection.waiting.delete(worker)) return;
      if (answer instanceof Error) return collection.settle(answer);
      collection.answers.push(answer);
      if (collection.waiting.size === 0) collection.settle(undefined);
    },
    forget(worker) {
      for (const collection of pending.values()) {
        if (collection.waiting.has(worker)) collection.settle(new Error(`worker ${worker.process.pid} exited during the collection`));
      }
    },
  };
}
