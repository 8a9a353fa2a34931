/**
 * The text of a Responses stream's `message` items, read through the text
 * hold-back: deltas that may begin a call written as text are held back, a
 * message's opening events wait for its first visible text (so a turn that is
 * all calls has sent nothing and can still be an HTTP error), and when the
 * turn ends the held text is either released as a delta or, read as calls,
 * becomes `function_call` items, as the whole answer's would.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { createTextHoldback, type TextHoldback, type TextHoldbackOptions } from "../repair/text-holdback.ts";
import { messageWithCalls, textCallItems } from "./responses.ts";
import { callEvents, eventOf, outputOf, rewritten, shifted, textCall, withOutput } from "./responses-call-events.ts";
import type { ResponsesStreamEvent, StreamedCall } from "./responses-stream.ts";

interface MessageState {
  readonly output: number;
  readonly itemId: unknown;
  readonly holdback: TextHoldback;
  /** Its `output_item.added` / `content_part.added` events while no text of it went out. */
  parked: ResponsesStreamEvent[];
  /** The parked events were moved into the held turn (where they may still be withdrawn). */
  parkedHeld: boolean;
  /** Text sent (or held in the turn) so far, and text pushed into the hold-back. */
  released: string;
  pushed: number;
  contentIndex: number;
}

/** What replaces one event: events to send (or hold) in its place; `hold`: from here on the turn must be held. */
export interface TakenEvent {
  readonly events: ResponsesStreamEvent[];
  readonly hold: boolean;
}

/** The held turn after the messages' held text is settled. */
export interface SettledTurn {
  readonly held: ResponsesStreamEvent[];
  readonly terminal: ResponsesStreamEvent;
  /** Calls read from text, as items of the turn. */
  readonly calls: StreamedCall[];
}

export interface MessageTexts {
  take(type: string, value: JsonObject | undefined, event: ResponsesStreamEvent): TakenEvent;
  /** Some message holds text back. */
  readonly holding: boolean;
  /** The parked opening events of every message, now moved into a held turn. */
  parkAll(): ResponsesStreamEvent[];
  /** The turn ended: each message's held text as a delta, or (with `extract`) as calls. */
  settle(held: readonly ResponsesStreamEvent[], terminal: ResponsesStreamEvent, extract: boolean, cut: boolean): SettledTurn;
}

const MESSAGE_ENDS = new Set(["response.output_text.done", "response.content_part.done", "response.output_item.done"]);

