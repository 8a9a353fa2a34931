/**
 * The Responses stream as neutral events: the assembler's actions (output
 * before the first function call passes, the turn from there is held until
 * its terminal event) and their encoding back, with sequence numbers kept
 * strictly increasing.
 */
import type { JsonObject } from "../json.ts";
import { replacementCalls, type CallVerdict } from "../repair/outcomes.ts";
import { responsesFeedbackRequest } from "./responses-feedback.ts";
import {
  createResponsesStreamAssembler,
  type ResponsesStreamAction,
  type ResponsesStreamEvent,
  type StreamedCall,
} from "./responses-stream.ts";
import { createSequencer, encodeResponsesStreamError, releaseTurn, type CallRepair } from "./responses-stream-encode.ts";
import { readsTextCalls, type StreamCalls, type StreamCodec, type StreamCodecOptions, type StreamEvent, type StreamFormat, type WireCall } from "./wire-format.ts";

/** One function call of a streamed turn; `id` is its `call_id`. */
export interface ResponsesStreamCall extends WireCall {
  /** `output_index`. */
  readonly output: number;
  readonly itemId: string | undefined;
}

/** The turn's calls, with the held events and the terminal event to release them with. */
export interface ResponsesStreamCalls extends StreamCalls<ResponsesStreamCall> {
  readonly finished: Extract<ResponsesStreamAction, { kind: "turn_finished" }>;
}

type ResponsesEvent = StreamEvent<ResponsesStreamEvent, ResponsesStreamCalls>;

const TEXT_DELTA = "response.output_text.delta";

function toCall(streamed: StreamedCall): ResponsesStreamCall {
  return {
    id: streamed.callId,
    name: streamed.name,
    arguments: streamed.arguments,
    finishReason: streamed.finishReason,
    param: `output[${streamed.output}].arguments`,
    output: streamed.output,
    itemId: streamed.itemId,
  };
}

/** A passed event, or a text event when it is an `output_text` delta. */
function passed(event: ResponsesStreamEvent): ResponsesEvent {
  const value = event.value;
  if (value === undefined || value.type !== TEXT_DELTA || typeof value.delta !== "string") return { kind: "pass", payload: event };
  // One output list: the choice is the item's position in it.
  const choice = typeof value.output_index === "number" ? value.output_index : 0;
  return { kind: "text", choice, text: value.delta, payload: event };
}

function toEvents(action: ResponsesStreamAction): ResponsesEvent[] {
  switch (action.kind) {
    case "forward":
      return action.events.map(passed);
    case "turn_finished":
      return [{ kind: "calls", calls: { calls: action.calls.map(toCall), extracted: action.extracted, finished: action } }];
    case "error": {
      // A held lifecycle preamble still goes out ahead of the error.
      const events: ResponsesEvent[] = action.events.slice(0, -1).map(passed);
      events.push({ kind: "upstream_error", payload: action.events.at(-1)! });
      return events;
    }
    case "too_large":
      return [{ kind: "failure", message: "The upstream's function calls exceed what toolmend holds." }];
    case "truncated_stream":
      return [{ kind: "failure", message: "The upstream stream ended before it was complete." }];
  }
}

const NONE: ResponsesEvent[] = [];

function flatten(actions: readonly ResponsesStreamAction[]): ResponsesEvent[] {
  if (actions.length === 0) return NONE;
  return actions.length === 1 ? toEvents(actions[0]!) : actions.flatMap(toEvents);
}

function repairsOf(verdicts: readonly CallVerdict<ResponsesStreamCall>[]): CallRepair[] {
  return verdicts.flatMap((verdict): CallRepair[] => {
    const calls = replacementCalls(verdict);
    const { call } = verdict;
    return calls === undefined ? [] : [{ output: call.output, itemId: call.itemId, callId: call.id, calls }];
  });
}

function createResponsesStreamCodec({ maxHeldBytes, reading }: StreamCodecOptions): StreamCodec<ResponsesStreamCall, ResponsesStreamEvent, ResponsesStreamCalls> {
  const assembler = createResponsesStreamAssembler(readsTextCalls(reading) ? { maxHeldBytes, text: reading } : { maxHeldBytes });
  const sequencer = createSequencer();
  return {
    decode: (data, event) => flatten(assembler.push(data, event)),
    end: () => flatten(assembler.end()),
    encode: (payload) => sequencer.encode(payload),
    encodeCalls({ finished }, verdicts, rewrite) {
      let text = "";
      for (const event of releaseTurn(finished.held, finished.terminal, rewrite ? repairsOf(verdicts) : [])) text += sequencer.encode(event);
      return text;
    },
    encodeError: (error) => encodeResponsesStreamError(error, sequencer.take()),
    // The terminal event's response is the whole answer, as the upstream wrote it.
    original: ({ finished }) => finished.response ?? null,
  };
}

export const responsesStreamFormat: StreamFormat<ResponsesStreamCall, ResponsesStreamEvent, ResponsesStreamCalls> = {
  createCodec: createResponsesStreamCodec,
  // One response per round: another round is asked for only while nothing went out.
  continuesAfterOutput: false,
  feedbackRequest: (request: JsonObject, verdicts) => responsesFeedbackRequest(request, verdicts),
};
