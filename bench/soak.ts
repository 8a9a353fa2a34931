/**
 * The soak: `streams` slow streams held open at all times (each one ends and
 * is replaced by the next), beside a steady mixed load of non-streamed and
 * streamed tool-call requests. toolmend's RSS is printed every few seconds;
 * it must stay flat.
 */
import { Agent } from "node:http";
import { requestSlowStream, scenarioRequest, type Autocannon } from "./load.ts";
import { heapOf, memoryOf, openFiles, type Running } from "./processes.ts";
import { scenarios } from "./scenarios.ts";

export interface SoakOptions {
  readonly autocannon: Autocannon;
  readonly toolmend: Running;
  readonly seconds: number;
  readonly streams: number;
  /** Pause between two events of a slow stream. */
  readonly deltaMs: number;
  /** Requests per second of the mixed load. */
  readonly mixedRate: number;
  readonly everySeconds: number;
}

interface StreamCounts {
  open: number;
  completed: number;
  errors: number;
}

/** Keeps one slow stream open until `until`: each one that ends is followed by another. */
async function slowStreamLoop(url: URL, agent: Agent, deltaMs: number, until: number, counts: StreamCounts): Promise<void> {
  while (Date.now() < until) {
    counts.open++;
    const ok = await new Promise<boolean>((resolve) => {
      const outgoing = requestSlowStream(url, agent, deltaMs, (response) => {
        let tail = "";
        response.on("data", (chunk: Buffer) => (tail = (tail + chunk.toString("latin1")).slice(-32)));
        response.on("end", () => resolve(response.statusCode === 200 && tail.includes("[DONE]")));
        response.on("error", () => resolve(false));
      });
      outgoing.on("error", () => resolve(false));
    });
    counts.open--;
    if (ok) counts.completed++;
    else {
      counts.errors++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function runSoak(options: SoakOptions): Promise<void> {
  const { autocannon, toolmend, seconds, streams, deltaMs, mixedRate, everySeconds } = options;
  const pid = toolmend.process.pid!;
  const url = new URL(toolmend.url);
  const until = Date.now() + seconds * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: streams });
  const counts: StreamCounts = { open: 0, completed: 0, errors: 0 };
  const start = Date.now();
  console.log(`soak: ${seconds} s, ${streams} slow streams (an event every ${deltaMs} ms), mixed load ${mixedRate} req/s (a, b, c, e)`);

  // Opened in steps of 100 so the listen backlog never overflows.
  const loops: Array<Promise<void>> = [];
  for (let opened = 0; opened < streams; opened += 100) {
    for (let index = opened; index < Math.min(streams, opened + 100); index++) loops.push(slowStreamLoop(url, agent, deltaMs, until, counts));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let mixedDone = 0;
  let mixedFailed = 0;
  const mixed = new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${toolmend.url}/chat/completions`,
        connections: 8,
        overallRate: mixedRate,
        duration: Math.max(1, Math.floor((until - Date.now()) / 1000)),
        timeout: 30,
        requests: [scenarios.a, scenarios.b, scenarios.c, scenarios.e].map((scenario) => scenarioRequest(scenario)),
      },
      (error) => (error === null ? resolve() : reject(error)),
    );
    instance.on("response", (_client, status) => {
      if (status === 200) mixedDone++;
      else mixedFailed++;
    });
  });

  const samples: number[] = [];
  const report = async () => {
    const memory = memoryOf(pid);
    const heap = await heapOf(toolmend.url).catch(() => ({ usedMb: Number.NaN, totalMb: Number.NaN }));
    samples.push(memory.rssMb);
    const elapsed = Math.round((Date.now() - start) / 1000);
    console.log(
      `soak t=${String(elapsed).padStart(4)}s  rss ${memory.rssMb.toFixed(1).padStart(6)} MB  peak ${memory.peakMb.toFixed(1).padStart(6)} MB  ` +
        `heap ${heap.usedMb.toFixed(0)}/${heap.totalMb.toFixed(0)} MB  ` +
        `streams open ${String(counts.open).padStart(4)} done ${counts.completed} failed ${counts.errors}  ` +
        `mixed ok ${mixedDone} failed ${mixedFailed}  fds ${openFiles(pid)}`,
    );
  };
  const timer = setInterval(() => void report(), everySeconds * 1000);
  await Promise.all([...loops, mixed]);
  clearInterval(timer);
  await report();
  agent.destroy();

  // Flat means: the last third of the samples sits where the first third (after ramp-up) did.
  const third = Math.max(1, Math.floor(samples.length / 3));
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const early = average(samples.slice(0, third));
  const late = average(samples.slice(-third));
  const peak = memoryOf(pid).peakMb;
  console.log(
    `soak summary: peak RSS ${peak.toFixed(1)} MB; RSS first third ${early.toFixed(1)} MB, last third ${late.toFixed(1)} MB ` +
      `(drift ${(late - early >= 0 ? "+" : "") + (late - early).toFixed(1)} MB); streams completed ${counts.completed}, failed ${counts.errors}; ` +
      `mixed ok ${mixedDone}, failed ${mixedFailed}`,
  );
}
