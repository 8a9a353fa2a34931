/**
 * A streamed Responses answer, read event by event: what may go to the
 * client at once and what must wait for the function calls to be judged.
 *
 * - The lifecycle preamble (`response.created`, `response.in_progress`,
 *   `response.queued`) is held until something else goes out, so that a
 *   tool-only turn can still be answered with a real HTTP error.
 * - Output before the first `function_call` item (reasoning, text) goes
 *   out as it arrives; an item's opening events wait for its first text.
 * - With `text`, a message's text that may begin a call written as text is
 *   held back (responses-message-text.ts); if some is held when the message
 *   ends, the rest of the turn is held too, and at the terminal event the
 *   held text is released, or becomes `function_call` items as it would in
 *   the whole answer.
 * - From the first `function_call` item's `response.output_item.added` on,
 *   every event is held, in order, until the terminal event: the turn is
 *   judged as a whole (the on-failure policy decides per turn), and output
 *   after a call stays in its place behind it. No client ever sees a
 *   fragment of a call that is later withdrawn.
 *
 * Event shapes: https://platform.openai.com/docs/api-reference/responses-streaming
 */
import { isJsonObject, parseJsonObject, type JsonObject } from "../json.ts";
import type { TextHoldbackOptions } from "../repair/text-holdback.ts";
import { createMessageTexts } from "./responses-message-text.ts";
import { createReasoningTexts } from "./responses-reasoning.ts";
import { outputOf } from "./responses-call-events.ts";
import { finishReasonOf } from "./responses.ts";

/** One SSE event of the stream: its `event:` name, its data as received, and the data parsed. */
export interface ResponsesStreamEvent {
  readonly event: string | undefined;
  readonly data: string;
  /** `undefined` when the data is not a JSON object (passed on as it came). */
  readonly value: JsonObject | undefined;
}

/** One function call of the streamed turn, assembled from its events. */
export interface StreamedCall {
  /** `output_index`. */
  readonly output: number;
  readonly itemId: string | undefined;
  readonly callId: string;
  readonly name: string;
  /** The final arguments: `output_item.done`'s, else `.done`'s, else the deltas joined. */
  readonly arguments: unknown;
  /** `"length"` when the item or the response was cut by `max_output_tokens`, `"stop"` when either completed. */
  readonly finishReason: string | null;
}

export type ResponsesStreamAction =
  /** Send these now, in order (a held preamble comes along with the first event that may go). */
  | { readonly kind: "forward"; readonly events: readonly ResponsesStreamEvent[] }
  /** The turn ended with calls held: judge `calls`, then send `held` (repaired) and `terminal`. */
  | {
      readonly kind: "turn_finished";
      readonly calls: readonly StreamedCall[];
      readonly held: readonly ResponsesStreamEvent[];
      readonly terminal: ResponsesStreamEvent;
      /** The terminal event's `response`: the whole answer, as the upstream wrote it. */
      readonly response: JsonObject | undefined;
      /** How many of `calls` were read from message text (calls written as text). */
      readonly extracted: number;
    }
  /** The upstream sent an `error` event: send `events` (held calls are dropped), then end the round. */
  | { readonly kind: "error"; readonly events: readonly ResponsesStreamEvent[] }
  /** Held events outgrew the bound. */
  | { readonly kind: "too_large" }
  /** The stream ended without a terminal event: a failure, never a complete-looking answer. */
  | { readonly kind: "truncated_stream" };

export interface ResponsesStreamAssembler {
  push(data: string, event: string | undefined): ResponsesStreamAction[];
  end(): ResponsesStreamAction[];
}

const PREAMBLE = new Set(["response.created", "response.in_progress", "response.queued"]);
const FINISHED = new Set(["response.completed", "response.incomplete"]);

interface CallState {
  itemId: string | undefined;
  callId: string;
  name: string;
  deltas: string[];
  done: unknown;
  item: JsonObject | undefined;
}

const isFunctionCallItem = (value: unknown): value is JsonObject => isJsonObject(value) && value.type === "function_call";
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

export interface ResponsesStreamAssemblerOptions {
  readonly maxHeldBytes?: number;
  /** Hold back message text that may begin a call written as text (the request's tools, bounds, clock); off when absent. */
  readonly text?: TextHoldbackOptions;
}

