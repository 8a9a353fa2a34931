/**
 * The repair step after the fixers: each call they could not mend (and
 * whose tool allows it) goes to the repair model, whose submission is judged
 * again by the engine. Its failures never break the request: they end
 * repair, and the on-failure policy decides as before.
 */
import type { Metrics, RepairModelResult } from "../observability/metrics.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import { readRepairModelAnswer, repairModelRequest } from "../repair/repair-model.ts";
import type { RepairOutcome, ToolCallError } from "../repair/types.ts";
import type { Config } from "../config/defaults.ts";
import type { RepairModelClient } from "../upstream/repair-model-client.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

export interface RepairModelCall {
  readonly client: RepairModelClient;
  readonly config: Config["repair"]["model"];
  readonly metrics: Metrics;
  /** The client's own `authorization`, used when no key is configured. */
  readonly authorization: string | undefined;
  readonly signal: AbortSignal;
  /** The conversation's last user message (sent only with `includeContext`). */
  readonly lastUserMessage: string | undefined;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value ?? null));

/** Verdicts with every eligible failure put to the repair model; the others unchanged. */
export async function consultRepairModel(
  verdicts: readonly CallVerdict[],
  rawArgumentsOf: (verdict: CallVerdict) => unknown,
  context: ToolCallContext,
  call: RepairModelCall,
): Promise<CallVerdict[]> {
  return Promise.all(
    verdicts.map((verdict) =>
      verdict.outcome.kind === "failed" && verdict.policy.repairModel && verdict.outcome.error.kind !== "unknown_tool"
        ? repairOne(verdict, verdict.outcome, asText(rawArgumentsOf(verdict)), context, call)
        : verdict,
    ),
  );
}

async function repairOne(
  verdict: CallVerdict,
  failed: Extract<RepairOutcome, { kind: "failed" }>,
  raw: string,
  context: ToolCallContext,
  call: RepairModelCall,
): Promise<CallVerdict> {
  const tool = context.prepared.get(failed.name)?.definition;
  if (tool === undefined) return verdict;
  let broken = raw;
  let error: ToolCallError = failed.error;
  for (let attempt = 1; attempt <= call.config.maxAttempts; attempt++) {
    if (Buffer.byteLength(broken) > call.config.maxArgumentBytes) return verdict;
    const started = process.hrtime.bigint();
    const reply = await call.client.complete(
      repairModelRequest({
        model: call.config.model,
        temperature: call.config.temperature,
        tool,
        brokenArguments: broken,
        error,
        ...(call.config.includeContext && call.lastUserMessage !== undefined ? { context: call.lastUserMessage } : {}),
      }),
      call.authorization,
      call.signal,
    );
    const record = (result: RepairModelResult) => {
      call.metrics.repairModelCalls.inc({ result });
      call.metrics.repairModelDuration.observe({ result }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    if (!reply.ok) {
      record("error");
      return verdict;
    }
    countTokens(call.metrics, reply.answer);
    const answer = readRepairModelAnswer(reply.answer);
    switch (answer.kind) {
      case "junk":
        record("error");
        return verdict;
      case "escalated":
        record("escalated");
        return {
          ...verdict,
          policy: { ...verdict.policy, severity: answer.severity },
          model: { kind: "escalated", reason: answer.reason, attempts: attempt },
        };
      case "thrown":
        record("thrown");
        return {
          ...verdict,
          policy: { ...verdict.policy, onFailure: "reject" },
          model: { kind: "thrown", reason: answer.reason, attempts: attempt },
        };
      case "submitted": {
        const judged = context.judgeLosslessly({ name: tool.name, arguments: answer.arguments });
        if (judged.kind === "valid" || judged.kind === "repaired") {
          record("submitted");
          return {
            ...verdict,
            outcome: {
              kind: "repaired",
              name: tool.name,
              arguments: judged.kind === "repaired" ? judged.arguments : answer.arguments,
              fixers: ["repair-model", ...(judged.kind === "repaired" ? judged.fixers : [])],
              lossy: true,
              original: failed.error,
            },
          };
        }
        record("invalid");
        if (judged.kind !== "failed") return verdict;
        broken = answer.arguments;
        error = judged.error;
      }
    }
  }
  return verdict;
}

function countTokens(metrics: Metrics, answer: unknown): void {
  const usage = (answer as { usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } } | null)?.usage;
  if (typeof usage?.prompt_tokens === "number") metrics.repairModelTokens.inc({ kind: "prompt" }, usage.prompt_tokens);
  if (typeof usage?.completion_tokens === "number") metrics.repairModelTokens.inc({ kind: "completion" }, usage.completion_tokens);
}
