/**
 * The reasoning items of a Responses answer (an open model's reasoning, as
 * vLLM and SGLang send it: `reasoning_text` parts, streamed as
 * `response.reasoning_text.delta`), and calls a model wrote at their end:
 * when the turn has no `function_call` item and no message text but a lead-in
 * (see lead-in.ts), a call the
 * last reasoning item's text ends on becomes a `function_call` item right
 * after it, and its markup leaves the reasoning (see reasoning-calls.ts for
 * what counts). Streamed, reasoning text that may begin such a call is held
 * back and released as reasoning deltas the moment it cannot be one, and a
 * reasoning item's opening events wait for its first text: reasoning that is
 * all a call sends nothing (no headers) before the call is judged.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { createReasoningHoldback, extractReasoningCalls, leavesReasoningToRead, mayLeaveReasoningToRead, saidSoFar, type ReasoningReadOptions } from "../repair/reasoning-calls.ts";
import type { TextHoldback } from "../repair/text-holdback.ts";
import { textCallItems } from "./responses.ts";
import { callEvents, eventOf, outputOf, rewritten, shifted, textCall, withOutput } from "./responses-call-events.ts";
import type { ResponsesStreamEvent } from "./responses-stream.ts";
import type { SettledTurn, TakenEvent } from "./responses-message-text.ts";

const isItem = (value: unknown, type: string): value is JsonObject => isJsonObject(value) && value.type === type;
const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** The last `reasoning_text` part of an item's content, with its position. */
function lastReasoningPart(item: JsonObject): { at: number; part: JsonObject & { text: string } } | undefined {
  const content = Array.isArray(item.content) ? item.content : [];
  for (let at = content.length - 1; at >= 0; at--) {
    const part = content[at];
    if (isItem(part, "reasoning_text") && typeof part.text === "string") return { at, part: part as JsonObject & { text: string } };
  }
  return undefined;
}

/** The item with its last reasoning part's text replaced. */
function withReasoningText(item: JsonObject, text: string): JsonObject {
  const found = lastReasoningPart(item);
  if (found === undefined || !Array.isArray(item.content)) return item;
  const content = [...item.content];
  content[found.at] = { ...found.part, text };
  return { ...item, content };
}

/** Whether a turn's output leaves its reasoning to be read: no `function_call` item, no refusal, no message text but space or a lead-in. */
function outputLeavesReasoningToRead(output: readonly unknown[]): boolean {
  let said = "";
  for (const item of output) {
    if (isItem(item, "function_call")) return false;
    if (!isItem(item, "message") || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (!isJsonObject(part)) continue;
      if (textOf(part.refusal) !== "") return false;
      said += textOf(part.text);
    }
  }
  return leavesReasoningToRead(said);
}

/** Reads the calls the last reasoning item ends on into `function_call` items after it; returns how many. */
export function extractReasoningItemCalls(response: JsonObject, reading: ReasoningReadOptions): number {
  const output = response.output;
  // Reasoning cut by max_output_tokens did not end on its call: the model was still thinking.
  if (!Array.isArray(output) || !outputLeavesReasoningToRead(output) || response.status === "incomplete") return 0;
  const position = output.findLastIndex((item) => isItem(item, "reasoning"));
  if (position < 0) return 0;
  const item = output[position] as JsonObject;
  const part = lastReasoningPart(item);
  if (part === undefined) return 0;
  const found = extractReasoningCalls(part.part.text, reading);
  if (found === undefined) return 0;
  const items = textCallItems(found.calls);
  output.splice(position, 1, withReasoningText(item, found.reasoning), ...items);
  return items.length;
}

interface ReasoningState {
  readonly output: number;
  readonly itemId: unknown;
  /** The hold-back of the part being streamed; `undefined` once it ended. */
  holdback: TextHoldback | undefined;
  /** Its `output_item.added` and part-opening events while none of its text went out. */
  parked: ResponsesStreamEvent[];
  contentIndex: number | undefined;
  /** The current part's text sent (or held in the turn) so far, and how much of it was pushed. */
  released: string;
  pushed: number;
}