export function createMessageTexts(options: TextHoldbackOptions): MessageTexts {
  const messages = new Map<number, MessageState>();
  /** The turn is held: what would be parked is held with it (a message parked then would never be announced). */
  let turnHeld = false;

  const holds = (state: MessageState): boolean => state.pushed > state.released.length;

  function unpark(state: MessageState): ResponsesStreamEvent[] {
    const parked = state.parked;
    state.parked = [];
    return parked;
  }

  function textDelta(state: MessageState, text: string, like: ResponsesStreamEvent): ResponsesStreamEvent {
    const at = { item_id: state.itemId, output_index: state.output, content_index: state.contentIndex };
    return eventOf({ type: "response.output_text.delta", ...at, delta: text, logprobs: [] }, like);
  }

  return {
    take(type, value, event) {
      const output = outputOf(value);
      if (type === "response.output_item.added" && output !== undefined && isJsonObject(value?.item) && value.item.type === "message") {
        const holdback = createTextHoldback(options);
        messages.set(output, { output, itemId: value.item.id, holdback, parked: turnHeld ? [] : [event], parkedHeld: turnHeld, released: "", pushed: 0, contentIndex: 0 });
        return { events: turnHeld ? [event] : [], hold: false };
      }
      const state = output === undefined ? undefined : messages.get(output);
      if (state === undefined) return { events: [event], hold: false };
      if (type === "response.content_part.added" && state.parked.length > 0 && state.released === "") {
        state.parked.push(event);
        return { events: [], hold: false };
      }
      if (type === "response.output_text.delta" && typeof value?.delta === "string") {
        state.pushed += value.delta.length;
        if (typeof value.content_index === "number") state.contentIndex = value.content_index;
        const released = state.holdback.push(value.delta);
        if (released === "") return { events: [], hold: false };
        state.released += released;
        const sent = released === value.delta ? event : { ...event, data: JSON.stringify({ ...value, delta: released }), value: { ...value, delta: released } };
        return { events: [...unpark(state), sent], hold: false };
      }
      // The message's text is over while some of it is held: the turn waits for its end.
      if (MESSAGE_ENDS.has(type) && holds(state)) return { events: [event], hold: true };
      return { events: [...unpark(state), event], hold: false };
    },
    get holding() {
      for (const state of messages.values()) if (holds(state)) return true;
      return false;
    },
    parkAll() {
      turnHeld = true;
      const parked: ResponsesStreamEvent[] = [];
      for (const state of messages.values()) {
        if (state.parked.length === 0) continue;
        state.parkedHeld = true;
        parked.push(...unpark(state));
      }
      return parked;
    },
    settle(held, terminal, extract, cut) {
      let events = [...held];
      const output = isJsonObject(terminal.value?.response) && Array.isArray(terminal.value.response.output) ? [...terminal.value.response.output] : undefined;
      const calls: StreamedCall[] = [];
      // From the last message back, so that the positions of earlier ones stay put.
      for (const state of [...messages.values()].sort((left, right) => right.output - left.output)) {
        if (!holds(state)) continue;
        const end = state.holdback.end({ extract, cut });
        const firstEnd = events.findIndex((event) => outputOf(event.value) === state.output && MESSAGE_ENDS.has(String(event.value?.type)));
        const insertAt = firstEnd < 0 ? events.length : firstEnd;
        if (end.calls.length === 0) {
          if (end.text !== "") events.splice(insertAt, 0, textDelta(state, end.text, terminal));
          continue;
        }
        const text = state.released + end.text;
        const items = textCallItems(end.calls);
        const removed = state.released === "" && end.text === "";
        const shift = items.length - (removed ? 1 : 0);
        const first = removed ? state.output : state.output + 1;
        events = events.map((event) => shifted(event, state.output, shift));
        const itemEvents = items.flatMap((item, offset) => callEvents(item, first + offset, terminal));
        if (removed) {
          const at = events.findIndex((event) => outputOf(event.value) === state.output);
          events = events.filter((event) => outputOf(event.value) !== state.output);
          events.splice(at < 0 ? events.length : at, 0, ...itemEvents);
        } else {
          if (end.text !== "") events.splice(insertAt, 0, textDelta(state, end.text, terminal));
          events = events.map((event) => (outputOf(event.value) === state.output ? withText(event, text) : event));
          const doneAt = events.findIndex((event) => outputOf(event.value) === state.output && event.value?.type === "response.output_item.done");
          events.splice(doneAt < 0 ? events.length : doneAt + 1, 0, ...itemEvents);
        }
        const message = output?.[state.output];
        if (output !== undefined && isJsonObject(message)) output.splice(state.output, 1, ...messageWithCalls(message, removed ? "" : text, items));
        items.forEach((item, offset) => calls.push(textCall(item, first + offset, cut)));
        // A later message's calls were numbered before this one's were inserted.
        for (const call of calls) if (call.output > state.output && !items.some((item) => item.id === call.itemId)) Object.assign(call, { output: call.output + shift });
      }
      return { held: events, terminal: withOutput(terminal, output), calls: calls.sort((left, right) => left.output - right.output) };
    },
  };
}

/** A message's closing event carrying `text`, the text it ends with once its calls are taken out. */
function withText(event: ResponsesStreamEvent, text: string): ResponsesStreamEvent {
  const value = event.value!;
  if (value.type === "response.output_text.done") return rewritten(event, { ...value, text });
  if (value.type === "response.content_part.done" && isJsonObject(value.part)) return rewritten(event, { ...value, part: { ...value.part, text } });
  if (value.type === "response.output_item.done" && isJsonObject(value.item)) {
    return rewritten(event, { ...value, item: { ...value.item, content: [{ type: "output_text", text, annotations: [] }] } });
  }
  return event;
}
