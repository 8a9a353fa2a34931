/**
 * Streamed Responses with function tools: text and reasoning pass through
 * as they arrive; from the first `function_call` item on, events are held
 * until the turn ends, the calls are judged, and the held events go out with
 * the repaired arguments and renumbered sequence numbers. A tool-only turn
 * that escalates has sent nothing yet, so it still gets a real HTTP error.
 */
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type JsonObject } from "../json.ts";
import { escalationBody } from "../protocol/escalation.ts";
import { responsesFeedbackRequest } from "../protocol/responses-feedback.ts";
import { allowsExtraRounds } from "./extra-rounds.ts";
import { createResponsesStreamAssembler, type ResponsesStreamAction, type ResponsesStreamEvent } from "../protocol/responses-stream.ts";
import { createSequencer, encodeResponsesStreamError, releaseTurn, type ErrorFields } from "../protocol/responses-stream-encode.ts";
import { createSseParser, encodeSseComment } from "../protocol/sse.ts";
import { fixersOf, judgeCalls, streamRepairs } from "./responses-turn.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import { decideOutcome, type CallVerdict } from "../repair/outcomes.ts";
import { decodedBody } from "../upstream/read-body.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { ClientStream } from "./client-stream.ts";
import { driveEventStream } from "./drive-event-stream.ts";
import { forwardRequest, relayResponse, rewrittenAnswerHeaders } from "./forward-request.ts";
import type { JsonBody } from "./read-json-body.ts";
import { repairModelStep } from "./repair-model-step.ts";
import { isEventStream, READ_HEADERS, requireForm } from "./upstream-answer.ts";
import { recordTurn, sendEscalation, tagOutcome } from "./turn-reporting.ts";

/** What ends one upstream round: the stream is over, or another round must be asked for. */
type RoundEnd = { kind: "finished" } | { kind: "again"; body: Buffer | string };

const streamFailure = (message: string): ErrorFields => ({ message, type: "upstream_error", code: "upstream_stream_failed", param: null });

export async function streamResponse(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonBody,
  context: ToolCallContext,
): Promise<FastifyReply> {
  let requestBody: Buffer | string = body.bytes;
  let client: ClientStream | undefined;
  for (let round = 0; ; round++) {
    const response = await forwardRequest(app, request, reply, { body: requestBody, headers: READ_HEADERS });
    requireForm(response, "event-stream");
    if (!isEventStream(response)) {
      tagOutcome(reply, "none");
      return relayResponse(reply, response);
    }
    // One response per round: another round is asked for only while nothing went out.
    client = new ClientStream(reply, () => rewrittenAnswerHeaders(response));
    const end = await streamRound(app, request, reply, client, response, body.value, context, round);
    if (end.kind === "finished") return client.end();
    requestBody = end.body;
  }
}

async function streamRound(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  client: ClientStream,
  response: UpstreamResponse,
  requestValue: JsonObject,
  context: ToolCallContext,
  round: number,
): Promise<RoundEnd> {
  const { metrics, config } = app.toolmend;
  const assembler = createResponsesStreamAssembler({
    maxHeldBytes: config.repair.maxResponseBytes,
    text: { tools: context.tools, ...context.textHoldback, now: () => performance.now() },
  });
  const sequencer = createSequencer();
  const source: Readable = decodedBody(response.body, response.headers["content-encoding"]);

  const send = async (events: readonly ResponsesStreamEvent[]): Promise<void> => {
    for (const event of events) await client.write(sequencer.encode(event));
  };

  const fail = async (message: string): Promise<RoundEnd> => {
    source.destroy();
    if (!client.started) {
      reply.code(502).send({ error: streamFailure(message) });
      return { kind: "finished" };
    }
    await client.write(encodeResponsesStreamError(streamFailure(message), sequencer.take()));
    return { kind: "finished" };
  };

  /** Judges the held calls and sends the turn, or says the round must end. */
  const finishTurn = async (action: Extract<ResponsesStreamAction, { kind: "turn_finished" }>): Promise<RoundEnd | undefined> => {
    const judged = judgeCalls(action.calls, context);
    const verdicts = await repairModelStep(app, request, reply, requestValue, judged, (verdict) => action.calls[judged.indexOf(verdict)]?.arguments, context);
    let decision = decideOutcome(verdicts, round);
    // Another round needs the whole answer to be ours to replace: nothing of it shown yet.
    if ((decision.kind === "feedback" || decision.kind === "resample") && (client.started || !allowsExtraRounds(requestValue))) {
      decision = decideOutcome(verdicts, Number.MAX_SAFE_INTEGER);
    }
    recordTurn(request, client.started ? undefined : reply, metrics, verdicts, decision, fixersOf(verdicts, action.extracted), round);

    switch (decision.kind) {
      case "feedback":
        source.destroy();
        metrics.feedbackRounds.inc({ route: "responses" });
        return { kind: "again", body: JSON.stringify(responsesFeedbackRequest(requestValue, action.calls, verdicts)) };
      case "resample":
        source.destroy();
        metrics.feedbackRounds.inc({ route: "responses" });
        return { kind: "again", body: JSON.stringify(requestValue) };
      case "escalate":
      case "reject": {
        source.destroy();
        const input = {
          policy: decision.kind,
          failed: decision.failed,
          severity: decision.severity,
          attempts: round + 1,
          paramOf: (verdict: CallVerdict) => `output[${verdict.call}].arguments`,
          rawArgumentsOf: (verdict: CallVerdict) => action.calls[verdicts.indexOf(verdict)]?.arguments,
          // The terminal event's response is the whole answer, as the upstream wrote it.
          originalResponse: action.response ?? null,
        };
        if (!client.started) {
          sendEscalation(reply, config.repair.escalationStatus, input);
          return { kind: "finished" };
        }
        await client.write(encodeResponsesStreamError(escalationBody(input).error, sequencer.take()));
        return { kind: "finished" };
      }
    }
    const repairs = decision.kind === "rewrite" ? streamRepairs(action.calls, verdicts) : [];
    await send(releaseTurn(action.held, action.terminal, repairs));
    return undefined;
  };

  async function act(action: ResponsesStreamAction): Promise<RoundEnd | undefined> {
    switch (action.kind) {
      case "forward":
        await send(action.events);
        return undefined;
      case "turn_finished":
        return finishTurn(action);
      case "error":
        source.destroy();
        await send(action.events);
        return { kind: "finished" };
      case "too_large":
        return fail("The upstream's function calls exceed what toolmend holds.");
      case "truncated_stream":
        return fail("The upstream stream ended before it was complete.");
    }
  }

  return driveEventStream({
    request,
    reply,
    source,
    parser: createSseParser(),
    push: (data, event) => assembler.push(data, event),
    end: () => assembler.end(),
    act,
    comment: async (text) => {
      if (client.started) await client.write(encodeSseComment(text));
    },
    fail,
    finished: { kind: "finished" } as RoundEnd,
  });
}
