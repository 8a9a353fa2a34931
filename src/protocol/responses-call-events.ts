/**
 * Events toolmend writes into a Responses stream for a `function_call` item
 * the upstream did not stream as such (a call read from message or
 * reasoning text, or one call of a split), and the rewrites of the
 * upstream's events that such an item makes.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ResponsesStreamEvent, StreamedCall } from "./responses-stream.ts";

/** An event toolmend writes, named like `like` (with an `event:` line when it had one); the sequencer gives it its number. */
export function eventOf(value: JsonObject, like: ResponsesStreamEvent): ResponsesStreamEvent {
  const full = { ...value, sequence_number: 0 };
  return { event: like.event === undefined ? undefined : (value.type as string), data: JSON.stringify(full), value: full };
}

/** The events that stream one `function_call` item at `output`, as the Responses API sends them. */
export function callEvents(item: JsonObject, output: number, like: ResponsesStreamEvent): ResponsesStreamEvent[] {
  const at = { item_id: item.id, output_index: output };
  return [
    eventOf({ type: "response.output_item.added", output_index: output, item: { ...item, arguments: "", status: "in_progress" } }, like),
    eventOf({ type: "response.function_call_arguments.delta", ...at, delta: item.arguments }, like),
    eventOf({ type: "response.function_call_arguments.done", ...at, arguments: item.arguments }, like),
    eventOf({ type: "response.output_item.done", output_index: output, item }, like),
  ];
}

/** Where an event's item sits in the output, when it says. */
export const outputOf = (value: JsonObject | undefined): number | undefined => (typeof value?.output_index === "number" ? value.output_index : undefined);

/** The event with `value` as its data. */
export function rewritten(event: ResponsesStreamEvent, value: JsonObject): ResponsesStreamEvent {
  return { event: event.event, data: JSON.stringify(value), value };
}

/** The event with its `output_index` moved by `shift` when it is after `output`. */
export function shifted(event: ResponsesStreamEvent, output: number, shift: number): ResponsesStreamEvent {
  const index = outputOf(event.value);
  if (shift === 0 || index === undefined || index <= output) return event;
  return rewritten(event, { ...event.value, output_index: index + shift });
}

/** The terminal event carrying `output` as its response's output, when either is there to write. */
export function withOutput(terminal: ResponsesStreamEvent, output: unknown[] | undefined): ResponsesStreamEvent {
  const response = terminal.value?.response;
  return output === undefined || !isJsonObject(response) ? terminal : rewritten(terminal, { ...terminal.value, response: { ...response, output } });
}

/** A call read from text, as the turn's calls list it: complete unless the answer was cut. */
export function textCall(item: JsonObject, output: number, cut: boolean): StreamedCall {
  return { output, itemId: item.id as string, callId: item.call_id as string, name: item.name as string, arguments: item.arguments, finishReason: cut ? "length" : "stop" };
}
