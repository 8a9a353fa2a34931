/**
 * The escalation on the wire (DESIGN.md): an OpenAI-style error whose `type`
 * and `code` say "invalid", so every SDK raises a non-retryable client error,
 * carrying what went wrong and the upstream's whole answer, so nothing is lost.
 */
import { openAIErrorBody } from "../errors.ts";
import { formatIssue } from "../repair/describe-errors.ts";
import type { FailedVerdict } from "../repair/outcomes.ts";
import type { Severity, ToolCallError } from "../repair/types.ts";
import type { WireCall } from "./wire-format.ts";

export interface EscalationInput {
  readonly policy: "escalate" | "reject";
  /** The failed calls; each carries where its arguments sit (`param`) and the arguments as emitted. */
  readonly failed: readonly FailedVerdict<WireCall>[];
  readonly severity: Severity;
  /** Upstream answers examined (1 + extra rounds). */
  readonly attempts: number;
  readonly originalResponse: unknown;
}

// What stage gave up, by the kind of error that remained.
const sourceOf: Record<ToolCallError["kind"], string> = {
  unknown_tool: "name-fixers",
  invalid_args: "syntax-fixers",
  schema_mismatch: "schema-fixers",
};

/** The first thing wrong, in one line: "`/limit`: expected integer, got \"ten\"". */
export function shortReason(error: ToolCallError): string {
  switch (error.kind) {
    case "schema_mismatch":
      return error.errors[0] === undefined ? "arguments do not match the schema" : formatIssue(error.errors[0]);
    case "invalid_args":
      return error.truncated ? `arguments were cut off (${error.detail})` : `arguments are not valid JSON (${error.detail})`;
    case "unknown_tool":
      return `no tool of that name was declared${error.candidates[0] === undefined ? "" : ` (did you mean ${error.candidates[0]}?)`}`;
  }
}

function originalError(verdict: FailedVerdict<WireCall>) {
  const { error } = verdict.outcome;
  return {
    kind: error.kind,
    tool: error.tool,
    call_id: verdict.call.id,
    raw_arguments: verdict.call.arguments,
    message: error.message,
    ...(error.kind === "schema_mismatch" ? { errors: error.errors } : {}),
    ...(error.kind === "invalid_args" ? { detail: error.detail, truncated: error.truncated } : {}),
    ...(error.kind === "unknown_tool" ? { candidates: error.candidates } : {}),
  };
}

/** The error body of an escalated (or rejected) turn. */
export function escalationBody(input: EscalationInput) {
  const [first] = input.failed;
  if (first === undefined) throw new TypeError("an escalation needs at least one failed call");
  const { error } = first.outcome;
  const verb = input.policy === "reject" ? "was rejected" : "could not be repaired";
  // No "tool_calls" in the message: LangChain re-labels 400s whose message has it.
  const more = input.failed.length > 1 ? ` (and ${input.failed.length - 1} more)` : "";
  // An unavailable repair model decided nothing: the fixers' stage still gave up; why the model could not help rides along.
  const model = first.model?.kind === "unavailable" ? undefined : first.model;
  return openAIErrorBody("invalid_tool_call", `Tool call ${error.tool} (${first.call.id}) ${verb}: ${shortReason(error)}${more}`, first.call.param, {
    escalation: {
      source: model === undefined ? sourceOf[error.kind] : "repair-model",
      policy: input.policy,
      reason: model?.reason ?? error.message,
      severity: input.severity,
      attempts: input.attempts,
      ...(model === undefined ? {} : { repair_model_attempts: model.attempts }),
      ...(first.model?.kind === "unavailable" ? { repair_model_error: first.model.reason } : {}),
      original_error: originalError(first),
      ...(input.failed.length > 1 ? { failed_calls: input.failed.map(originalError) } : {}),
      fixers_tried: first.outcome.fixersTried,
      original_response: input.originalResponse,
    },
  });
}
