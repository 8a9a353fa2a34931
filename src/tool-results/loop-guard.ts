/**
 * Decides from a conversation's tool history whether asking the model once
 * more is pointless: the same call (tool name + canonical arguments) failed
 * `maxRepeats` times, every tool result failed for `maxFailureRounds`
 * rounds running, or a tool failed for good. Only a history that ends with
 * tool results is judged (the model is about to read them); a user message
 * starts the count again, since a person has stepped in.
 */
import { canonicalArguments } from "./canonical-arguments.ts";
import type { ResultClass } from "./classify-result.ts";

export type LoopAction = "escalate" | "passthrough";
export type LoopReason = "repeated_call" | "failure_rounds" | "permanent";

/** One tool result with the call it answers. */
export interface Exchange {
  /** Position of the result in the request's list of results. */
  readonly index: number;
  readonly callId: string;
  /** `undefined` when the call is not in the request (a result for a call kept server-side). */
  readonly tool: string | undefined;
  readonly arguments: unknown;
  readonly class: ResultClass;
  /** Index of the round (assistant turn) whose call this answers. */
  readonly round: number | undefined;
}

export interface RoundInfo {
  /** A user message came between the previous round and this one. */
  readonly afterUser: boolean;
}

export interface LoopGuardSettings {
  readonly maxRepeats: number;
  readonly maxFailureRounds: number;
  readonly onLoop: (tool: string | undefined) => LoopAction;
  readonly onPermanent: (tool: string | undefined) => LoopAction;
}

export interface LoopFinding {
  readonly reason: LoopReason;
  readonly action: LoopAction;
  /** The failed exchanges that make the case, oldest first. */
  readonly exchanges: readonly Exchange[];
}

const failed = (exchange: Exchange) => exchange.class !== "ok";

/** Rounds since the last user message, ending with the last one. */
function currentRounds(rounds: readonly RoundInfo[]): number {
  let first = rounds.length - 1;
  while (first > 0 && !rounds[first]!.afterUser) first--;
  return first;
}

/**
 * The loop the history shows, or `undefined`. `trailingRound` is the round
 * whose results end the request (`undefined`: the request does not end with
 * tool results, so there is nothing to judge).
 */
export function findLoop(
  exchanges: readonly Exchange[],
  rounds: readonly RoundInfo[],
  trailingRound: number | undefined,
  settings: LoopGuardSettings,
): LoopFinding | undefined {
  if (trailingRound === undefined) return undefined;
  const latest = exchanges.filter((exchange) => exchange.round === trailingRound);
  const since = currentRounds(rounds.slice(0, trailingRound + 1));
  const current = exchanges.filter((exchange) => exchange.round !== undefined && exchange.round >= since && exchange.round <= trailingRound);
  const findings = [permanentFailure(latest, settings), repeatedCall(latest, current, settings), failureRounds(latest, current, trailingRound, since, settings)];
  // An escalation wins; a loop let through is still reported (logs and metrics).
  return findings.find((finding) => finding?.action === "escalate") ?? findings.find((finding) => finding !== undefined);
}

function permanentFailure(latest: readonly Exchange[], settings: LoopGuardSettings): LoopFinding | undefined {
  const permanent = latest.filter((exchange) => exchange.class === "permanent");
  if (permanent.length === 0) return undefined;
  const escalating = permanent.filter((exchange) => settings.onPermanent(exchange.tool) === "escalate");
  return escalating.length > 0
    ? { reason: "permanent", action: "escalate", exchanges: escalating }
    : { reason: "permanent", action: "passthrough", exchanges: permanent };
}

function repeatedCall(latest: readonly Exchange[], current: readonly Exchange[], settings: LoopGuardSettings): LoopFinding | undefined {
  const keyOf = (exchange: Exchange) => `${exchange.tool}\u0000${canonicalArguments(exchange.arguments)}`;
  const failures = new Map<string, Exchange[]>();
  for (const exchange of current) {
    if (!failed(exchange) || exchange.tool === undefined) continue;
    const key = keyOf(exchange);
    failures.set(key, [...(failures.get(key) ?? []), exchange]);
  }
  let passed: LoopFinding | undefined;
  for (const exchange of latest) {
    if (!failed(exchange) || exchange.tool === undefined) continue;
    const same = failures.get(keyOf(exchange)) ?? [];
    if (same.length < settings.maxRepeats) continue;
    const finding: LoopFinding = { reason: "repeated_call", action: settings.onLoop(exchange.tool), exchanges: same };
    if (finding.action === "escalate") return finding;
    passed ??= finding;
  }
  return passed;
}

function failureRounds(
  latest: readonly Exchange[],
  current: readonly Exchange[],
  trailingRound: number,
  since: number,
  settings: LoopGuardSettings,
): LoopFinding | undefined {
  let failingRounds = 0;
  for (let round = trailingRound; round >= since; round--) {
    const answered = current.filter((exchange) => exchange.round === round);
    if (answered.length === 0 || !answered.every(failed)) break;
    failingRounds++;
  }
  if (failingRounds < settings.maxFailureRounds) return undefined;
  const involved = current.filter((exchange) => exchange.round! > trailingRound - failingRounds);
  // Stopped unless every tool that failed in the last round chose passthrough.
  const action = latest.some((exchange) => settings.onLoop(exchange.tool) === "escalate") ? "escalate" : "passthrough";
  return { reason: "failure_rounds", action, exchanges: involved };
}
