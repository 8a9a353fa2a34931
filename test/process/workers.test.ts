/**
 * `--workers 2`: the built toolmend as a cluster of two processes behind one
 * port (port 0: node:cluster gives both workers the same random port). Each
 * client connection is a new one, so the primary deals them out to both workers.
 */
import { createServer } from "node:net";
import OpenAI from "openai";
import { Agent, fetch as undiciFetch } from "undici";
import { onTestFinished } from "vitest";
import { describe, expect, it } from "../support/fixtures.ts";
import { fileTools, json, toolCallCompletion, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { startToolmend, type RunningToolmend } from "../support/toolmend-process.ts";

let toolmend: RunningToolmend | undefined;

type LogLine = Record<string, unknown> & { msg?: string; pid?: number };

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${toolmend?.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts toolmend with two workers on port 0 (killed after the test) and returns its origin, read from the primary's ready line. */
async function startCluster(upstream: ScriptedUpstream, env: Record<string, string> = {}): Promise<string> {
  const started = startToolmend(["--workers", "2", "--port", "0", "--upstream", upstream.url], { env: { TOOLMEND_DRAIN_DELAY_MS: "0", TOOLMEND_LOG_FORMAT: "json", ...env } });
  toolmend = started;
  onTestFinished(() => started.stop());
  await toolmend.ready();
  const ready = logLines(toolmend.output()).find((line) => line.msg === "toolmend ready");
  expect(ready).toMatchObject({ workers: 2, port: expect.any(Number) });
  expect(ready!.port).toBeGreaterThan(0);
  return `http://127.0.0.1:${String(ready!.port)}`;
}

/** `fetch` over a connection of its own, closed afterwards: each call is a new connection to the cluster. */
async function freshFetch(url: string, init?: Parameters<typeof undiciFetch>[1]) {
  const dispatcher = new Agent();
  try {
    const response = await undiciFetch(url, { ...init, dispatcher });
    return { status: response.status, text: await response.text() };
  } finally {
    await dispatcher.close();
  }
}

/** One repaired tool call through the real SDK, on a connection of its own. */
async function repairedCall(origin: string): Promise<string | undefined> {
  const dispatcher = new Agent();
  const client = new OpenAI({
    baseURL: `${origin}/v1`,
    apiKey: "k",
    maxRetries: 0,
    fetch: (url, init) => undiciFetch(url as string, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher }) as unknown as Promise<Response>,
  });
  try {
    const completion = await client.chat.completions.create({ model: "gpt-test", messages: [{ role: "user", content: "read a.txt" }], tools: fileTools });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    return call?.type === "function" ? call.function.arguments : undefined;
  } finally {
    await dispatcher.close();
  }
}

function sample(metrics: string, series: string): number {
  const line = metrics.split("\n").find((text) => text.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no ${series} in:\n${metrics}`);
  return Number(line.slice(series.length + 1));
}

describe("toolmend with two workers", () => {
  it("serves from both workers on one port and answers /metrics with both workers' counts from either", async ({ upstream }) => {
    const origin = await startCluster(upstream);
    // A call with a trailing comma: each worker repairs it.
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a.txt",}' }])));
    const requests = 10;
    for (let index = 0; index < requests; index++) expect(await repairedCall(origin)).toBe('{"path":"a.txt"}');

    // The request lines are written asynchronously: wait for all of them.
    const requestLines = () => logLines(toolmend!.output()).filter((line) => line.msg === "request" && line.route === "chat_completions");
    await until(() => requestLines().length === requests, "a log line per request");
    const served = requestLines();
    const byWorker = new Map<number, number>();
    for (const line of served) byWorker.set(line.pid!, (byWorker.get(line.pid!) ?? 0) + 1);
    expect(byWorker.size).toBe(2);
    for (const count of byWorker.values()) expect(count).toBeLessThan(requests);

    // Neither worker served them all, yet every scrape (each on a new connection, so both workers answer some) counts all of them.
    for (let scrape = 0; scrape < 4; scrape++) {
      const { status, text } = await freshFetch(`${origin}/metrics`);
      expect(status).toBe(200);
      expect(sample(text, 'toolmend_requests_total{route="chat_completions",status_class="2xx"}')).toBe(requests);
      expect(sample(text, 'toolmend_tool_calls_total{outcome="repaired",model="gpt-test"}')).toBe(requests);
      expect(sample(text, 'toolmend_request_duration_seconds_count{route="chat_completions"}')).toBe(requests);
      // Every worker reports build info 1: the scrape shows one series at 1, not a sum.
      expect(text.match(/^toolmend_build_info\{.*\} (\S+)$/gm)).toEqual([expect.stringMatching(/ 1$/)]);
      expect(sample(text, 'toolmend_in_flight_requests{route="chat_completions"}')).toBe(0);
      expect(sample(text, "toolmend_workers")).toBe(2);
      expect(text).toContain("process_cpu_seconds_total");
    }
  }, 60_000);

  it("drains every worker on SIGTERM: /readyz 503 from both, in-flight and new requests served, then exits 0", async ({ upstream }) => {
    const origin = await startCluster(upstream, { TOOLMEND_DRAIN_DELAY_MS: "1500" });
    let answer: () => void = () => undefined;
    upstream.script((request, response, raw) => {
      answer = () => json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a.txt"}' }]))(request, response, raw);
    });
    const inFlight = repairedCall(origin);
    await until(() => upstream.requests.length === 1, "the in-flight request to reach the upstream");
    upstream.script(json(toolCallCompletion([{ id: "call_2", name: "read_file", arguments: '{"path": "b.txt"}' }])));

    toolmend!.child.kill("SIGTERM");
    const workerPids = new Set(logLines(toolmend!.output()).filter((line) => line.msg === "worker ready").map((line) => line.pid));
    expect(workerPids.size).toBe(2);
    await until(() => logLines(toolmend!.output()).filter((line) => line.msg === "draining" && workerPids.has(line.pid)).length === 2, "both workers to drain");
    for (let probe = 0; probe < 2; probe++) expect((await freshFetch(`${origin}/readyz`)).status).toBe(503);
    expect(await repairedCall(origin)).toBe('{"path": "b.txt"}');
    answer();
    expect(await inFlight).toBe('{"path": "a.txt"}');

    expect(await toolmend!.exited).toBe(0);
    const stopped = logLines(toolmend!.output()).filter((line) => line.msg === "stopped");
    expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set([...workerPids, undefined]));
    await expect(freshFetch(`${origin}/healthz`)).rejects.toThrow();
  }, 60_000);

  it("replaces a worker that dies, and stops with 1 when workers keep dying", async ({ upstream }) => {
    const origin = await startCluster(upstream);
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a.txt"}' }])));
    const readyPids = () => logLines(toolmend!.output()).filter((line) => line.msg === "worker ready").map((line) => line.pid!);
    const [first] = readyPids();
    process.kill(first!, "SIGKILL");
    await until(() => readyPids().length === 3, "a replacement worker");
    expect(logLines(toolmend!.output()).find((line) => line.msg === "worker exited unexpectedly")).toMatchObject({ pid: first, signal: "SIGKILL" });
    for (let index = 0; index < 4; index++) expect(await repairedCall(origin)).toBe('{"path": "a.txt"}');

    // Five restarts a minute are allowed; the sixth death ends the process.
    const killed = new Set([first]);
    while (toolmend!.child.exitCode === null) {
      for (const pid of readyPids()) {
        if (killed.has(pid)) continue;
        killed.add(pid);
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone: the primary is stopping it
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await toolmend!.exited).toBe(1);
    expect(toolmend!.output()).toContain("workers keep exiting: stopping");
    expect(killed.size).toBeGreaterThanOrEqual(6);
  }, 90_000);

  it("exits 1 with the worker's one-line reason when the port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      toolmend = startToolmend(["--workers", "2", "--port", String(port)], { env: { TOOLMEND_DRAIN_DELAY_MS: "0" } });
      onTestFinished(() => toolmend?.stop());
      expect(await toolmend.exited).toBe(1);
      expect(toolmend.output()).toContain(`toolmend cannot listen on 127.0.0.1:${port}: the port is already in use`);
      expect(toolmend.output()).toContain("a worker could not start: stopping");
      expect(toolmend.output()).not.toContain("toolmend ready");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);
});
