/**
 * Load generation: autocannon for throughput and latency (its own histogram
 * rounds to whole milliseconds, so every response time is also kept here at
 * full precision), a sequential node:http loop for time to first byte, and a
 * one-request check that each scenario answers what it should before it is timed.
 */
import { createRequire } from "node:module";
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { scenarios, type Scenario } from "./scenarios.ts";

/** The slice of autocannon's programmatic API the bench uses (bench/node_modules holds it; no types there). */
interface AutocannonResult {
  readonly duration: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}
interface AutocannonInstance {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void;
  on(event: "done", listener: (result: AutocannonResult) => void): void;
  stop(): void;
}
export interface AutocannonRequest {
  readonly method: string;
  readonly path?: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}
export type Autocannon = (options: Record<string, unknown>, done?: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

export function loadAutocannon(): Autocannon {
  return createRequire(import.meta.url)("autocannon") as Autocannon;
}

export interface Measurement {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly count: number;
}

const jsonHeaders = (scenario: Scenario): Record<string, string> => ({
  "content-type": "application/json",
  authorization: "Bearer sk-bench",
  "x-bench-scenario": scenario.name,
});

export function scenarioRequest(scenario: Scenario, extraHeaders: Record<string, string> = {}): AutocannonRequest {
  return { method: "POST", headers: { ...jsonHeaders(scenario), ...extraHeaders }, body: scenario.request };
}

/**
 * Sends scenario (d), the streamed text, to `baseUrl`'s chat completions with
 * the upstream asked to space its events `deltaMs` apart (a slow stream);
 * the request is sent and ended, errors are the caller's to listen for.
 */
export function requestSlowStream(baseUrl: URL, agent: Agent, deltaMs: number, onResponse: (response: IncomingMessage) => void): ClientRequest {
  const scenario = scenarios.d;
  const outgoing = httpRequest(
    {
      host: baseUrl.hostname,
      port: baseUrl.port,
      path: `${baseUrl.pathname}/chat/completions`,
      method: "POST",
      agent,
      headers: { ...scenarioRequest(scenario).headers, "x-bench-delta-ms": String(deltaMs) },
    },
    onResponse,
  );
  outgoing.end(scenario.request);
  return outgoing;
}

export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** Runs autocannon against `baseUrl`'s chat completions for `seconds` at `connections`. */
export function measure(autocannon: Autocannon, baseUrl: string, scenario: Scenario, connections: number, seconds: number): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    let times = new Float64Array(1 << 16);
    let count = 0;
    const instance = autocannon(
      {
        url: `${baseUrl}/chat/completions`,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        ...scenarioRequest(scenario),
      },
      (error, result) => {
        if (error !== null) return reject(error);
        const sorted = times.subarray(0, count).sort();
        resolve({
          requestsPerSecond: count / result.duration,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          errors: result.errors + result.timeouts + result.non2xx,
          count,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, responseTimeMs) => {
      if (status < 200 || status >= 300) return;
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = responseTimeMs;
    });
  });
}

const ttfbAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with the time to the first body byte and the whole time, in ms. */
function timedRequest(baseUrl: string, scenario: Scenario): Promise<{ firstByteMs: number; totalMs: number; status: number }> {
  const url = new URL(`${baseUrl}/chat/completions`);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let firstByteMs = Number.NaN;
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent: ttfbAgent, headers: jsonHeaders(scenario) },
      (response) => {
        response.on("data", () => {
          if (Number.isNaN(firstByteMs)) firstByteMs = Number(process.hrtime.bigint() - start) / 1e6;
        });
        response.on("end", () => resolve({ firstByteMs, totalMs: Number(process.hrtime.bigint() - start) / 1e6, status: response.statusCode ?? 0 }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(scenario.request);
  });
}

/** Time to first byte, one request at a time for `seconds`: the p50, in ms. */
export async function measureFirstByte(baseUrl: string, scenario: Scenario, seconds: number): Promise<{ p50Ms: number; errors: number }> {
  const samples: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      const { firstByteMs, status } = await timedRequest(baseUrl, scenario);
      if (status === 200) samples.push(firstByteMs);
      else errors++;
    } catch {
      errors++;
    }
  }
  return { p50Ms: percentile(Float64Array.from(samples).sort(), 0.5), errors };
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function fetchOnce(baseUrl: string, scenario: Scenario): Promise<Answer> {
  const url = new URL(`${baseUrl}/chat/completions`);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: jsonHeaders(scenario) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(scenario.request);
  });
}

/** The tool call's arguments in an answer, streamed or not. */
function answeredArguments(answer: Answer, stream: boolean): string | undefined {
  if (!stream) {
    const body = JSON.parse(answer.body) as { choices: Array<{ message: { tool_calls?: Array<{ function: { arguments: string } }> } }> };
    return body.choices[0]?.message.tool_calls?.[0]?.function.arguments;
  }
  let args: string | undefined;
  for (const line of answer.body.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    const chunk = JSON.parse(line.slice(6)) as { choices?: Array<{ delta?: { tool_calls?: Array<{ function?: { arguments?: string } }> } }> };
    const piece = chunk.choices?.[0]?.delta?.tool_calls?.[0]?.function?.arguments;
    if (piece !== undefined) args = (args ?? "") + piece;
  }
  return args;
}

/**
 * Asks once and checks the answer is the one the scenario is about: 200, the
 * outcome toolmend reports, a stream that ends in `[DONE]`, arguments that
 * parse (and, for the repaired call, carry the fixed value).
 */
export async function checkScenario(baseUrl: string, scenario: Scenario, viaToolmend: boolean): Promise<void> {
  const answer = await fetchOnce(baseUrl, scenario);
  const fail = (why: string) => {
    throw new Error(`scenario ${scenario.name} ${viaToolmend ? "through toolmend" : "direct"}: ${why}\n${answer.body.slice(0, 500)}`);
  };
  if (answer.status !== 200) fail(`status ${answer.status}`);
  if (viaToolmend && answer.headers["x-toolmend-outcome"] !== scenario.outcome) {
    fail(`x-toolmend-outcome is ${String(answer.headers["x-toolmend-outcome"])}, expected ${scenario.outcome}`);
  }
  if (scenario.stream && !answer.body.trimEnd().endsWith("data: [DONE]")) fail("the stream does not end with [DONE]");
  const args = answeredArguments(answer, scenario.stream);
  if (scenario.name === "a" || scenario.name === "d") {
    if (args !== undefined) fail("a tool call where none was expected");
    return;
  }
  // Direct, the call written as text is text: only toolmend makes it a call.
  if (scenario.name === "f" && !viaToolmend) return;
  if (args === undefined) return fail("no tool call");
  if (scenario.name === "c" && !viaToolmend) return; // the upstream's own broken bytes
  const parsed = JSON.parse(args) as { create_directories?: unknown };
  if (parsed.create_directories !== true) fail(`arguments not as expected: ${args}`);
}
