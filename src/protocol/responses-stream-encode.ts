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
 * event, all carrying the same arguments.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ErrorFields } from "../errors.ts";
import type { ResponsesStreamEvent } from "./responses-stream.ts";
import { encodeSseData } from "./sse.ts";

/** A repaired call: where it sits and what it becomes. */
export interface CallRepair {
  readonly output: number;
  readonly itemId: string | undefined;
  readonly callId: string;
  readonly name: string;
  readonly arguments: string;
}

const ARGUMENT_EVENTS = new Set(["response.function_call_arguments.delta", "response.function_call_arguments.done"]);

function created(value: JsonObject, template: ResponsesStreamEvent): ResponsesStreamEvent {
  const type = typeof value.type === "string" ? value.type : undefined;
  return { event: template.event === undefined ? undefined : type, data: JSON.stringify(value), value };
}

/** `output` with each repaired `function_call` item's name and arguments replaced (matched by item id, call id, then position). */
function repairOutput(output: unknown, repairs: readonly CallRepair[]): unknown {
  if (!Array.isArray(output)) return output;
  return output.map((item: unknown, position) => {
    if (!isJsonObject(item) || item.type !== "function_call") return item;
    const repair =
      repairs.find((candidate) => candidate.itemId !== undefined && candidate.itemId === item.id) ??
      repairs.find((candidate) => candidate.callId !== "" && candidate.callId === item.call_id) ??
      repairs.find((candidate) => candidate.output === position && candidate.itemId === undefined);
    return repair === undefined ? item : { ...item, name: repair.name, arguments: repair.arguments };
  });
}

/**
 * The held events of a judged turn and its terminal event, with `repairs`
 * applied. Calls without a repair keep their events exactly as received.
 */
export function releaseTurn(
  held: readonly ResponsesStreamEvent[],
  terminal: ResponsesStreamEvent,
  repairs: readonly CallRepair[],
): ResponsesStreamEvent[] {
  if (repairs.length === 0) return [...held, terminal];
  const byOutput = new Map(repairs.map((repair) => [repair.output, repair]));
  const out: ResponsesStreamEvent[] = [];
  for (const event of held) {
    const value = event.value;
    const repair = value !== undefined && typeof value.output_index === "number" ? byOutput.get(value.output_index) : undefined;
    if (value === undefined || repair === undefined) {
      out.push(event);
      continue;
    }
    const type = value.type;
    if (typeof type === "string" && ARGUMENT_EVENTS.has(type)) continue; // replaced by the ones sent with the added item
    if (type === "response.output_item.added" && isJsonObject(value.item)) {
      out.push(created({ ...value, item: { ...value.item, name: repair.name, arguments: "" } }, event));
      const at = { item_id: repair.itemId ?? value.item.id, output_index: repair.output };
      const numbered = "sequence_number" in value ? { sequence_number: value.sequence_number } : {};
      out.push(created({ type: "response.function_call_arguments.delta", ...at, delta: repair.arguments, ...numbered }, event));
      out.push(created({ type: "response.function_call_arguments.done", ...at, arguments: repair.arguments, ...numbered }, event));
      continue;
    }
    if (type === "response.output_item.done" && isJsonObject(value.item)) {
      out.push(created({ ...value, item: { ...value.item, name: repair.name, arguments: repair.arguments } }, event));
      continue;
    }
    out.push(event);
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
