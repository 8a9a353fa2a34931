/**
 * The stream loop, one for every wire format: upstream events pass to the
 * client as they arrive, except the calls, which are held until their
 * choice (or turn) finishes, judged, and sent whole (repaired where needed).
 * A turn that escalates before anything went out still gets a real HTTP
 * error; after, the error goes in the stream, in the format's shape.
 */
import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { errorFields, ToolmendError } from "../errors.ts";
import { escalationBody } from "../protocol/escalation.ts";
import { encodeSseComment, createSseParser } from "../protocol/sse.ts";
import type { FormConversion, RequestFormat, StreamCalls, StreamCodec, StreamEvent, StreamFormat, WireCall } from "../protocol/wire-format.ts";
import { decideOutcome } from "../repair/outcomes.ts";
import { decodedBody } from "../upstream/read-body.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import { streamFromWhole } from "./answer-form.ts";
import { ClientStream } from "./client-stream.ts";
import { driveEventStream } from "./drive-event-stream.ts";
import { extraRoundsAllowed } from "./extra-rounds.ts";
import { relayResponse, rewrittenAnswerHeaders } from "./forward-request.ts";
import { judgeCalls } from "./judge-calls.ts";
import { appliedFixers, recordTurn, sendError, sendEscalation, tagOutcome } from "./turn-reporting.ts";
import type { Turn } from "./turn.ts";
import { discardBody, forwardRound, invalidJsonAnswer, isEventStream, isJsonAnswer, requireForm } from "./upstream-answer.ts";

/** A request and a stream format: what the loop needs of the wire format. */
export interface StreamLoopFormat<Call extends WireCall, Payload, Calls extends StreamCalls<Call>> {
  readonly request: RequestFormat;
  readonly stream: StreamFormat<Call, Payload, Calls>;
  readonly conversion: FormConversion;
}

/** What ends one upstream round: the stream is over, or another round must be asked for. */
type RoundEnd = { readonly kind: "finished" } | { readonly kind: "again"; readonly body: Buffer | string };

const FINISHED: RoundEnd = { kind: "finished" };

const streamFailure = (message: string) => errorFields("upstream_stream_failed", message);

export async function stream<Call extends WireCall, Payload, Calls extends StreamCalls<Call>>(
  turn: Turn,
  format: StreamLoopFormat<Call, Payload, Calls>,
): Promise<FastifyReply> {
  let requestBody: Buffer | string = turn.body.bytes;
  let client: ClientStream | undefined;
  for (let round = 0; ; round++) {
    const received = await forwardRound(turn, requestBody);
    // A whole answer where a stream was asked for is streamed as the upstream would have.
    const response = isJsonAnswer(received) ? await streamFromWhole(turn, received, format.conversion) : received;
    if (response === undefined || !isEventStream(response)) {
      // Once the stream has begun, a wrong answer becomes a stream error.
      if (client?.started) {
        if (response !== undefined) discardBody(response);
        const codec = format.stream.createCodec({ maxHeldBytes: turn.config.repair.maxResponseBytes, reading: turn.reading });
        await client.write(codec.encodeError(streamFailure(`The upstream answered a feedback round with ${received.status}.`)));
        return client.end();
      }
      if (response === undefined) throw invalidJsonAnswer();
      requireForm(response, "event-stream");
      tagOutcome(turn.reply, "none");
      return relayResponse(turn.reply, response);
    }
    // A round after output went out continues the same response; before, the latest upstream's headers apply.
    if (client === undefined || !client.started) client = new ClientStream(turn.reply, () => rewrittenAnswerHeaders(response));
    const end = await new StreamRound({ turn, format, client, response, round }).run();
    if (end.kind === "finished") return client.end();
    requestBody = end.body;
  }
}

interface RoundInput<Call extends WireCall, Payload, Calls extends StreamCalls<Call>> {
  readonly turn: Turn;
  readonly format: StreamLoopFormat<Call, Payload, Calls>;
  readonly client: ClientStream;
  readonly response: UpstreamResponse;
  readonly round: number;
}

