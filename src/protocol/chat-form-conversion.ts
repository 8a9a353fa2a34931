/**
 * A Chat Completions answer in the form the client asked for when the
 * upstream sent the other one: chunks assembled into a `chat.completion`,
 * or a `chat.completion` streamed as the chunks OpenAI would have sent.
 */
import { isJsonObject, parseJsonObject, type JsonObject } from "../json.ts";
import { chunkTemplate } from "./chat-stream-encode.ts";
import { encodeSseData, type SseEvent } from "./sse.ts";
import type { FormConversion, StreamAssembly } from "./wire-format.ts";

interface CallState {
  id: unknown;
  readonly name: string[];
  readonly arguments: string[];
  readonly extra: JsonObject;
}

interface ChoiceState {
  role: unknown;
  /** `delta` string fields (content, refusal, reasoning_content, …), in pieces. */
  readonly texts: Map<string, string[]>;
  /** Any other `delta` field: the last value seen, or null. */
  readonly others: JsonObject;
  readonly calls: Map<number, CallState>;
  readonly logprobs: unknown[];
  finishReason: unknown;
}

const invalid = (message: string): StreamAssembly => ({ kind: "invalid", message });

/** The `chat.completion` a stream of chunks carries; every choice must have finished. */
export function chatAnswerFromStream(events: readonly SseEvent[]): StreamAssembly {
  let template: JsonObject | undefined;
  let usage: unknown;
  const choices = new Map<number, ChoiceState>();
  for (const { data } of events) {
    if (data.trim() === "[DONE]") break;
    const chunk = parseJsonObject(data);
    if (chunk === undefined) return invalid("An event of the upstream's stream is not a JSON object.");
    if (chunk.error !== undefined) return { kind: "error", message: errorMessage(chunk.error) };
    template ??= chunkTemplate(chunk);
    if (isJsonObject(chunk.usage)) usage = chunk.usage;
    if (!Array.isArray(chunk.choices)) continue;
    for (const choice of chunk.choices) {
      if (!isJsonObject(choice) || typeof choice.index !== "number") return invalid("A chunk of the upstream's stream has a choice without an index.");
      const state = choices.get(choice.index) ?? newChoice();
      choices.set(choice.index, state);
      addDelta(state, choice);
    }
  }
  if (template === undefined) return invalid("The upstream's stream carried no chunk.");
  const unfinished = [...choices.values()].some((choice) => choice.finishReason === undefined || choice.finishReason === null);
  if (choices.size === 0 || unfinished) return invalid("The upstream's stream ended before its answer finished.");
  const value: JsonObject = {
    ...template,
    object: "chat.completion",
    choices: [...choices].sort(([left], [right]) => left - right).map(([index, state]) => finishedChoice(index, state)),
  };
  if (usage !== undefined) value.usage = usage;
  return { kind: "answer", value };
}

function newChoice(): ChoiceState {
  return { role: undefined, texts: new Map(), others: {}, calls: new Map(), logprobs: [], finishReason: undefined };
}

function addDelta(state: ChoiceState, choice: JsonObject): void {
  if (choice.finish_reason !== undefined && choice.finish_reason !== null) state.finishReason = choice.finish_reason;
  if (isJsonObject(choice.logprobs) && Array.isArray(choice.logprobs.content)) {
    for (const entry of choice.logprobs.content as unknown[]) state.logprobs.push(entry);
  }
  const delta = choice.delta;
  if (!isJsonObject(delta)) return;
  for (const [key, value] of Object.entries(delta)) {
    if (key === "role") state.role = value;
    else if (key === "tool_calls") addCallDeltas(state, value);
    else if (typeof value === "string") state.texts.set(key, [...(state.texts.get(key) ?? []), value]);
    // A null (`refusal: null`) is kept unless a value came.
    else if (value !== undefined && (value !== null || !(key in state.others))) state.others[key] = value;
  }
}

function addCallDeltas(state: ChoiceState, deltas: unknown): void {
  if (!Array.isArray(deltas)) return;
  for (const delta of deltas) {
    if (!isJsonObject(delta)) continue;
    const index = typeof delta.index === "number" ? delta.index : state.calls.size;
    const call = state.calls.get(index) ?? { id: undefined, name: [], arguments: [], extra: {} };
    state.calls.set(index, call);
    const { index: _index, id, type: _type, function: fields, ...extra } = delta;
    if (id !== undefined && id !== null) call.id = id;
    Object.assign(call.extra, extra);
    if (!isJsonObject(fields)) continue;
    if (typeof fields.name === "string") call.name.push(fields.name);
    if (typeof fields.arguments === "string") call.arguments.push(fields.arguments);
  }
}

function finishedChoice(index: number, state: ChoiceState): JsonObject {
  const texts = Object.fromEntries([...state.texts].map(([key, parts]) => [key, parts.join("")]));
  const message: JsonObject = { role: state.role ?? "assistant", content: null, ...state.others, ...texts };
  if (state.calls.size > 0) {
    message.tool_calls = [...state.calls]
      .sort(([left], [right]) => left - right)
      .map(([, call]) => ({ id: call.id, type: "function", function: { name: call.name.join(""), arguments: call.arguments.join("") }, ...call.extra }));
  }
  return { index, message, logprobs: state.logprobs.length > 0 ? { content: state.logprobs } : null, finish_reason: state.finishReason };
}

function errorMessage(error: unknown): string {
  const message = isJsonObject(error) && typeof error.message === "string" ? error.message : "no message";
  return `The upstream's stream ended in an error: ${message.slice(0, 500)}`;
}

/**
 * The chunks a `chat.completion` would have been streamed as: per choice,
 * its whole message in one delta (calls whole, numbered by `index`), then its
 * finish; usage last when the request asked for it; then `[DONE]`.
 */
export function chatStreamFromAnswer(answer: JsonObject, request: JsonObject): string | undefined {
  if (!Array.isArray(answer.choices)) return undefined;
  const template: JsonObject = { ...chunkTemplate(answer), object: "chat.completion.chunk" };
  const chunks: JsonObject[] = [];
  for (const [position, choice] of answer.choices.entries()) {
    if (!isJsonObject(choice) || !isJsonObject(choice.message)) return undefined;
    const index = typeof choice.index === "number" ? choice.index : position;
    const { tool_calls: calls, ...message } = choice.message;
    const delta: JsonObject = Array.isArray(calls)
      ? { ...message, tool_calls: calls.map((call, callIndex) => (isJsonObject(call) ? { index: callIndex, ...call } : call)) }
      : message;
    chunks.push({ ...template, choices: [{ index, delta, logprobs: choice.logprobs ?? null, finish_reason: null }] });
    chunks.push({ ...template, choices: [{ index, delta: {}, finish_reason: choice.finish_reason ?? "stop" }] });
  }
  const options = request.stream_options;
  if (answer.usage !== undefined && isJsonObject(options) && options.include_usage === true) {
    chunks.push({ ...template, choices: [], usage: answer.usage });
  }
  return chunks.map((chunk) => encodeSseData(JSON.stringify(chunk))).join("") + encodeSseData("[DONE]");
}

export const chatFormConversion: FormConversion = { answerFromStream: chatAnswerFromStream, streamFromAnswer: chatStreamFromAnswer };
