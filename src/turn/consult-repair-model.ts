/**
 * The repair step after the fixers: each call they could not mend (and
 * whose tool allows it) goes to the repair model, whose submission is judged
 * again by the engine. Its failures never break the request: they end
 * repair, and the on-failure policy decides as before; why it failed rides
 * along to the escalation.
 */
import type { Config } from "../config/defaults.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import type { Metrics, RepairModelResult } from "../observability/metrics.ts";
import { awaitUpstream } from "../observability/request-telemetry.ts";
import type { WireCall } from "../protocol/wire-format.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import { readRepairModelAnswer, repairModelRequest } from "../repair/repair-model.ts";
import type { RepairOutcome, ToolCallError } from "../repair/types.ts";
import type { RepairModelClient } from "../upstream/repair-model-client.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import type { Turn } from "./turn.ts";

/** What one turn's repair-model calls share. */
interface Consultation {
  readonly client: RepairModelClient;
  readonly config: Config["repair"]["model"];
  readonly metrics: Metrics;
  readonly tools: ToolCallContext;
  /** The client's own `authorization`, used when no key is configured. */
  readonly authorization: string | undefined;
  readonly signal: AbortSignal;
  /** The conversation's last user message (sent only with `includeContext`). */
  readonly lastUserMessage: string | undefined;
}

type Failed = Extract<RepairOutcome, { kind: "failed" }>;

const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value ?? null));

const eligible = (verdict: CallVerdict): boolean =>
  verdict.outcome.kind === "failed" && verdict.policy.repairModel === true && verdict.outcome.error.kind !== "unknown_tool";

/**
 * The turn's verdicts with every eligible failure put to the repair model
 * (when it is enabled); the others unchanged. Its time counts as upstream wait.
 */
export async function consultRepairModel<Call extends WireCall>(turn: Turn, verdicts: CallVerdict<Call>[]): Promise<CallVerdict<Call>[]> {
  const client = turn.toolmend.repairModel;
  if (client === undefined || !verdicts.some(eligible)) return verdicts;
  const authorization = turn.request.headers.authorization;
  const consultation: Consultation = {
    client,
    config: turn.config.repair.model,
    metrics: turn.metrics,
    tools: turn.tools,
    authorization: typeof authorization === "string" ? authorization : undefined,
    signal: turn.signal,
    lastUserMessage: lastUserMessage(turn.body.value),
  };
  const consulted = verdicts.map((verdict) =>
    eligible(verdict) ? repairOne(verdict, verdict.outcome as Failed, consultation) : verdict,
  );
  return awaitUpstream(turn.request, Promise.all(consulted));
}

/** The text of the conversation's last user message (string content or text parts). */
function lastUserMessage(body: JsonObject): string | undefined {
  const messages = Array.isArray(body.messages) ? body.messages : Array.isArray(body.input) ? body.input : [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message: unknown = messages[index];
    if (!isJsonObject(message) || message.role !== "user") continue;
    if (typeof message.content === "string") return message.content;
    if (Array.isArray(message.content)) {
      return message.content
        .map((part: unknown) => (isJsonObject(part) && typeof part.text === "string" ? part.text : ""))
        .join("");
    }
  }
  return undefined;
}

async function repairOne<Call extends WireCall>(verdict: CallVerdict<Call>, failed: Failed, consultation: Consultation): Promise<CallVerdict<Call>> {
  const tool = consultation.tools.prepared.get(failed.name)?.definition;
  if (tool === undefined) return verdict;
  let broken = asText(verdict.call.arguments);
  let error: ToolCallError = failed.error;
  for (let attempt = 1; attempt <= consultation.config.maxAttempts; attempt++) {
    if (Buffer.byteLength(broken) > consultation.config.maxArgumentBytes) return verdict;
    const started = process.hrtime.bigint();
    const reply = await consultation.client.complete(
      repairModelRequest({
        model: consultation.config.model,
        temperature: consultation.config.temperature,
        tool,
        brokenArguments: broken,
        error,
        ...(consultation.config.includeContext && consultation.lastUserMessage !== undefined ? { context: consultation.lastUserMessage } : {}),
      }),
      consultation.authorization,
      consultation.signal,
    );
    const record = (result: RepairModelResult) => {
      consultation.metrics.repairModelCalls.inc({ result });
      consultation.metrics.repairModelDuration.observe({ result }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    if (!reply.ok) {
      record("error");
      return { ...verdict, model: { kind: "unavailable", reason: reply.reason, attempts: attempt } };
    }
    countTokens(consultation.metrics, reply.answer);
    const answer = readRepairModelAnswer(reply.answer);
    switch (answer.kind) {
      case "junk":
        record("error");
        return { ...verdict, model: { kind: "unavailable", reason: "junk", attempts: attempt } };
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
        const judged = await consultation.tools.judgeLosslessly({ name: tool.name, arguments: answer.arguments });
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
