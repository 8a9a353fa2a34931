/**
 * Streamed chat completions with tools: text passes through as it arrives;
 * each choice's tool calls are held until the choice finishes, judged, and
 * sent whole (repaired where needed). A tool-only turn that escalates has
 * sent nothing yet, so it still gets a real HTTP error.
 */
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AssembledToolCall, ChoiceFinished } from "../protocol/chat-chunk.ts";
import { type JsonObject } from "../json.ts";
import { feedbackRequest } from "../protocol/chat-feedback.ts";
import { createChatStreamAssembler, type ChatStreamAssembler } from "../protocol/chat-stream.ts";
import { encodeChatStreamError, encodeChoiceFinished } from "../protocol/chat-stream-encode.ts";
import { escalationBody } from "../protocol/escalation.ts";
import { createSseParser, encodeSseComment, encodeSseData } from "../protocol/sse.ts";
import type { ToolCallContext } from "./tool-call-context.ts";
import { decideOutcome, type CallVerdict } from "../repair/outcomes.ts";
import { decodedBody } from "../upstream/read-body.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { ClientStream } from "./client-stream.ts";
import { driveEventStream } from "./drive-event-stream.ts";
import { forwardRequest, relayResponse, rewrittenAnswerHeaders } from "./forward-request.ts";
import type { JsonBody } from "./read-json-body.ts";
import { repairModelStep } from "./repair-model-step.ts";
import { discardBody, isEventStream, READ_HEADERS, requireForm } from "./upstream-answer.ts";
import { recordTurn, sendEscalation, tagOutcome } from "./turn-reporting.ts";

/** What ends one upstream round: the stream is over, or another round must be asked for. */
type RoundEnd = { kind: "finished" } | { kind: "again"; body: Buffer | string };

export async function streamChatCompletion(
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
    // Once the stream has begun, a wrong answer becomes a stream error below.
    if (client?.started !== true) requireForm(response, "event-stream");
    if (!isEventStream(response)) {
      if (client?.started) {
        discardBody(response);
        await client.write(encodeChatStreamError(streamFailure(`The upstream answered a feedback round with ${response.status}.`)));
        return client.end();
      }
      tagOutcome(reply, "none");
      return relayResponse(reply, response);
    }
    client ??= new ClientStream(reply, () => rewrittenAnswerHeaders(response));
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
  const assembler: ChatStreamAssembler = createChatStreamAssembler({
    text: { tools: context.tools, ...context.textHoldback, now: () => performance.now() },
  });
  const source: Readable = decodedBody(response.body, response.headers["content-encoding"]);
  const singleChoice = requestValue.n === undefined || requestValue.n === 1;

  const fail = async (message: string): Promise<RoundEnd> => {
    source.destroy();
    if (!client.started) reply.code(502).send({ error: streamFailure(message) });
    else await client.write(encodeChatStreamError(streamFailure(message)));
    return { kind: "finished" };
  };

  /** Judges a finished choice and sends it, or says the round must end. */
  const finishChoice = async (action: ChoiceFinished): Promise<RoundEnd | undefined> => {
    if (action.inconsistent) return fail("The upstream finished a choice with tool_calls but sent no call.");
    const judged = action.calls.map((call): CallVerdict => {
      const { outcome, policy } = context.judge({ name: call.name, arguments: call.sentArguments ?? call.arguments, finishReason: action.finishReason });
      return { choice: action.choiceIndex, call: call.index, id: call.id, outcome, policy };
    });
    const verdicts = await repairModelStep(app, request, reply, requestValue, judged, (verdict) => action.calls[verdict.call]?.arguments, context);
    let decision = decideOutcome(verdicts, round);
    // Another round needs the whole turn to be ours to replace: one choice, not yet shown.
    if ((decision.kind === "feedback" || decision.kind === "resample") && !singleChoice) decision = decideOutcome(verdicts, Number.MAX_SAFE_INTEGER);
    const fixers = [
      ...new Set([...(action.extracted > 0 ? ["extract-content-calls"] : []), ...verdicts.flatMap(({ outcome }) => (outcome.kind === "repaired" ? outcome.fixers : []))]),
    ];
    if (!client.started) recordTurn(request, reply, metrics, verdicts, decision, fixers, round);
    else recordTurn(request, undefined, metrics, verdicts, decision, fixers, round);

    switch (decision.kind) {
      case "feedback": {
        source.destroy();
        metrics.feedbackRounds.inc({ route: "chat_completions" });
        const assistant = { role: "assistant", content: null, tool_calls: action.calls.map(toWireCall) };
        return { kind: "again", body: JSON.stringify(feedbackRequest(requestValue, assistant, verdicts)) };
      }
      case "resample":
        source.destroy();
        metrics.feedbackRounds.inc({ route: "chat_completions" });
        return { kind: "again", body: JSON.stringify(requestValue) };
      case "escalate":
      case "reject": {
        source.destroy();
        const input = {
          policy: decision.kind,
          failed: decision.failed,
          severity: decision.severity,
          attempts: round + 1,
          paramOf: (verdict: CallVerdict) => `choices[${verdict.choice}].delta.tool_calls[${verdict.call}].function.arguments`,
          rawArgumentsOf: (verdict: CallVerdict) => action.calls[verdict.call]?.arguments,
          // A stream has no single response object: the assembled calls stand in for it.
          originalResponse: { choices: [{ index: action.choiceIndex, finish_reason: action.finishReason, message: { role: "assistant", tool_calls: action.calls.map(toWireCall) } }] },
        };
        if (!client.started) {
          sendEscalation(reply, config.repair.escalationStatus, input);
          return { kind: "finished" };
        }
        await client.write(encodeSseData(JSON.stringify(escalationBody(input))));
        return { kind: "finished" };
      }
    }
    const calls =
      decision.kind === "rewrite"
        ? action.calls.map((call, position): AssembledToolCall => {
            const outcome = verdicts[position]!.outcome;
            return outcome.kind === "repaired" ? { ...call, name: outcome.name, arguments: outcome.arguments } : call;
          })
        : action.calls;
    for (const payload of encodeChoiceFinished(action, calls)) await client.write(encodeSseData(payload));
    return undefined;
  };

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

  async function act(action: ReturnType<ChatStreamAssembler["push"]>[number]): Promise<RoundEnd | undefined> {
    switch (action.kind) {
      case "forward":
        await client.write(encodeSseData(action.data));
        return undefined;
      case "done":
        await client.write("data: [DONE]\n\n");
        return undefined;
      case "choice_finished":
        return finishChoice(action);
      case "error":
        source.destroy();
        await client.write(encodeChatStreamError(action.error));
        return { kind: "finished" };
      case "too_large":
        return fail("The upstream's tool-call arguments exceed what toolmend holds.");
      case "truncated_stream":
        return fail("The upstream stream ended before it was complete.");
    }
  }
}

function streamFailure(message: string) {
  return { message, type: "upstream_error", code: "upstream_stream_failed", param: null };
}

function toWireCall(call: AssembledToolCall): JsonObject {
  return { id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } };
}
