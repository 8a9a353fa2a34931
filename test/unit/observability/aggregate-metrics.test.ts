import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { aggregateWorkerMetrics } from "../../../src/observability/aggregate-metrics.ts";
import { createMetrics } from "../../../src/observability/metrics.ts";

/** The value of one series in exposition text. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function twoWorkers() {
  const workers = [createMetrics(new Registry(), { totalTimeoutMs: 900_000 }), createMetrics(new Registry(), { totalTimeoutMs: 900_000 })];
  workers[0]!.requests.inc({ route: "chat_completions", status_class: "2xx" }, 3);
  workers[1]!.requests.inc({ route: "chat_completions", status_class: "2xx" }, 4);
  workers[1]!.requests.inc({ route: "responses", status_class: "4xx" });
  workers[0]!.inFlight.inc({ route: "chat_completions" }, 2);
  workers[1]!.inFlight.inc({ route: "chat_completions" });
  workers[0]!.overhead.observe({ route: "chat_completions" }, 0.0002);
  workers[1]!.overhead.observe({ route: "chat_completions" }, 0.002);
  const json = await Promise.all(workers.map((metrics) => metrics.registry.getMetricsAsJSON()));
  return { workers, json, text: await aggregateWorkerMetrics(json).metrics() };
}

describe("aggregateWorkerMetrics", () => {
  it("adds up toolmend's counters, gauges and histograms across workers, label set by label set", async () => {
    const { text } = await twoWorkers();
    expect(sample(text, 'toolmend_requests_total{route="chat_completions",status_class="2xx"}')).toBe(7);
    expect(sample(text, 'toolmend_requests_total{route="responses",status_class="4xx"}')).toBe(1);
    expect(sample(text, 'toolmend_in_flight_requests{route="chat_completions"}')).toBe(3);
    expect(sample(text, 'toolmend_overhead_seconds_count{route="chat_completions"}')).toBe(2);
    expect(sample(text, 'toolmend_overhead_seconds_bucket{le="0.00025",route="chat_completions"}')).toBe(1);
    expect(sample(text, 'toolmend_overhead_seconds_bucket{le="0.0025",route="chat_completions"}')).toBe(2);
  });

  it("reports build info once, at 1, and counts the workers that answered", async () => {
    const { text } = await twoWorkers();
    expect(text.match(/^toolmend_build_info\{.*$/gm)).toEqual([expect.stringMatching(/\} 1$/)]);
    expect(sample(text, "toolmend_workers")).toBe(2);
  });

  it("does not add up what is per process: the file limit, the start time, the event-loop lag (the worst worker's)", async () => {
    const { json, text } = await twoWorkers();
    const valueIn = (index: number, name: string) => json[index]!.find((metric) => metric.name === name)?.values[0]?.value;
    // Linux (prom-client reads it from /proc): the same limit in both, so a sum would double it.
    expect(sample(text, "process_max_fds")).toBe(valueIn(0, "process_max_fds"));
    expect(sample(text, "process_start_time_seconds")).toBe(Math.min(valueIn(0, "process_start_time_seconds")!, valueIn(1, "process_start_time_seconds")!));
    // Two readings of the same process's lag: make them differ so that the choice shows.
    json[0]!.find((metric) => metric.name === "nodejs_eventloop_lag_p99_seconds")!.values[0]!.value = 0.5;
    json[1]!.find((metric) => metric.name === "nodejs_eventloop_lag_p99_seconds")!.values[0]!.value = 0.01;
    const corrected = await aggregateWorkerMetrics(json).metrics();
    expect(sample(corrected, "nodejs_eventloop_lag_p99_seconds")).toBe(0.5);
  });

  it("adds up what the workers use together: CPU time and resident memory", async () => {
    const { json, text } = await twoWorkers();
    const total = (name: string) => json.reduce((sum, metrics) => sum + (metrics.find((metric) => metric.name === name)?.values[0]?.value ?? 0), 0);
    expect(sample(text, "process_cpu_seconds_total")).toBeCloseTo(total("process_cpu_seconds_total"), 6);
    expect(sample(text, "process_resident_memory_bytes")).toBe(total("process_resident_memory_bytes"));
  });
});
