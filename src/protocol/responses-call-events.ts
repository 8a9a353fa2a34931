/**
 * Events toolmend writes into a Responses stream for a `function_call` item
 * the upstream did not stream as such: a call read from message text, or
 * one call of a split.
 */
import type { JsonObject } from "../json.ts";
import type { ResponsesStreamEvent } from "./responses-stream.ts";

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
