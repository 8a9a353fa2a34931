import { parseJsonObject } from "../json.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { responsesFeedbackRequest } from "../protocol/responses-feedback.ts";
import { allowsExtraRounds } from "./extra-rounds.ts";
import { applyResponseRepairs, fixersOf, judgeResponse } from "./responses-turn.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import { decideOutcome, type CallVerdict } from "../repair/outcomes.ts";
import { forwardRequest, relayResponse } from "./forward-request.ts";
import type { JsonBody } from "./read-json-body.ts";
import { repairModelStep } from "./repair-model-step.ts";
import { invalidJsonAnswer, isJsonAnswer, READ_HEADERS, readAnswer, requireForm, sendAnswer } from "./upstream-answer.ts";
import { recordTurn, sendEscalation, tagOutcome } from "./turn-reporting.ts";
import { countTokens } from "../observability/metrics.ts";
import { tokenUsage } from "../observability/token-usage.ts";

/** The whole-answer loop: rounds until the answer can go to the client. */
export async function completeResponse(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { value: body, bytes }: JsonBody,
  context: ToolCallContext,
): Promise<FastifyReply> {
  const { config, metrics } = app.toolmend;
  const extraRounds = allowsExtraRounds(body);
  let requestBody: Buffer | string = bytes;
  for (let round = 0; ; round++) {
    const response = await forwardRequest(app, request, reply, { body: requestBody, headers: READ_HEADERS });
    requireForm(response, "json");
    if (!isJsonAnswer(response)) {
      tagOutcome(reply, "none");
      return relayResponse(reply, response);
    }
    const raw = await readAnswer(app, request, response);
    const parsed = parseJsonObject(raw.toString("utf8"));
    countTokens(metrics, request.telemetry.model, tokenUsage(parsed));
    if (parsed === undefined) {
      if (response.status === 200) throw invalidJsonAnswer();
      tagOutcome(reply, "none");
      return sendAnswer(reply, response, raw);
    }

    const first = judgeResponse(parsed, context);
    const rawArgumentsOf = (verdict: CallVerdict) => first.calls[first.verdicts.indexOf(verdict)]?.arguments;
    const judged = { ...first, verdicts: await repairModelStep(app, request, reply, body, first.verdicts, rawArgumentsOf, context) };
    let decision = decideOutcome(judged.verdicts, round);
    if ((decision.kind === "feedback" || decision.kind === "resample") && !extraRounds) {
      decision = decideOutcome(judged.verdicts, Number.MAX_SAFE_INTEGER);
    }
    recordTurn(request, reply, metrics, judged.verdicts, decision, fixersOf(judged.verdicts, judged.extracted), round);

    switch (decision.kind) {
      case "feedback":
        requestBody = JSON.stringify(responsesFeedbackRequest(body, judged.calls, judged.verdicts));
        metrics.feedbackRounds.inc({ route: "responses" });
        continue;
      case "resample":
        metrics.feedbackRounds.inc({ route: "responses" });
        continue;
      case "escalate":
      case "reject":
        return sendEscalation(reply, config.repair.escalationStatus, {
          policy: decision.kind,
          failed: decision.failed,
          severity: decision.severity,
          attempts: round + 1,
          paramOf: (verdict) => `output[${verdict.call}].arguments`,
          rawArgumentsOf: (verdict) => judged.calls[judged.verdicts.indexOf(verdict)]?.arguments,
          originalResponse: parseJsonObject(raw.toString("utf8")),
        });
    }
    // Calls pulled out of text changed the answer even when they are valid as written.
    if (decision.kind !== "rewrite" && judged.extracted === 0) return sendAnswer(reply, response, raw);
    if (decision.kind === "rewrite") applyResponseRepairs(parsed, judged);
    return sendAnswer(reply, response, JSON.stringify(parsed));
  }
}
