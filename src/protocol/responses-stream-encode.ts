/**
 * Writing a Responses stream back out: held events with the repaired
 * arguments in every place that carries them, sequence numbers that stay
 * strictly increasing, and the error event.
 *
 * Each client reads the arguments from a different event: the Vercel AI SDK
 * from `response.output_item.done`, LangChain from the added item plus the
 * deltas, the Agents SDK from `response.completed`'s `output`. A repaired
 * call therefore goes out as `output_item.added` (arguments `""`), one
 * `function_call_arguments.delta` with the whole repaired arguments,
 * `function_call_arguments.done`, then `output_item.done` and the terminal
 * event, all carrying the same arguments. A call split into several goes out
 * as each of its calls in turn, the same four events each.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ErrorFields } from "../errors.ts";
import type { ReplacementCall } from "../repair/outcomes.ts";
import { splitItems } from "./responses.ts";
import { callEvents } from "./responses-call-events.ts";
import type { ResponsesStreamEvent } from "./responses-stream.ts";
import { encodeSseData } from "./sse.ts";

/** A repaired call: where it sits and what it becomes (one call, or several when it was split). */
export interface CallRepair {
  readonly output: number;
  readonly itemId: string | undefined;
  readonly callId: string;
  /** What the answer carries in its place, in order. */
  readonly calls: readonly ReplacementCall[];
}

const ARGUMENT_EVENTS = new Set(["response.function_call_arguments.delta", "response.function_call_arguments.done"]);

function created(value: JsonObject, template: ResponsesStreamEvent): ResponsesStreamEvent {
  const type = typeof value.type === "string" ? value.type : undefined;
  return { event: template.event === undefined ? undefined : type, data: JSON.stringify(value), value };
}

const isSplit = (repair: CallRepair): boolean => repair.calls.length > 1;

/** The item(s) a repaired `function_call` item becomes. */
function repairedItems(item: JsonObject, repair: CallRepair): JsonObject[] {
  if (isSplit(repair)) return splitItems(item, repair.callId, repair.calls);
  return [{ ...item, name: repair.calls[0]!.name, arguments: repair.calls[0]!.arguments }];
}

/** `output` with each repaired `function_call` item replaced (matched by item id, call id, then position). */
function repairOutput(output: unknown, repairs: readonly CallRepair[]): unknown {
  if (!Array.isArray(output)) return output;
  return output.flatMap((item: unknown, position) => {
    if (!isJsonObject(item) || item.type !== "function_call") return [item];
    const repair =
      repairs.find((candidate) => candidate.itemId !== undefined && candidate.itemId === item.id) ??
      repairs.find((candidate) => candidate.callId !== "" && candidate.callId === item.call_id) ??
      repairs.find((candidate) => candidate.output === position && candidate.itemId === undefined);
    return repair === undefined ? [item] : repairedItems(item, repair);
  });
}

/** Where an item of the upstream's `output` ends up once each split before it has put its calls in its place. */
function placement(repairs: readonly CallRepair[]): (output: number) => number {
  const splits = repairs.filter(isSplit);
  if (splits.length === 0) return (output) => output;
  return (output) => splits.reduce((moved, split) => (split.output < output ? moved + split.calls.length - 1 : moved), output);
}

/** A split call's events: every call of it, whole, where the upstream's item was added; its other events are dropped. */
function splitEvents(held: readonly ResponsesStreamEvent[], event: ResponsesStreamEvent, repair: CallRepair, at: number): ResponsesStreamEvent[] {
  const value = event.value!;
  if (value.type !== "response.output_item.added" || !isJsonObject(value.item)) return [];
  const done = held.find((candidate) => candidate.value?.type === "response.output_item.done" && candidate.value.output_index === repair.output)?.value?.item;
  const item = isJsonObject(done) ? done : { ...value.item, status: "completed" };
  return splitItems(item, repair.callId, repair.calls).flatMap((member, offset) => callEvents(member, at + offset, event));
}

