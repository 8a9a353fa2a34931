/**
 * What the primary and its workers say to each other over the cluster's IPC
 * channel. Each type carries the `toolmend:` prefix so that other users of
 * the channel (prom-client's own cluster messages, Node's) are told apart.
 */
import type { Worker } from "node:cluster";
import type { Config } from "../config/defaults.ts";
import type { MetricsJson } from "../observability/aggregate-metrics.ts";

/** From a worker to the primary. */
export type WorkerMessage =
  /** Sent once the worker listens for messages: the primary answers with the configuration. */
  | { readonly type: "toolmend:hello" }
  /** The worker listens on `port` and serves. */
  | { readonly type: "toolmend:ready"; readonly port: number }
  /** This worker's metrics, for the collection `id`. */
  | { readonly type: "toolmend:collected"; readonly id: number; readonly metrics: MetricsJson }
  | { readonly type: "toolmend:collect-failed"; readonly id: number; readonly error: string }
  /** A scrape reached this worker: it asks for every worker's metrics together. */
  | { readonly type: "toolmend:scrape"; readonly id: number };

/** From the primary to a worker. */
export type PrimaryMessage =
  | { readonly type: "toolmend:config"; readonly config: Config }
  /** Send this worker's metrics for the collection `id`. */
  | { readonly type: "toolmend:collect"; readonly id: number }
  /** The answer to the scrape `id`: the exposition text, or why there is none. */
  | { readonly type: "toolmend:scraped"; readonly id: number; readonly text: string }
  | { readonly type: "toolmend:scrape-failed"; readonly id: number; readonly error: string };

const workerTypes = new Set<string>(["toolmend:hello", "toolmend:ready", "toolmend:collected", "toolmend:collect-failed", "toolmend:scrape"]);
const primaryTypes = new Set<string>(["toolmend:config", "toolmend:collect", "toolmend:scraped", "toolmend:scrape-failed"]);

function hasType(value: unknown, types: ReadonlySet<string>): boolean {
  return typeof value === "object" && value !== null && types.has((value as { type?: unknown }).type as string);
}

/** A message a worker sent, as opposed to anything else on the channel. */
export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return hasType(value, workerTypes);
}

/** A message the primary sent. */
export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return hasType(value, primaryTypes);
}

/**
 * Sends `message` to `worker`; a channel that closed meanwhile (the worker is
 * exiting) goes to `onError` instead of an unhandled `error` event.
 */
export function sendToWorker(worker: Worker, message: PrimaryMessage, onError: (error: Error) => void): void {
  if (!worker.isConnected()) return onError(new Error(`worker ${worker.process.pid} is not connected`));
  worker.send(message, undefined, (error: Error | null) => {
    if (error !== null) onError(error);
  });
}
