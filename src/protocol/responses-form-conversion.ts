/**
 * A Responses answer in the form the client asked for when the upstream
 * sent the other one: a stream's final response taken as the whole answer,
 * or a whole response streamed as the events OpenAI would have sent.
 */
import { isJsonObject, parseJsonObject, type JsonObject } from "../json.ts";
import { encodeSseData, type SseEvent } from "./sse.ts";
import type { FormConversion, StreamAssembly } from "./wire-format.ts";

const TERMINAL = new Set(["response.completed", "response.incomplete"]);

/**
 * The response a stream ends with (`response.completed` or
 * `response.incomplete` carries it whole). When its `output` is empty but
 * items streamed, the streamed items fill it.
 */
export function responsesAnswerFromStream(events: readonly SseEvent[]): StreamAssembly {
  const items = new Map<number, unknown>();
  for (const { data, event } of events) {
    const value = parseJsonObject(data);
    if (value === undefined) return { kind: "invalid", message: "An event of the upstream's stream is not a JSON object." };
    const type = typeof value.type === "string" ? value.type : event;
    if (type === "error" || type === "response.failed") return { kind: "error", message: failure(value) };
    if (type === "response.output_item.done" && typeof value.output_index === "number") items.set(value.output_index, value.item);
    if (type !== undefined && TERMINAL.has(type) && isJsonObject(value.response)) {
      const response = value.response;
      const output = Array.isArray(response.output) && response.output.length > 0 ? response.output : [...items].sort(([left], [right]) => left - right).map(([, item]) => item);
      return { kind: "answer", value: { ...response, output } };
    }
  }
  return { kind: "invalid", message: "The upstream's stream ended before its final response." };
}

function failure(value: JsonObject): string {
  const error = isJsonObject(value.response) ? value.response.error : value.error !== undefined ? value.error : value;
  const message = isJsonObject(error) && typeof error.message === "string" ? error.message : "no message";
  return `The upstream's stream ended in an error: ${message.slice(0, 500)}`;
}

/**
 * The events a whole response would have been streamed as: created, then
 * per output item its opening, its text or arguments whole in one delta,
 * and its end, then the terminal event carrying the response.
 */
export function responsesStreamFromAnswer(response: JsonObject): string | undefined {
  if (!Array.isArray(response.output) || !response.output.every(isJsonObject)) return undefined;
  let sequence = 0;
  let text = "";
  const emit = (type: string, fields: JsonObject) => {
    text += encodeSseData(JSON.stringify({ type, sequence_number: sequence++, ...fields }), type);
  };
  const opening: JsonObject = { ...response, status: "in_progress", output: [] };
  emit("response.created", { response: opening });
  emit("response.in_progress", { response: opening });
  for (const [outputIndex, item] of response.output.entries()) {
    const where = { item_id: item.id, output_index: outputIndex };
    emit("response.output_item.added", { output_index: outputIndex, item: openingItem(item) });
    if (item.type === "message" && Array.isArray(item.content)) {
      for (const [contentIndex, part] of item.content.entries()) {
        if (!isJsonObject(part)) return undefined;
        emitPart(emit, { ...where, content_index: contentIndex }, part);
      }
    }
    if (item.type === "function_call" && typeof item.arguments === "string") {
      emit("response.function_call_arguments.delta", { ...where, delta: item.arguments });
      emit("response.function_call_arguments.done", { ...where, arguments: item.arguments });
    }
    emit("response.output_item.done", { output_index: outputIndex, item });
  }
  emit(response.status === "incomplete" || response.status === "failed" ? `response.${response.status}` : "response.completed", { response });
  return text;
}

/** An item as it opens: in progress, with no text or arguments yet. */
function openingItem(item: JsonObject): JsonObject {
  if (item.type === "message") return { ...item, status: "in_progress", content: [] };
  if (item.type === "function_call") return { ...item, status: "in_progress", arguments: "" };
  return item;
}

function emitPart(emit: (type: string, fields: JsonObject) => void, where: JsonObject, part: JsonObject): void {
  if (part.type === "output_text" && typeof part.text === "string") {
    emit("response.content_part.added", { ...where, part: { ...part, text: "" } });
    emit("response.output_text.delta", { ...where, delta: part.text });
    emit("response.output_text.done", { ...where, text: part.text });
  } else if (part.type === "refusal" && typeof part.refusal === "string") {
    emit("response.content_part.added", { ...where, part: { ...part, refusal: "" } });
    emit("response.refusal.delta", { ...where, delta: part.refusal });
    emit("response.refusal.done", { ...where, refusal: part.refusal });
  } else {
    emit("response.content_part.added", { ...where, part });
  }
  emit("response.content_part.done", { ...where, part });
}

export const responsesFormConversion: FormConversion = {
  answerFromStream: responsesAnswerFromStream,
  streamFromAnswer: (answer) => responsesStreamFromAnswer(answer),
};
