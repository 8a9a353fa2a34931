/**
 * The whole-answer loop, one for every wire format: forward, read the
 * answer, judge its calls, then deliver it (repaired where needed), ask for
 * another round (feedback, resample) or escalate.
 */
import type { FastifyReply } from "fastify";
import { ToolmendError } from "../errors.ts";
import { countTokens } from "../observability/metrics.ts";
import { tokenUsage } from "../observability/token-usage.ts";
import { parseJsonObject } from "../json.ts";
import type { AnswerFormat, DecodedAnswer, FormConversion, RequestFormat, WireCall } from "../protocol/wire-format.ts";
import { decideOutcome, type CallVerdict, type Decision } from "../repair/outcomes.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { wholeFromStream } from "./answer-form.ts";
import { relayResponse } from "./forward-request.ts";
import { extraRoundsAllowed } from "./extra-rounds.ts";
import { judgeCalls } from "./judge-calls.ts";
import { appliedFixers, recordTurn, sendEscalation, tagOutcome } from "./turn-reporting.ts";
import type { Turn } from "./turn.ts";
import { forwardRound, invalidJsonAnswer, isEventStream, isJsonAnswer, readAnswer, requireForm, sendAnswer } from "./upstream-answer.ts";

/** A request and an answer format: what the loop needs of the wire format. */
export interface CompleteFormat<Call extends WireCall> {
  readonly request: RequestFormat;
  readonly answer: AnswerFormat<Call>;
  readonly conversion: FormConversion;
}

export async function complete<Call extends WireCall>(turn: Turn, format: CompleteFormat<Call>): Promise<FastifyReply> {
  const { reply, body, metrics } = turn;
  const extraRounds = extraRoundsAllowed(format.request, body.value);
  let requestBody: Buffer | string = body.bytes;
  for (let round = 0; ; round++) {
    const received = await forwardRound(turn, requestBody);
    // A stream where a whole answer was asked for is read as the answer it carries.
    const converted = isEventStream(received) ? await wholeFromStream(turn, received, format.conversion) : undefined;
    const response = converted?.response ?? received;
    requireForm(response, "json");
    if (!isJsonAnswer(response, format.answer.statuses)) {
      tagOutcome(reply, "none");
      return relayResponse(reply, response);
    }
    const raw = converted?.raw ?? (await readAnswer(turn, response));
    const parsed = parseJsonObject(raw.toString("utf8"));
    countTokens(metrics, turn.telemetry.model, tokenUsage(parsed));
    const decoded = parsed === undefined ? { kind: "opaque" as const } : format.answer.decodeAnswer(parsed, response.status, body.value, turn.reading);
    if (decoded.kind === "opaque") {
      if (response.status === 200) throw invalidJsonAnswer();
      tagOutcome(reply, "none");
      return sendAnswer(reply, response, raw);
    }
    if (decoded.kind === "invalid") throw new ToolmendError("upstream_invalid_answer", decoded.message);
    const { answer } = decoded;

    const verdicts = await judgeCalls(turn, answer.calls);
    const decision = decideOutcome(verdicts, { round, extraRoundsAllowed: extraRounds });
    recordTurn(turn, { verdicts, decision, fixers: appliedFixers(verdicts, answer.extracted), round, headers: true });

    switch (decision.kind) {
      case "feedback": {
        const next = format.answer.feedbackRequest(body.value, verdicts, answer);
        if (next === undefined) break;
        requestBody = JSON.stringify(next);
        metrics.feedbackRounds.inc({ route: turn.route });
        continue;
      }
      case "resample":
        metrics.feedbackRounds.inc({ route: turn.route });
        continue;
      case "escalate":
      case "reject":
        return sendEscalation(turn, {
          policy: decision.kind,
          failed: decision.failed,
          severity: decision.severity,
          attempts: round + 1,
          // The answer as the upstream wrote it, before any change of ours.
          originalResponse: parseJsonObject(raw.toString("utf8")),
        });
    }
    return deliver(turn, format.answer, { response, raw, answer, verdicts, decision });
  }
}

interface Delivery<Call extends WireCall> {
  readonly response: UpstreamResponse;
  readonly raw: Buffer;
  readonly answer: DecodedAnswer<Call>;
  readonly verdicts: readonly CallVerdict<Call>[];
  readonly decision: Decision<Call>;
}

/** Sends the answer: the upstream's own bytes when nothing changed, else the changed answer. */
function deliver<Call extends WireCall>(turn: Turn, format: AnswerFormat<Call>, delivery: Delivery<Call>): FastifyReply {
  const { response, raw, answer, verdicts, decision } = delivery;
  // A rebuilt error left as it is stays the upstream's own error.
  if (answer.rebuilt && decision.kind === "passthrough") return sendAnswer(turn.reply, response, raw);
  if (decision.kind === "rewrite") format.applyRepairs(answer, verdicts);
  const payload = decision.kind === "rewrite" || answer.changed ? JSON.stringify(answer.value) : raw;
  return sendAnswer(turn.reply, answer.rebuilt ? { ...response, status: 200 } : response, payload);
}