export function createResponsesStreamAssembler(options: ResponsesStreamAssemblerOptions = {}): ResponsesStreamAssembler {
  const { maxHeldBytes = 8 * 1024 * 1024 } = options;
  const messages = options.text === undefined ? undefined : createMessageTexts(options.text);
  const reasoning = options.text === undefined ? undefined : createReasoningTexts(options.text);
  /** An event through the reasoning texts, then the message texts: what goes in its place, and whether the turn must be held. */
  const take = (type: string, value: JsonObject | undefined, current: ResponsesStreamEvent): { events: ResponsesStreamEvent[]; hold: boolean } => {
    if (messages === undefined || reasoning === undefined) return { events: [current], hold: false };
    const fromReasoning = reasoning.take(type, value, current);
    let hold = fromReasoning.hold;
    const events = fromReasoning.events.flatMap((event) => {
      // The event itself, passed on by the reasoning (not one of its items'): the messages' to take.
      if (event !== current) return [event];
      const taken = messages.take(type, value, current);
      hold ||= taken.hold;
      return taken.events;
    });
    return { events, hold };
  };
  let preamble: ResponsesStreamEvent[] = [];
  let held: ResponsesStreamEvent[] | undefined;
  let heldBytes = 0;
  /** How many of the held events are the lifecycle preamble. */
  let heldPreamble = 0;
  let finished = false;
  const calls = new Map<number, CallState>();

  const release = (events: ResponsesStreamEvent[]): ResponsesStreamEvent[] => {
    const out = preamble.length === 0 ? events : [...preamble, ...events];
    preamble = [];
    return out;
  };

  /** From here on every event is held until the terminal one; the items' parked opening events join them, in output order. */
  const hold = (events: ResponsesStreamEvent[]): void => {
    heldPreamble = preamble.length;
    const parked = [...(reasoning?.parkAll() ?? []), ...(messages?.parkAll() ?? [])].sort((left, right) => (outputOf(left.value) ?? 0) - (outputOf(right.value) ?? 0));
    held = release([...parked, ...events]);
  };

  const callOf = (value: JsonObject): CallState | undefined =>
    typeof value.output_index === "number" ? calls.get(value.output_index) : undefined;

  function track(type: string, value: JsonObject): void {
    if (type === "response.output_item.added" && isFunctionCallItem(value.item) && typeof value.output_index === "number") {
      const { item } = value;
      calls.set(value.output_index, {
        itemId: text(item.id),
        callId: text(item.call_id) ?? text(item.id) ?? "",
        name: text(item.name) ?? "",
        deltas: typeof item.arguments === "string" && item.arguments !== "" ? [item.arguments] : [],
        done: undefined,
        item: undefined,
      });
      return;
    }
    const call = callOf(value);
    if (call === undefined) return;
    if (type === "response.function_call_arguments.delta" && typeof value.delta === "string") call.deltas.push(value.delta);
    else if (type === "response.function_call_arguments.done") call.done = value.arguments;
    else if (type === "response.output_item.done" && isFunctionCallItem(value.item)) call.item = value.item;
  }

  function finish(terminal: ResponsesStreamEvent, response: JsonObject | undefined): ResponsesStreamAction {
    const cut = finishReasonOf(response) === "length";
    const assembled = [...calls].map(([output, call]): StreamedCall => {
      const item = call.item;
      const args = item !== undefined && item.arguments !== undefined ? item.arguments : call.done !== undefined ? call.done : call.deltas.join("");
      return {
        output,
        itemId: call.itemId,
        callId: item === undefined ? call.callId : (text(item.call_id) ?? call.callId),
        name: item === undefined ? call.name : (text(item.name) ?? call.name),
        arguments: args,
        finishReason: finishReasonOf(response, item),
      };
    });
    // Held message text: a delta, or calls read from it when the turn has no function call of its own.
    const fromMessages = messages?.settle(held ?? [], terminal, assembled.length === 0, cut) ?? { held: held ?? [], terminal, calls: [] };
    // The reasoning is read only when the turn has no call at all, neither its own nor one read from its text.
    const settled = reasoning?.settle(fromMessages, assembled.length === 0 && fromMessages.calls.length === 0, cut) ?? fromMessages;
    const all = [...assembled, ...settled.calls];
    if (all.length === 0) return { kind: "forward", events: [...settled.held, settled.terminal] };
    return { kind: "turn_finished", calls: all, held: settled.held, terminal: settled.terminal, response, extracted: settled.calls.length };
  }

  return {
    push(data, event) {
      const value = parseJsonObject(data);
      const current: ResponsesStreamEvent = { event, data, value };
      if (finished) return [{ kind: "forward", events: [current] }];
      const type = text(value?.type) ?? event ?? "";

      if (type === "error") {
        // The held calls are withdrawn; a lifecycle preamble held with them still goes first.
        finished = true;
        const out = held === undefined ? release([current]) : [...held.slice(0, heldPreamble), current];
        held = undefined;
        return [{ kind: "error", events: out }];
      }

      if (held === undefined) {
        if (PREAMBLE.has(type)) {
          preamble.push(current);
          return [];
        }
        if (type === "response.output_item.added" && isFunctionCallItem(value?.item)) {
          hold([current]);
          track(type, value);
          return [];
        }
        if (FINISHED.has(type) && (messages?.holding === true || reasoning?.holding === true)) {
          hold([]);
        } else {
          const taken = take(type, value, current);
          if (taken.hold) {
            hold(taken.events);
            return [];
          }
          if (FINISHED.has(type) || type === "response.failed") finished = true;
          return taken.events.length === 0 ? [] : [{ kind: "forward", events: release(taken.events) }];
        }
      }
      const turn = held!;

      if (FINISHED.has(type)) {
        finished = true;
        return [finish(current, isJsonObject(value?.response) ? value.response : undefined)];
      }
      if (type === "response.failed") {
        // The upstream gave up on the turn itself: nothing to judge; the client learns of the failure.
        finished = true;
        const out = [...turn, current];
        held = undefined;
        return [{ kind: "forward", events: out }];
      }
      turn.push(...take(type, value, current).events);
      heldBytes += data.length;
      if (heldBytes > maxHeldBytes) {
        finished = true;
        return [{ kind: "too_large" }];
      }
      if (value !== undefined) track(type, value);
      return [];
    },
    end() {
      return finished ? [] : [{ kind: "truncated_stream" }];
    },
  };
}
