import { parseJsonObject } from "../json.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ToolmendError } from "../errors.ts";
import { synthesizeCallId } from "../protocol/call-id.ts";
import { type JsonObject } from "../json.ts";
import { assistantMessage, choicesClaimingCallsWithoutAny, completionFromCalls, failedGeneration } from "../protocol/chat-completions.ts";
import { extractToolCallsFromContent } from "../repair/extract-content-calls.ts";
import { feedbackRequest } from "../protocol/chat-feedback.ts";
import { applyRepairs, appliedFixers, judgeChatTurn, type JudgedTurn } from "./chat-turn.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import { decideOutcome, type CallVerdict, type Decision } from "../repair/outcomes.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { forwardRequest, relayResponse } from "./forward-request.ts";
import type { JsonBody } from "./read-json-body.ts";
import { repairModelStep } from "./repair-model-step.ts";
import { invalidJsonAnswer, isJsonAnswer, READ_HEADERS, readAnswer, requireForm, sendAnswer } from "./upstream-answer.ts";
import { recordTurn, sendEscalation, tagOutcome } from "./turn-reporting.ts";
import { countTokens } from "../observability/metrics.ts";
import { tokenUsage } from "../observability/token-usage.ts";

/** The whole-answer loop: rounds until the answer can go to the client. */
export async function completeChat(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { value: body, bytes }: JsonBody,
  context: ToolCallContext,
): Promise<FastifyReply> {
  const { config, metrics } = app.toolmend;
  let requestBody: Buffer | string = bytes;
  for (let round = 0; ; round++) {
    const response = await forwardRequest(app, request, reply, { body: requestBody, headers: READ_HEADERS });
    requireForm(response, "json");
    // Groq's 400 tool_use_failed carries a call too.
    if (!isJsonAnswer(response, [200, 400])) {
      tagOutcome(reply, "none");
      return relayResponse(reply, response);
    }
    const raw = await readAnswer(app, request, response);
    const received = parseJsonObject(raw.toString("utf8"));
    countTokens(metrics, request.telemetry.model, tokenUsage(received));
    const parsed = received === undefined || response.status === 200 ? received : rebuildFailedGeneration(received, body, context);
    if (parsed === undefined) {
      if (response.status === 200) throw invalidJsonAnswer();
      tagOutcome(reply, "none");
      return sendAnswer(reply, response, raw);
    }

    const judged = judgeChatTurn(parsed, context);
    if (choicesClaimingCallsWithoutAny(parsed).length > 0) {
      // A turn that says "tool_calls" but carries none would leave an agent waiting for results.
      throw new ToolmendError("upstream_invalid_answer", "The upstream finished with tool_calls but sent no tool call.");
    }
    const rawArgumentsOf = (verdict: CallVerdict) => judged.calls[judged.verdicts.indexOf(verdict)]?.arguments;
    const turn = { ...judged, verdicts: await repairModelStep(app, request, reply, body, judged.verdicts, rawArgumentsOf, context) };
    const decision = decideOutcome(turn.verdicts, round);
    recordTurn(request, reply, metrics, turn.verdicts, decision, appliedFixers(turn), round);

    switch (decision.kind) {
      case "feedback": {
        const failedChoice = decision.failed[0]!.choice;
        const assistant = assistantMessage(parsed, failedChoice);
        if (assistant === undefined) break;
        const choiceVerdicts = turn.verdicts.filter((verdict) => verdict.choice === failedChoice);
        requestBody = JSON.stringify(feedbackRequest(body, assistant, choiceVerdicts));
        metrics.feedbackRounds.inc({ route: "chat_completions" });
        continue;
      }
      case "resample":
        metrics.feedbackRounds.inc({ route: "chat_completions" });
        continue;
      case "escalate":
      case "reject":
        return sendEscalation(reply, config.repair.escalationStatus, {
          policy: decision.kind,
          failed: decision.failed,
          severity: decision.severity,
          attempts: round + 1,
          paramOf: (verdict) => `choices[${verdict.choice}].message.tool_calls[${verdict.call}].function.arguments`,
          rawArgumentsOf: (verdict) => turn.calls[turn.verdicts.indexOf(verdict)]?.arguments,
          originalResponse: parseJsonObject(raw.toString("utf8")),
        });
    }
    if (response.status !== 200) {
      // Groq's 400 became an answer; passthrough keeps the upstream's own error.
      if (decision.kind === "passthrough") return sendAnswer(reply, response, raw);
      if (decision.kind === "rewrite") applyRepairs(turn);
      return sendAnswer(reply.code(200), { ...response, status: 200 }, JSON.stringify(parsed));
    }
    return sendTurn(reply, response, raw, parsed, turn, decision);
  }
}

/** Sends the answer: the upstream's own bytes when nothing changed, else the changed answer. */
function sendTurn(
  reply: FastifyReply,
  response: UpstreamResponse,
  raw: Buffer,
  parsed: JsonObject,
  turn: JudgedTurn,
  decision: Decision,
): FastifyReply {
  if (decision.kind === "rewrite") applyRepairs(turn);
  const changed = decision.kind === "rewrite" || turn.normalised;
  return sendAnswer(reply, response, changed ? JSON.stringify(parsed) : raw);
}

/** Groq's `400 tool_use_failed` turned back into the answer it should have been, when the call is readable. */
function rebuildFailedGeneration(errorBody: JsonObject, request: JsonObject, context: ToolCallContext): JsonObject | undefined {
  const generation = failedGeneration(errorBody);
  if (generation === undefined) return undefined;
  const found = extractToolCallsFromContent(generation, context.tools);
  if (found === undefined) return undefined;
  const calls = found.calls.map((call) => ({ ...call, id: synthesizeCallId() }));
  return completionFromCalls(request.model, calls, found.text);
}