/** One upstream stream of the turn, carried out event by event into the client stream. */
class StreamRound<Call extends WireCall, Payload, Calls extends StreamCalls<Call>> {
  readonly #turn: Turn;
  readonly #format: StreamLoopFormat<Call, Payload, Calls>;
  readonly #client: ClientStream;
  readonly #round: number;
  readonly #codec: StreamCodec<Call, Payload, Calls>;
  readonly #source: Readable;

  constructor({ turn, format, client, response, round }: RoundInput<Call, Payload, Calls>) {
    this.#turn = turn;
    this.#format = format;
    this.#client = client;
    this.#round = round;
    this.#codec = format.stream.createCodec({ maxHeldBytes: turn.config.repair.maxResponseBytes, reading: turn.reading });
    this.#source = decodedBody(response.body, response.headers["content-encoding"]);
  }

  run(): Promise<RoundEnd> {
    return driveEventStream({
      request: this.#turn.request,
      reply: this.#turn.reply,
      source: this.#source,
      parser: createSseParser(),
      push: (data, event) => this.#codec.decode(data, event),
      end: () => this.#codec.end(),
      act: (event) => this.#carryOut(event),
      comment: async (text) => {
        if (this.#client.started) await this.#client.write(encodeSseComment(text));
      },
      fail: (message) => this.#fail(message),
      finished: FINISHED,
    });
  }

  /** Carries out one neutral event; a value ends the round. */
  async #carryOut(event: StreamEvent<Payload, Calls>): Promise<RoundEnd | undefined> {
    switch (event.kind) {
      case "pass":
        await this.#client.write(this.#codec.encode(event.payload));
        return undefined;
      case "text":
        // Every text delta of every format passes here, in order.
        await this.#client.write(this.#codec.encode(event.payload));
        return undefined;
      case "calls":
        return this.#finishCalls(event.calls);
      case "upstream_error":
        this.#source.destroy();
        await this.#client.write(this.#codec.encode(event.payload));
        return FINISHED;
      case "failure":
        return this.#fail(event.message);
    }
  }

  /** Judges a finished choice's calls and sends them, or says the round must end. */
  async #finishCalls(calls: Calls): Promise<RoundEnd | undefined> {
    const turn = this.#turn;
    const round = this.#round;
    const verdicts = await judgeCalls(turn, calls.calls);
    const position = { started: this.#client.started, continuesAfterOutput: this.#format.stream.continuesAfterOutput };
    const decision = decideOutcome(verdicts, { round, extraRoundsAllowed: extraRoundsAllowed(this.#format.request, turn.body.value, position) });
    recordTurn(turn, { verdicts, decision, fixers: appliedFixers(verdicts, calls.extracted), round, headers: !this.#client.started });

    switch (decision.kind) {
      case "feedback":
        this.#source.destroy();
        turn.metrics.feedbackRounds.inc({ route: turn.route });
        return { kind: "again", body: JSON.stringify(this.#format.stream.feedbackRequest(turn.body.value, verdicts)) };
      case "resample":
        this.#source.destroy();
        turn.metrics.feedbackRounds.inc({ route: turn.route });
        return { kind: "again", body: turn.body.bytes };
      case "escalate":
      case "reject": {
        this.#source.destroy();
        const { kind: policy, failed, severity } = decision;
        const input = { policy, failed, severity, attempts: round + 1, originalResponse: this.#codec.original(calls) };
        if (!this.#client.started) sendEscalation(turn, input);
        else await this.#client.write(this.#codec.encodeError(escalationBody(input).error));
        return FINISHED;
      }
    }
    await this.#client.write(this.#codec.encodeCalls(calls, verdicts, decision.kind === "rewrite"));
    return undefined;
  }

  /** Ends the round in failure: a 502 while nothing went out, else an error in the stream. */
  async #fail(message: string): Promise<RoundEnd> {
    this.#source.destroy();
    if (!this.#client.started) sendError(this.#turn.reply, new ToolmendError("upstream_stream_failed", message));
    else await this.#client.write(this.#codec.encodeError(streamFailure(message)));
    return FINISHED;
  }
}