/** A repaired call's events: the arguments in every place that carries them, its name too. */
function repairEvents(event: ResponsesStreamEvent, repair: CallRepair, at: number): ResponsesStreamEvent[] {
  const value = event.value!;
  const { name, arguments: args } = repair.calls[0]!;
  const type = value.type;
  if (typeof type === "string" && ARGUMENT_EVENTS.has(type)) return []; // replaced by the ones sent with the added item
  if (type === "response.output_item.added" && isJsonObject(value.item)) {
    const where = { item_id: repair.itemId ?? value.item.id, output_index: at };
    const numbered = "sequence_number" in value ? { sequence_number: value.sequence_number } : {};
    return [
      created({ ...value, output_index: at, item: { ...value.item, name, arguments: "" } }, event),
      created({ type: "response.function_call_arguments.delta", ...where, delta: args, ...numbered }, event),
      created({ type: "response.function_call_arguments.done", ...where, arguments: args, ...numbered }, event),
    ];
  }
  if (type === "response.output_item.done" && isJsonObject(value.item)) return [created({ ...value, output_index: at, item: { ...value.item, name, arguments: args } }, event)];
  return [at === repair.output ? event : created({ ...value, output_index: at }, event)];
}

/**
 * The held events of a judged turn and its terminal event, with `repairs`
 * applied: a split call's calls take its place and the items after it move
 * down. Calls without a repair keep their events exactly as received,
 * unless a split before them moved them.
 */
export function releaseTurn(
  held: readonly ResponsesStreamEvent[],
  terminal: ResponsesStreamEvent,
  repairs: readonly CallRepair[],
): ResponsesStreamEvent[] {
  if (repairs.length === 0) return [...held, terminal];
  const byOutput = new Map(repairs.map((repair) => [repair.output, repair]));
  const place = placement(repairs);
  const out: ResponsesStreamEvent[] = [];
  for (const event of held) {
    const value = event.value;
    const output = value !== undefined && typeof value.output_index === "number" ? value.output_index : undefined;
    if (value === undefined || output === undefined) {
      out.push(event);
      continue;
    }
    const at = place(output);
    const repair = byOutput.get(output);
    if (repair === undefined) out.push(at === output ? event : created({ ...value, output_index: at }, event));
    else if (isSplit(repair)) out.push(...splitEvents(held, event, repair, at));
    else out.push(...repairEvents(event, repair, at));
  }
  const response = terminal.value?.response;
  if (terminal.value !== undefined && isJsonObject(response)) {
    out.push(created({ ...terminal.value, response: { ...response, output: repairOutput(response.output, repairs) } }, terminal));
  } else {
    out.push(terminal);
  }
  return out;
}

/** Renumbers `sequence_number` as events go out, so that they strictly increase whatever was held, dropped or added. */
export interface Sequencer {
  /** The event as SSE text: its own bytes when its number already fits, else re-serialised with the next number. */
  encode(event: ResponsesStreamEvent): string;
  /** Takes the next number, for an event toolmend writes itself. */
  take(): number;
}

export function createSequencer(): Sequencer {
  let next = 0;
  return {
    encode(event) {
      const value = event.value;
      if (value === undefined || typeof value.sequence_number !== "number") return encodeSseData(event.data, event.event);
      const number = next++;
      if (value.sequence_number === number) return encodeSseData(event.data, event.event);
      return encodeSseData(JSON.stringify({ ...value, sequence_number: number }), event.event);
    },
    take: () => next++,
  };
}

/**
 * `event: error` as the Responses API documents it (top-level `code`,
 * `message`, `param`) with the nested `error` object too, which the openai
 * SDK and the Vercel AI SDK prefer when present. Carries a sequence number:
 * the AI SDK's schema requires one.
 */
export function encodeResponsesStreamError(error: ErrorFields, sequenceNumber: number): string {
  const payload = { type: "error", code: error.code, message: error.message, param: error.param, sequence_number: sequenceNumber, error };
  return encodeSseData(JSON.stringify(payload), "error");
}
