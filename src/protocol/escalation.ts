/**
 * The escalation on the wire (DESIGN.md): an OpenAI-style error whose `type`
 * and `code` say "invalid", so every SDK raises a non-retryable client error,
 * carrying what went wrong and the upstream's whole answer, so nothing is lost.
 */
import { formatIssue } from "../repair/describe-errors.ts";
import type { FailedVerdict } from "../repair/outcomes.ts";
import type { Severity, ToolCallError } from "../repair/types.ts";

export interface EscalationInput {
  readonly policy: "escalate" | "reject";
  readonly failed: readonly FailedVerdict[];
  readonly severity: Severity;
  /** Upstream answers examined (1 + extra rounds). */
  readonly attempts: number;
  /** Where a call's arguments sit, for `param`: `(choice, call) => "choices[0].message.tool_calls[0].function.arguments"`. */
  readonly paramOf: (verdict: FailedVerdict) => string;
  readonly rawArgumentsOf: (verdict: FailedVerdict) => unknown;
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

function originalError(verdict: FailedVerdict, rawArguments: unknown) {
  const { error } = verdict.outcome;
  return {
    kind: error.kind,
    tool: error.tool,
    call_id: verdict.id,
    raw_arguments: rawArguments,
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
  return {
    error: {
      message: `Tool call ${error.tool} (${first.id}) ${verb}: ${shortReason(error)}${more}`,
      type: "invalid_request_error",
      code: "invalid_tool_call",
      param: input.paramOf(first),
      escalation: {
        source: first.model === undefined ? sourceOf[error.kind] : "repair-model",
        policy: input.policy,
        reason: first.model?.reason ?? error.message,
        severity: input.severity,
        attempts: input.attempts,
        ...(first.model === undefined ? {} : { repair_model_attempts: first.model.attempts }),
        original_error: originalError(first, input.rawArgumentsOf(first)),
        ...(input.failed.length > 1
          ? { failed_calls: input.failed.map((verdict) => originalError(verdict, input.rawArgumentsOf(verdict))) }
          : {}),
        fixers_tried: first.outcome.fixersTried,
        original_response: input.originalResponse,
      },
    },
  };
}
