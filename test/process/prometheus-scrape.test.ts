/**
 * A real Prometheus (Debian's `prometheus` package; .ci/run installs it)
 * scrapes a running toolmend on 127.0.0.1 after a repaired tool call went
 * through it, and the series a dashboard needs are there, with their labels.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { fileTools, json, sse, startScriptedUpstream, toolCallCompletion, toolCallStream, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { freePort, startToolmend, type RunningToolmend } from "../support/toolmend-process.ts";

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

let upstream: ScriptedUpstream;
let toolmend: RunningToolmend;
let prometheus: ChildProcess;
let prometheusOutput = "";
let prometheusOrigin: string;
let toolmendPort: number;

/** Instant query results, once Prometheus has scraped at least one sample for `query`. */
async function query(expression: string): Promise<Sample[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${prometheusOrigin}/api/v1/query?query=${encodeURIComponent(expression)}`).catch(() => undefined);
    if (response?.ok === true) {
      const body = (await response.json()) as { data: { result: Sample[] } };
      if (body.data.result.length > 0) return body.data.result;
    }
    if (prometheus.exitCode !== null) throw new Error(`prometheus exited ${prometheus.exitCode}: ${prometheusOutput}`);
    if (Date.now() > deadline) throw new Error(`no series for ${expression} after 30 s; prometheus said: ${prometheusOutput.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  upstream = await startScriptedUpstream();
  // A call with a trailing comma: toolmend repairs it.
  upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a.txt",}' }])));
  toolmendPort = await freePort();
  toolmend = startToolmend(["--port", String(toolmendPort), "--upstream", upstream.url]);
  await toolmend.ready();
  const response = await fetch(`http://127.0.0.1:${toolmendPort}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-test", messages: [{ role: "user", content: "read a.txt" }], tools: fileTools }),
  });
  expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
  // And a streamed one, for time to first byte and the usage of a stream.
  upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "b.txt"}' }])));
  const stream = await fetch(`http://127.0.0.1:${toolmendPort}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-stream", stream: true, messages: [{ role: "user", content: "read b.txt" }], tools: fileTools }),
  });
  expect(await stream.text()).toContain("data: [DONE]");

  const directory = mkdtempSync(join(tmpdir(), "toolmend-prometheus-"));
  const config = join(directory, "prometheus.yml");
  writeFileSync(
    config,
    stringify({
      global: { scrape_interval: "1s", evaluation_interval: "1s" },
      scrape_configs: [{ job_name: "toolmend", static_configs: [{ targets: [`127.0.0.1:${toolmendPort}`] }] }],
    }),
  );
  const prometheusPort = await freePort();
  prometheusOrigin = `http://127.0.0.1:${prometheusPort}`;
  prometheus = spawn(
    "prometheus",
    [`--config.file=${config}`, `--storage.tsdb.path=${join(directory, "data")}`, `--web.listen-address=127.0.0.1:${prometheusPort}`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const spawned = new Promise<void>((resolve, reject) => {
    prometheus.once("spawn", resolve);
    prometheus.once("error", (error) => reject(new Error(`prometheus cannot run (${error.message}): install Debian's prometheus package; .ci/run does`)));
  });
  prometheus.stdout!.on("data", (chunk: Buffer) => (prometheusOutput += chunk.toString()));
  prometheus.stderr!.on("data", (chunk: Buffer) => (prometheusOutput += chunk.toString()));
  await spawned;
}, 60_000);

afterAll(async () => {
  prometheus?.kill("SIGKILL");
  toolmend?.stop();
  await upstream?.close();
});

describe("a real Prometheus scraping toolmend", () => {
  it("finds the target up", async () => {
    const [sample] = await query('up{job="toolmend"}');
    expect(sample!.metric.instance).toBe(`127.0.0.1:${toolmendPort}`);
    expect(sample!.value[1]).toBe("1");
  }, 40_000);

  it("has the requests and the calls, with their labels, and no count of its own scrapes", async () => {
    const requests = await query('toolmend_requests_total{route="chat_completions"}');
    expect(requests).toEqual([expect.objectContaining({ metric: expect.objectContaining({ status_class: "2xx" }), value: [expect.any(Number), "2"] })]);
    const calls = await query("toolmend_tool_calls_total");
    const byOutcome = Object.fromEntries(calls.map((sample) => [`${sample.metric.outcome} ${sample.metric.model}`, sample.value[1]]));
    expect(byOutcome).toEqual({ "repaired gpt-test": "1", "valid gpt-stream": "1" });
    const fixes = await query("toolmend_fixes_total");
    expect(fixes.map((sample) => sample.metric.fixer).length).toBeGreaterThan(0);
    expect((await query("toolmend_requests_total")).map((sample) => sample.metric.route)).toEqual(["chat_completions"]);
  }, 40_000);

  it("has build info, in-flight requests, time to first byte and tokens by model", async () => {
    const [build] = await query("toolmend_build_info");
    expect(build!.metric).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.versions.node });
    expect((await query('toolmend_in_flight_requests{route="chat_completions"}'))[0]!.value[1]).toBe("0");
    expect((await query('toolmend_time_to_first_byte_seconds_count{route="chat_completions"}'))[0]!.value[1]).toBe("1");
    const tokens = await query("toolmend_tokens_total");
    const byModel = Object.fromEntries(tokens.map((sample) => [`${sample.metric.model} ${sample.metric.kind}`, sample.value[1]]));
    expect(byModel).toEqual({ "gpt-test prompt": "50", "gpt-test completion": "20", "gpt-stream prompt": "10", "gpt-stream completion": "5" });
  }, 40_000);

  it("has toolmend's histograms and the default process metrics", async () => {
    for (const name of ["toolmend_overhead_seconds_bucket", "toolmend_request_duration_seconds_bucket", "process_cpu_seconds_total", "nodejs_eventloop_lag_p99_seconds"]) {
      expect((await query(name)).length, name).toBeGreaterThan(0);
    }
  }, 40_000);
});
