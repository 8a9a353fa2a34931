/**
 * Worker threads for the tool calls whose checking could hold the event
 * loop: compiling a large schema, or parsing, repairing and validating large
 * arguments, costs from tens of milliseconds to seconds of CPU. The proxy
 * hands such a call to a worker and goes on serving; a call not judged by
 * its deadline is `unvalidated`, and the worker that was on it is ended and
 * replaced (synchronous work cannot be interrupted otherwise).
 */
import { Worker } from "node:worker_threads";
import type { Config } from "../config/defaults.ts";
import type { ToolCallInput, ToolDefinition } from "../repair/types.ts";
import type { EngineJudgement } from "./judge-tool-call.ts";

/** What a worker is asked: one call against the request's tools, with every fixer or the lossless ones only. */
export interface JudgeRequest {
  readonly tools: readonly ToolDefinition[];
  readonly call: ToolCallInput;
  readonly lossless: boolean;
}

/** A worker's answer, or `late`: the deadline passed first. */
export type PoolAnswer = { readonly kind: "judged"; readonly judged: EngineJudgement } | { readonly kind: "late" };

export interface JudgePoolOptions {
  readonly repair: Config["repair"];
  /** Threads at most; more calls wait for one. */
  readonly size: number;
  /** Milliseconds from submission to a `late` answer. */
  readonly deadlineMs: number;
}

interface Job {
  readonly request: JudgeRequest;
  readonly settle: (answer: PoolAnswer | Error) => void;
  worker?: Worker;
}

// The worker runs as source under the tests and as built JavaScript in the package.
const workerUrl = new URL(`./judge-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);

export class JudgePool {
  readonly #options: JudgePoolOptions;
  readonly #idle: Worker[] = [];
  readonly #queue: Job[] = [];
  readonly #busy = new Map<Worker, Job>();
  #closed = false;

  constructor(options: JudgePoolOptions) {
    this.#options = options;
  }

  /** Judges one call on a worker; resolves `late` past the deadline, rejects only for a bug in the worker. */
  judge(request: JudgeRequest, deadlineMs: number = this.#options.deadlineMs): Promise<PoolAnswer> {
    if (this.#closed) return Promise.resolve({ kind: "late" });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.#expire(job), deadlineMs);
      const job: Job = {
        request,
        settle: (answer) => {
          clearTimeout(timer);
          if (answer instanceof Error) reject(answer);
          else resolve(answer);
        },
      };
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** Ends every worker; calls still waiting are answered `late`. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.settle({ kind: "late" });
    const workers = [...this.#idle.splice(0), ...this.#busy.keys()];
    for (const job of this.#busy.values()) job.settle({ kind: "late" });
    this.#busy.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const worker = this.#idle.pop() ?? (this.#busy.size < this.#options.size ? this.#spawn() : undefined);
      if (worker === undefined) return;
      const job = this.#queue.shift()!;
      job.worker = worker;
      this.#busy.set(worker, job);
      worker.postMessage(job.request);
    }
  }

  #spawn(): Worker {
    const worker = new Worker(workerUrl, { workerData: { repair: this.#options.repair } });
    // Idle workers must not keep a stopping process alive.
    worker.unref();
    worker.on("message", (judged: EngineJudgement) => {
      const job = this.#busy.get(worker);
      this.#busy.delete(worker);
      this.#idle.push(worker);
      job?.settle({ kind: "judged", judged });
      this.#dispatch();
    });
    worker.on("error", (error) => this.#retire(worker, error));
    worker.on("exit", () => this.#retire(worker, new Error("a judge worker exited")));
    return worker;
  }

  /** Drops a worker that failed or was ended; its job, if any, gets `failure`. */
  #retire(worker: Worker, failure: PoolAnswer | Error): void {
    const job = this.#busy.get(worker);
    this.#busy.delete(worker);
    const idle = this.#idle.indexOf(worker);
    if (idle !== -1) this.#idle.splice(idle, 1);
    job?.settle(failure);
    if (!this.#closed) this.#dispatch();
  }

  #expire(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      job.settle({ kind: "late" });
      return;
    }
    const { worker } = job;
    if (worker === undefined || this.#busy.get(worker) !== job) return;
    this.#retire(worker, { kind: "late" });
    void worker.terminate();
  }
}
