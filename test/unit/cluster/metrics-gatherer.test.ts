import type { Worker } from "node:cluster";
import { Registry } from "prom-client";
import { describe, expect, it, vi } from "vitest";
import type { PrimaryMessage } from "../../../src/cluster/messages.ts";
import { createMetricsGatherer } from "../../../src/cluster/metrics-gatherer.ts";
import { createMetrics } from "../../../src/observability/metrics.ts";

/** A stand-in for a cluster worker: it records what the primary sends it. */
function fakeWorker(pid: number, connected = true) {
  const sent: PrimaryMessage[] = [];
  const worker = {
    process: { pid },
    isConnected: () => connected,
    send: (message: PrimaryMessage, _handle: undefined, callback: (error: Error | null) => void) => {
      sent.push(message);
      callback(null);
      return true;
    },
  } as unknown as Worker;
  return { worker, sent };
}

async function workerMetrics(requests: number) {
  const metrics = createMetrics(new Registry(), { totalTimeoutMs: 900_000 });
  metrics.requests.inc({ route: "chat_completions", status_class: "2xx" }, requests);
  return metrics.registry.getMetricsAsJSON();
}

const options = { timeoutMs: 5_000, maxPending: 2 };

describe("createMetricsGatherer", () => {
  it("asks every worker and answers with their metrics combined once all have answered", async () => {
    const gatherer = createMetricsGatherer(options);
    const [a, b] = [fakeWorker(1), fakeWorker(2)];
    const text = gatherer.gather([a.worker, b.worker]);
    expect(a.sent).toEqual([{ type: "toolmend:collect", id: 0 }]);
    expect(b.sent).toEqual([{ type: "toolmend:collect", id: 0 }]);
    gatherer.receive(a.worker, 0, await workerMetrics(3));
    // A second answer from the same worker, or one for another collection, counts for nothing.
    gatherer.receive(a.worker, 0, await workerMetrics(100));
    gatherer.receive(b.worker, 7, await workerMetrics(100));
    gatherer.receive(b.worker, 0, await workerMetrics(4));
    expect(await text).toMatch(/^toolmend_requests_total\{route="chat_completions",status_class="2xx"\} 7$/m);
  });

  it("fails at once when a worker it waits for exits, or reports an error", async () => {
    const gatherer = createMetricsGatherer(options);
    const [a, b] = [fakeWorker(1), fakeWorker(2)];
    const exited = gatherer.gather([a.worker, b.worker]);
    gatherer.receive(a.worker, 0, await workerMetrics(1));
    gatherer.forget(b.worker);
    await expect(exited).rejects.toThrow("worker 2 exited during the collection");
    const failed = gatherer.gather([a.worker]);
    gatherer.receive(a.worker, 1, new Error("collect failed"));
    await expect(failed).rejects.toThrow("collect failed");
  });

  it("fails when a worker is not connected, when none serves, and past its timeout", async () => {
    const gatherer = createMetricsGatherer(options);
    await expect(gatherer.gather([fakeWorker(1, false).worker])).rejects.toThrow("worker 1 is not connected");
    await expect(gatherer.gather([])).rejects.toThrow("no worker is serving");
    vi.useFakeTimers();
    try {
      const silent = gatherer.gather([fakeWorker(3).worker]);
      vi.advanceTimersByTime(options.timeoutMs);
      await expect(silent).rejects.toThrow(`a worker did not send its metrics within ${options.timeoutMs} ms`);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a collection beyond maxPending instead of queueing work on every worker", async () => {
    const gatherer = createMetricsGatherer(options);
    const a = fakeWorker(1);
    const first = gatherer.gather([a.worker]);
    const second = gatherer.gather([a.worker]);
    await expect(gatherer.gather([a.worker])).rejects.toThrow("2 metric collections are already waiting");
    gatherer.forget(a.worker);
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow();
  });
});
