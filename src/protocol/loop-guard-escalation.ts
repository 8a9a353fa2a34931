/**
 * The escalation the loop guard answers with, in the format of every other
 * escalation (escalation.ts): an OpenAI-style error whose `type` and `code`
 * say "invalid", carrying the failing calls and their results, so that the
 * client (or a person) sees what went round and nothing is lost.
 */
import { openAIErrorBody } from "../errors.ts";
import type { Severity } from "../repair/types.ts";
import type { InspectedResult } from "../tool-results/inspect-tool-results.ts";
import type { LoopFinding } from "../tool-results/loop-guard.ts";

export interface LoopEscalationInput {
  readonly finding: LoopFinding;
  readonly results: readonly InspectedResult[];
  readonly severity: Severity;
  /** Where each result sits, for `param`. */
  readonly paramOf: (resultIndex: number) => string;
}

/** A result longer than this is cut in the escalation (the client has it whole). */
const MAX_RESULT_CHARS = 4_096;

const why = {
  repeated_call: (count: number) => `failed ${count} times with the same arguments`,
  failure_rounds: (count: number) => `failed, as every tool result did in ${count} rounds in a row`,
  permanent: () => "failed in a way that trying again cannot fix",
} as const;

function failedCall(result: InspectedResult) {
  const { entry } = result;
  const truncated = result.text.length > MAX_RESULT_CHARS;
  return {
    kind: "execution_error",
    tool: entry.call?.name ?? null,
    call_id: entry.callId,
    raw_arguments: entry.call?.arguments ?? null,
    class: result.class,
    result: truncated ? `${result.text.slice(0, MAX_RESULT_CHARS)}…` : result.text,
    ...(truncated ? { result_truncated: true } : {}),
  };
}

/** The error body of a loop-guard stop. */
export function loopEscalationBody(input: LoopEscalationInput) {
  const { finding } = input;
  const involved = finding.exchanges.map((exchange) => input.results[exchange.index]!);
  const last = involved.at(-1);
  if (last === undefined) throw new TypeError("a loop-guard escalation needs at least one failed call");
  const rounds = new Set(finding.exchanges.map((exchange) => exchange.round)).size;
  const count = finding.reason === "failure_rounds" ? rounds : involved.length;
  const reason = why[finding.reason](count);
  const firstLine = last.text.split("\n", 1)[0]!.slice(0, 200);
  // No "tool_calls" in the message: LangChain re-labels 400s whose message has it.
  return openAIErrorBody(
    "invalid_tool_call",
    `Tool ${last.entry.call?.name ?? "call"} (${last.entry.callId}) ${reason}; the model was not asked again: ${firstLine}`,
    input.paramOf(finding.exchanges.at(-1)!.index),
    {
      escalation: {
        source: "loop-guard",
        policy: "escalate",
        reason: `${finding.reason}: ${reason}`,
        severity: input.severity,
        attempts: count,
        original_error: failedCall(last),
        failed_calls: involved.map(failedCall),
        fixers_tried: [],
        original_response: null,
      },
    },
  );
}
