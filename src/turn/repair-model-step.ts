import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isJsonObject, type JsonObject } from "../json.ts";
import { consultRepairModel } from "./consult-repair-model.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import { upstreamSignal } from "./forward-request.ts";
import { awaitUpstream } from "../observability/request-telemetry.ts";

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

/**
 * Puts the calls the fixers could not mend to the repair model, when it is
 * enabled and their tools allow it; its time counts as upstream wait.
 */
export async function repairModelStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonObject,
  verdicts: CallVerdict[],
  rawArgumentsOf: (verdict: CallVerdict) => unknown,
  context: ToolCallContext,
): Promise<CallVerdict[]> {
  const { repairModel: client, config, metrics } = app.toolmend;
  if (client === undefined || !verdicts.some((verdict) => verdict.outcome.kind === "failed" && verdict.policy.repairModel)) {
    return verdicts;
  }
  const authorization = request.headers.authorization;
  return awaitUpstream(
    request,
    consultRepairModel(verdicts, rawArgumentsOf, context, {
      client,
      config: config.repair.model,
      metrics,
      authorization: typeof authorization === "string" ? authorization : undefined,
      signal: upstreamSignal(app, request, reply),
      lastUserMessage: lastUserMessage(body),
    }),
  );
}
