import type { WireCall } from "../../../src/protocol/wire-format.ts";
import type { CallVerdict, OutcomePolicy } from "../../../src/repair/outcomes.ts";

export const feedbackPolicy: OutcomePolicy = { onFailure: "feedback", maxRounds: 1, then: "escalate", severity: null };

/** `call`'s verdict: repaired into `args`. */
export function repaired<Call extends WireCall>(call: Call, args: string): CallVerdict<Call> {
  const original = { kind: "invalid_args", tool: call.name, message: "m", severity: "LOW", detail: "d", truncated: false } as const;
  return { call, policy: feedbackPolicy, outcome: { kind: "repaired", name: call.name, arguments: args, fixers: ["repair-json-syntax"], lossy: false, original } };
}

/** `call`'s verdict: failed, its arguments not JSON. */
export function failed<Call extends WireCall>(call: Call): CallVerdict<Call> {
  const error = { kind: "invalid_args", tool: call.name, message: "not JSON", severity: "MEDIUM", detail: "d", truncated: false } as const;
  return { call, policy: feedbackPolicy, outcome: { kind: "failed", name: call.name, fixersTried: [], error } };
}

/** `call`'s verdict: split into `calls` (name, arguments), each valid as it stands. */
export function split<Call extends WireCall>(call: Call, calls: readonly { name: string; arguments: string }[]): CallVerdict<Call> {
  const original = { kind: "unknown_tool", tool: call.name, message: "m", severity: "MEDIUM", candidates: [] } as const;
  const members = calls.map((member) => ({ ...member, outcome: { kind: "valid", name: member.name } as const }));
  return {
    call,
    policy: feedbackPolicy,
    outcome: { kind: "repaired", name: calls[0]!.name, arguments: calls[0]!.arguments, fixers: ["split-calls", "unwrap-envelope"], lossy: false, original },
    split: members,
  };
}
