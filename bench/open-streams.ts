/**
 * Memory held per open stream: toolmend's RSS with nothing in flight, then
 * with `streams` streamed text answers open at once (the upstream writes an
 * event every `deltaMs`, so each stays open for ~50 × deltaMs), sampled until
 * every stream has its first bytes and for `holdSeconds` after. The cost of
 * one open stream is the RSS added over the idle figure, divided by their number.
 */
import { Agent } from "node:http";
import { requestSlowStream } from "./load.ts";
import { memoryOf, type Running } from "./processes.ts";

export interface OpenStreamsOptions {
  readonly toolmend: Running;
  readonly streams: number;
  readonly deltaMs: number;
  /** How long the streams are held open, all of them, while RSS is sampled. */
  readonly holdSeconds: number;
  /** Called once every stream is open (a heap snapshot can be taken then). */
  readonly whileOpen?: () => Promise<void>;
}

export interface OpenStreamsResult {
  readonly idleRssMb: number;
  /** The highest RSS sampled while every stream was open. */
  readonly openRssMb: number;
  /** RSS sampled every second while they were held, first to last. */
  readonly samplesMb: readonly number[];
  readonly kbPerStream: number;
  /** Streams that did not answer 200 with their first bytes. */
  readonly failed: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one stream; resolves once its first bytes arrived, with `done` settling when it ends. */
function openStream(url: URL, agent: Agent, deltaMs: number): Promise<{ ok: boolean; done: Promise<void> }> {
  return new Promise((resolve) => {
    let settled = false;
    let finish: () => void = () => undefined;
    const done = new Promise<void>((resolveDone) => (finish = resolveDone));
    const settle = (ok: boolean) => {
      if (!settled) resolve({ ok, done });
      settled = true;
      if (!ok) finish();
    };
    const outgoing = requestSlowStream(url, agent, deltaMs, (response) => {
      response.once("data", () => settle(response.statusCode === 200));
      response.on("data", () => undefined);
      response.on("end", () => {
        settle(false);
        finish();
      });
      response.on("error", () => settle(false));
    });
    outgoing.on("error", () => settle(false));
  });
}

export async function measureOpenStreams(options: OpenStreamsOptions): Promise<OpenStreamsResult> {
  const { toolmend, streams, deltaMs, holdSeconds } = options;
  const pid = toolmend.process.pid!;
  const url = new URL(toolmend.url);
  const idleRssMb = memoryOf(pid).rssMb;
  const agent = new Agent({ keepAlive: false, maxSockets: streams });
  // Opened in steps of 100 so the listen backlog never overflows.
  const opened: Array<Promise<{ ok: boolean; done: Promise<void> }>> = [];
  for (let index = 0; index < streams; index += 100) {
    for (let step = index; step < Math.min(streams, index + 100); step++) opened.push(openStream(url, agent, deltaMs));
    await pause(50);
  }
  const results = await Promise.all(opened);
  const samplesMb: number[] = [];
  for (let second = 0; second < holdSeconds; second++) {
    samplesMb.push(memoryOf(pid).rssMb);
    await pause(1000);
  }
  samplesMb.push(memoryOf(pid).rssMb);
  await options.whileOpen?.();
  await Promise.all(results.map((result) => result.done));
  agent.destroy();
  const openRssMb = Math.max(...samplesMb);
  return {
    idleRssMb,
    openRssMb,
    samplesMb,
    kbPerStream: ((openRssMb - idleRssMb) * 1024) / streams,
    failed: results.filter((result) => !result.ok).length,
  };
}
