/**
 * A worker's side of the IPC channel to the primary: it gets its
 * configuration from there (so every worker, restarted ones too, runs the
 * configuration the primary loaded), says when it serves, hands its
 * metrics over when asked, and asks for everyone's when scraped.
 */
import type { Registry } from "prom-client";
import type { Config } from "../config/defaults.ts";
import { isPrimaryMessage, type PrimaryMessage, type WorkerMessage } from "./messages.ts";

function send(message: WorkerMessage, onError: (error: Error) => void = () => undefined): void {
  if (process.send === undefined || !process.connected) return onError(new Error("the primary is gone"));
  process.send(message, undefined, undefined, (error: Error | null) => {
    if (error !== null) onError(error);
  });
}

function onPrimaryMessage(listener: (message: PrimaryMessage) => void): () => void {
  const handler = (message: unknown) => {
    if (isPrimaryMessage(message)) listener(message);
  };
  process.on("message", handler);
  return () => process.off("message", handler);
}

/** Asks the primary for the configuration (a message sent before anyone listened would be lost). */
export function configFromPrimary(): Promise<Config> {
  return new Promise((resolve, reject) => {
    const stop = onPrimaryMessage((message) => {
      if (message.type !== "toolmend:config") return;
      stop();
      resolve(message.config);
    });
    send({ type: "toolmend:hello" }, reject);
  });
}

/** Tells the primary this worker serves on `port`. */
export function announceReady(port: number): void {
  send({ type: "toolmend:ready", port });
}

/** Answers the primary's metric collections with `registry`'s metrics. */
export function answerCollections(registry: Registry): void {
  onPrimaryMessage((message) => {
    if (message.type !== "toolmend:collect") return;
    const { id } = message;
    registry.getMetricsAsJSON().then(
      (metrics) => send({ type: "toolmend:collected", id, metrics }),
      (error: unknown) => send({ type: "toolmend:collect-failed", id, error: String(error) }),
    );
  });
}

export interface ClusterExpositionOptions {
  /** How long a scrape waits for the primary (which itself waits for every worker). */
  readonly timeoutMs: number;
  /** Scrapes waiting at once; more fail at once. */
  readonly maxPending: number;
}

/** The `/metrics` text of every worker together, asked of the primary. */
export function clusterExposition({ timeoutMs, maxPending }: ClusterExpositionOptions): () => Promise<string> {
  const pending = new Map<number, (answer: string | Error) => void>();
  let nextId = 0;
  onPrimaryMessage((message) => {
    if (message.type === "toolmend:scraped") pending.get(message.id)?.(message.text);
    else if (message.type === "toolmend:scrape-failed") pending.get(message.id)?.(new Error(`cannot gather the workers' metrics: ${message.error}`));
  });
  return () => {
    if (pending.size >= maxPending) return Promise.reject(new Error(`${maxPending} scrapes are already waiting for the primary`));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const settle = (answer: string | Error) => {
        clearTimeout(timer);
        pending.delete(id);
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      const timer = setTimeout(() => settle(new Error(`the primary did not answer with the workers' metrics within ${timeoutMs} ms`)), timeoutMs);
      pending.set(id, settle);
      send({ type: "toolmend:scrape", id }, settle);
    });
  };
}