export interface ReasoningTexts {
  take(type: string, value: JsonObject | undefined, event: ResponsesStreamEvent): TakenEvent;
  /** Some reasoning item holds text back. */
  readonly holding: boolean;
  /** The parked opening events of every reasoning item, now moved into a held turn (nothing is parked after). */
  parkAll(): ResponsesStreamEvent[];
  /** The turn ended: each item's held text as a delta, or (with `extract`, for the last item) as calls. */
  settle(turn: SettledTurn, extract: boolean, cut: boolean): SettledTurn;
}

const REASONING_ENDS = new Set(["response.reasoning_text.done", "response.content_part.done", "response.reasoning_part.done", "response.output_item.done"]);
/** A reasoning part's opening: no text of its own, it waits with the item's announcement. */
const PART_OPENS = new Set(["response.content_part.added", "response.reasoning_part.added"]);

export function createReasoningTexts(options: ReasoningReadOptions): ReasoningTexts {
  const items = new Map<number, ReasoningState>();
  /** The turn's message text can no longer leave the reasoning to be read (more than space or a lead-in, a refusal): no reasoning is read for calls any more. */
  let spoke = false;
  /** The turn's message text so far, while it may. */
  let said = "";
  /** The turn is held: what would be parked is held with it. */
  let turnHeld = false;

  const holds = (state: ReasoningState): boolean => state.pushed > state.released.length;

  /** The item's parked opening events, then `events`: something of it goes out. */
  function unparked(state: ReasoningState, events: ResponsesStreamEvent[]): ResponsesStreamEvent[] {
    if (state.parked.length === 0) return events;
    const parked = state.parked;
    state.parked = [];
    return [...parked, ...events];
  }

  function delta(state: ReasoningState, text: string, like: ResponsesStreamEvent): ResponsesStreamEvent {
    const at = { item_id: state.itemId, output_index: state.output, content_index: state.contentIndex ?? 0 };
    return eventOf({ type: "response.reasoning_text.delta", ...at, delta: text }, like);
  }

  /** The part's reasoning is over without a call read from it: what it held, as a delta (none when nothing). */
  function release(state: ReasoningState, like: ResponsesStreamEvent): ResponsesStreamEvent[] {
    const holdback = state.holdback;
    state.holdback = undefined;
    if (holdback === undefined) return [];
    const text = holdback.end({ extract: false }).text;
    state.released += text;
    return text === "" ? [] : unparked(state, [delta(state, text, like)]);
  }

  return {
    take(type, value, event) {
      const output = outputOf(value);
      // A refusal is an answer too.
      const text = type === "response.output_text.delta" ? textOf(value?.delta) : "";
      if (!spoke && text !== "") said = saidSoFar(said, text);
      const answers = (text.trim() !== "" && !mayLeaveReasoningToRead(said)) || (type === "response.refusal.delta" && textOf(value?.delta) !== "");
      if (answers && !spoke) {
        // The answer has text that is no lead-in: no reasoning holds a call of the turn, and what it held goes out first.
        spoke = true;
        return { events: [...[...items.values()].flatMap((state) => release(state, event)), event], hold: false };
      }
      if (type === "response.output_item.added" && output !== undefined && isItem(value?.item, "reasoning")) {
        // Only the last reasoning item is read: the earlier ones' held text goes out now.
        const earlier = [...items.values()].flatMap((state) => release(state, event));
        // Read for a call, it waits for its first text to go out (the earlier items' went out before it).
        const park = !spoke && !turnHeld;
        const parked = park ? [event] : [];
        items.set(output, { output, itemId: value.item.id, holdback: spoke ? undefined : createReasoningHoldback(options), parked, contentIndex: undefined, released: "", pushed: 0 });
        return { events: park ? earlier : [...earlier, event], hold: false };
      }
      const state = output === undefined ? undefined : items.get(output);
      if (state === undefined) return { events: [event], hold: false };
      if (PART_OPENS.has(type) && state.parked.length > 0) {
        state.parked.push(event);
        return { events: [], hold: false };
      }
      if (type === "response.reasoning_text.delta" && typeof value?.delta === "string") {
        const index = typeof value.content_index === "number" ? value.content_index : 0;
        const before: ResponsesStreamEvent[] = [];
        if (state.contentIndex !== undefined && index !== state.contentIndex) {
          // A new part: only the last is read, the one before is reasoning.
          before.push(...release(state, event));
          state.holdback = spoke ? undefined : createReasoningHoldback(options);
          state.released = "";
          state.pushed = 0;
        }
        state.contentIndex = index;
        if (state.holdback === undefined) {
          state.released += value.delta;
          state.pushed += value.delta.length;
          return { events: unparked(state, [...before, event]), hold: false };
        }
        state.pushed += value.delta.length;
        const released = state.holdback.push(value.delta);
        state.released += released;
        if (released === "") return { events: before, hold: false };
        const sent = released === value.delta ? event : { ...event, data: JSON.stringify({ ...value, delta: released }), value: { ...value, delta: released } };
        return { events: unparked(state, [...before, sent]), hold: false };
      }
      // The item's reasoning is over while some of it is held: the turn waits for its end (the parked events join it).
      if (REASONING_ENDS.has(type) && holds(state)) return { events: [event], hold: true };
      return { events: unparked(state, [event]), hold: false };
    },
    parkAll() {
      turnHeld = true;
      return [...items.values()].flatMap((state) => unparked(state, []));
    },
    get holding() {
      for (const state of items.values()) if (holds(state)) return true;
      return false;
    },
    settle(turn, extract, cut) {
      let events = [...turn.held];
      const { terminal } = turn;
      const calls = [...turn.calls];
      const last = Math.max(-1, ...items.keys());
      const output = isJsonObject(terminal.value?.response) && Array.isArray(terminal.value.response.output) ? [...terminal.value.response.output] : undefined;
      // Reasoning cut short (max_output_tokens) did not end on its call: the model was still thinking.
      const incomplete = isJsonObject(terminal.value?.response) && terminal.value.response.status === "incomplete";
      // From the last item back, so that the positions of earlier ones stay put.
      for (const state of [...items.values()].sort((left, right) => right.output - left.output)) {
        const holdback = state.holdback;
        state.holdback = undefined;
        if (holdback === undefined || !holds(state)) continue;
        const end = holdback.end({ extract: extract && !incomplete && !spoke && leavesReasoningToRead(said) && state.output === last });
        const firstEnd = events.findIndex((event) => outputOf(event.value) === state.output && REASONING_ENDS.has(String(event.value?.type)));
        if (end.text !== "") events.splice(firstEnd < 0 ? events.length : firstEnd, 0, delta(state, end.text, terminal));
        if (end.calls.length === 0) continue;
        const text = state.released + end.text;
        const items = textCallItems(end.calls);
        events = events.map((event) => shifted(event, state.output, items.length));
        events = events.map((event) => (outputOf(event.value) === state.output ? withText(event, text, state.contentIndex ?? 0) : event));
        const doneAt = events.findIndex((event) => outputOf(event.value) === state.output && event.value?.type === "response.output_item.done");
        const itemEvents = items.flatMap((item, offset) => callEvents(item, state.output + 1 + offset, terminal));
        events.splice(doneAt < 0 ? events.length : doneAt + 1, 0, ...itemEvents);
        const reasoningItem = output?.[state.output];
        if (output !== undefined && isJsonObject(reasoningItem)) output.splice(state.output, 1, withReasoningText(reasoningItem, text), ...items);
        items.forEach((item, offset) => calls.push(textCall(item, state.output + 1 + offset, cut)));
      }
      return { held: events, terminal: withOutput(terminal, output), calls: calls.sort((left, right) => left.output - right.output) };
    },
  };
}

/** A reasoning item's closing event carrying `text`, the text its last part (`contentIndex`) ends with once its calls are taken out. */
function withText(event: ResponsesStreamEvent, text: string, contentIndex: number): ResponsesStreamEvent {
  const value = event.value!;
  if (typeof value.content_index === "number" && value.content_index !== contentIndex) return event;
  if (value.type === "response.reasoning_text.done") return rewritten(event, { ...value, text });
  if ((value.type === "response.content_part.done" || value.type === "response.reasoning_part.done") && isItem(value.part, "reasoning_text")) {
    return rewritten(event, { ...value, part: { ...value.part, text } });
  }
  if (value.type === "response.output_item.done" && isItem(value.item, "reasoning")) return rewritten(event, { ...value, item: withReasoningText(value.item, text) });
  return event;
}
