/**
 * Cases through toolmend's real server: buildApp on 127.0.0.1, a scripted
 * upstream answering each case as chat or Responses, streamed or not
 * (test/support/case-answers.ts), and the client's view judged like the engine's.
 */
import { isDeepStrictEqual } from "node:util";
import type { CaseApi } from "../test/support/case-answers.ts";
import { runCase } from "../test/support/case-observation.ts";
import type { Observation } from "../test/support/case-observation.ts";
import { startScriptedUpstream } from "../test/support/scripted-upstream.ts";
import { startToolmend } from "../test/support/toolmend-harness.ts";
import { judge, parseArguments } from "./corpus.ts";
import type { CaseResult, CorpusCase } from "./corpus.ts";

export interface ServerMode {
  readonly label: string;
  readonly api: CaseApi;
  readonly stream: boolean;
}

export const serverModes: readonly ServerMode[] = [
  { label: "chat", api: "chat", stream: false },
  { label: "chat stream", api: "chat", stream: true },
  { label: "responses", api: "responses", stream: false },
  { label: "responses stream", api: "responses", stream: true },
];

function parsed(argumentsValue: unknown): unknown {
  return typeof argumentsValue === "string" ? parseArguments(argumentsValue) : argumentsValue;
}

/** The verdict for what a client received. */
export function judgeObservation(testCase: CorpusCase, observed: Observation): CaseResult {
  const base = { id: testCase.id, class: testCase.class };
  const first = observed.calls[0];
  if (observed.escalated || first === undefined) return { ...base, verdict: judge(testCase, { passedThrough: false, refused: true }) };
  const passedThrough = first.name === testCase.tool_name_emitted && isDeepStrictEqual(first.arguments, testCase.raw_arguments);
  return { ...base, verdict: judge(testCase, { passedThrough, refused: false, name: first.name, value: parsed(first.arguments) }) };
}

export interface ServerRun {
  /** Results per mode label, in case order. */
  run(cases: readonly CorpusCase[]): Promise<Map<string, CaseResult[]>>;
  close(): Promise<void>;
}

interface Worker {
  readonly upstream: Awaited<ReturnType<typeof startScriptedUpstream>>;
  readonly toolmend: Awaited<ReturnType<typeof startToolmend>>;
}

/**
 * `workers` pairs of upstream and toolmend, each taking cases in turn (one
 * scripted upstream answers one request at a time): most of a case's time is
 * waiting on sockets, so a few pairs keep the run short.
 */
export async function startServerRun(workers = 4): Promise<ServerRun> {
  const pool: Worker[] = [];
  for (let index = 0; index < workers; index++) {
    const upstream = await startScriptedUpstream();
    const toolmend = await startToolmend({ upstream: { url: upstream.url, retries: { attempts: 1 } } }, { logLevel: "silent" });
    pool.push({ upstream, toolmend });
  }
  return {
    async run(cases) {
      const results = new Map<string, CaseResult[]>(serverModes.map((mode) => [mode.label, new Array<CaseResult>(cases.length)]));
      let next = 0;
      const drain = async ({ upstream, toolmend }: Worker) => {
        while (next < cases.length) {
          const index = next++;
          const testCase = cases[index]!;
          for (const mode of serverModes) {
            const observed = await runCase(toolmend.origin, upstream, testCase, mode.api, mode.stream);
            results.get(mode.label)![index] = judgeObservation(testCase, observed);
          }
        }
      };
      await Promise.all(pool.map(drain));
      return results;
    },
    async close() {
      for (const { upstream, toolmend } of pool) {
        await toolmend.close();
        await upstream.close();
      }
    },
  };
}
