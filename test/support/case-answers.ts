/**
 * What an upstream would send for a repair case (corpus record format, see
 * test/fixtures/corpus/README.md), in the four shapes toolmend intercepts:
 * chat completion JSON, chat SSE, Responses JSON, Responses SSE. A
 * `content_embedded_call` case becomes assistant text; every other case a
 * structured call named `tool_name_emitted` carrying `raw_arguments`.
 * Streams cut text into deltas of deterministic, varying sizes (seeded by the
 * case id) so that markers and escapes straddle chunk boundaries.
 */
import type { ToolDefinition } from "../../src/repair/types.ts";
import { responseEvents, responseWith } from "./responses-upstream.ts";
import type { OutputSpec } from "./responses-upstream.ts";
import { chatCompletion, json, toolCallCompletion, toolCallStream } from "./scripted-upstream.ts";
import type { UpstreamHandler } from "./scripted-upstream.ts";

type Json = Record<string, unknown>;

/** The fields of a case the answers need. */
export interface AnswerCase {
  readonly id: string;
  readonly class: string;
  readonly tool: ToolDefinition;
  readonly tool_name_emitted: string | null;
  readonly raw_arguments: unknown;
  /** What the server put in the separate reasoning field (`reasoning_content`, a Responses reasoning item), when anything. */
  readonly reasoning?: string;
}

export type CaseApi = "chat" | "responses";

/** What the model said: text (and the reasoning beside it), or one structured call (arguments a string, or an object for `args_as_object`). */
export type CaseTurn =
  | { readonly kind: "text"; readonly text: string; readonly reasoning?: string }
  | { readonly kind: "call"; readonly name: string; readonly arguments: unknown };

export interface AnswerOptions {
  /** Overrides the finish reason (chat) / terminal status (Responses: `"length"` makes it incomplete). */
  readonly finishReason?: string;
}

/** The turn a case stands for. */
export function caseTurn(testCase: AnswerCase): CaseTurn {
  if (testCase.class === "content_embedded_call" || testCase.tool_name_emitted === null) {
    const text = typeof testCase.raw_arguments === "string" ? testCase.raw_arguments : JSON.stringify(testCase.raw_arguments);
    return testCase.reasoning === undefined ? { kind: "text", text } : { kind: "text", text, reasoning: testCase.reasoning };
  }
  return { kind: "call", name: testCase.tool_name_emitted, arguments: testCase.raw_arguments };
}

/** FNV-1a, 32 bits: a stable seed from a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * A splitter that cuts text into pieces of 1 to `maxSize` UTF-16 units, the
 * sizes drawn from a generator seeded by `seed`: the same seed and text give
 * the same pieces. Surrogate pairs are kept whole (upstreams send whole characters).
 */
export function deltaSplitter(seed: string, maxSize = 7): (text: string) => string[] {
  return (text) => {
    let state = hashString(seed) || 1;
    const pieces: string[] = [];
    let start = 0;
    while (start < text.length) {
      // xorshift32
      state ^= state << 13;
      state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      let end = Math.min(text.length, start + 1 + (state % maxSize));
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
      pieces.push(text.slice(start, end));
      start = end;
    }
    return pieces;
  };
}

/** The case's tool as a chat request declares it. */
export function chatToolsOf(testCase: AnswerCase): Json[] {
  return [{ type: "function", function: testCase.tool }];
}

/** The case's tool as a Responses request declares it (`strict: false`: the schemas are not strict-mode schemas). */
export function responsesToolsOf(testCase: AnswerCase): Json[] {
  const { name, description, parameters } = testCase.tool;
  return [{ type: "function", name, ...(description === undefined ? {} : { description }), parameters: parameters ?? { type: "object" }, strict: false }];
}

/** A client request that declares the case's tool. */
export function caseRequest(testCase: AnswerCase, api: CaseApi, stream: boolean): Json {
  if (api === "chat") {
    return { model: "gpt-test", stream, messages: [{ role: "user", content: "Use the tool." }], tools: chatToolsOf(testCase) };
  }
  return { model: "gpt-test", stream, input: "Use the tool.", tools: responsesToolsOf(testCase) };
}

const callId = "call_case_0";

/** A non-streamed chat completion. */
export function chatAnswer(testCase: AnswerCase, options: AnswerOptions = {}): Json {
  const turn = caseTurn(testCase);
  if (turn.kind === "text") {
    const answer = chatCompletion(turn.text);
    // A server with a reasoning parser: the reasoning in its own field, and no text as null.
    if (turn.reasoning !== undefined) Object.assign(answer.choices[0]!.message, { reasoning_content: turn.reasoning, content: turn.text === "" ? null : turn.text });
    if (options.finishReason !== undefined) answer.choices[0]!.finish_reason = options.finishReason;
    return answer;
  }
  return toolCallCompletion([{ id: callId, name: turn.name, arguments: turn.arguments }], options.finishReason === undefined ? {} : { finishReason: options.finishReason });
}

/**
 * A chat SSE stream, as `data:` payloads: role chunk, the call's header
 * chunk then argument deltas (or content deltas), the finish chunk, a usage
 * chunk, `[DONE]`. Object arguments (`args_as_object`) arrive whole in the
 * header chunk, as Ollama streams them.
 */
export function chatStreamAnswer(testCase: AnswerCase, options: AnswerOptions = {}): (string | object)[] {
  const turn = caseTurn(testCase);
  const split = deltaSplitter(testCase.id);
  if (turn.kind === "text") {
    return toolCallStream([], { reasoning: turn.reasoning === undefined ? [] : split(turn.reasoning), text: split(turn.text), finishReason: options.finishReason ?? "stop" });
  }
  if (typeof turn.arguments === "string") {
    return toolCallStream([{ id: callId, name: turn.name, arguments: turn.arguments }], { split, ...(options.finishReason === undefined ? {} : { finishReason: options.finishReason }) });
  }
  const events = toolCallStream([{ id: callId, name: turn.name, arguments: "" }], options.finishReason === undefined ? {} : { finishReason: options.finishReason });
  const header = events[1] as { choices: [{ delta: { tool_calls: [{ function: { arguments: unknown } }] } }] };
  header.choices[0].delta.tool_calls[0].function.arguments = turn.arguments;
  return events;
}

function outputSpecs(turn: CaseTurn, stream: boolean): OutputSpec[] {
  if (turn.kind === "text" && turn.reasoning !== undefined) {
    // A reasoning item, then the message when there is text.
    const reasoning: OutputSpec = { kind: "reasoning", text: turn.reasoning };
    return turn.text === "" ? [reasoning] : [reasoning, { kind: "text", text: turn.text }];
  }
  return [outputSpec(turn, stream)];
}

function outputSpec(turn: CaseTurn, stream: boolean): OutputSpec {
  if (turn.kind === "text") return { kind: "text", text: turn.text };
  // Responses streams carry argument text only; a non-streamed item may carry an object, as some servers send.
  const args = typeof turn.arguments === "string" || !stream ? turn.arguments : JSON.stringify(turn.arguments);
  return { kind: "call", name: turn.name, arguments: args as string, callId };
}

const incomplete = (options: AnswerOptions): Json =>
  options.finishReason === "length" ? { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } } : {};

/** A non-streamed Responses answer. */
export function responsesAnswer(testCase: AnswerCase, options: AnswerOptions = {}): Json {
  return responseWith(outputSpecs(caseTurn(testCase), false), incomplete(options));
}

/** A Responses SSE stream: lifecycle events, the item's deltas (arguments or output text), `response.completed`. */
export function responsesStreamAnswer(testCase: AnswerCase, options: AnswerOptions = {}): Json[] {
  return responseEvents(outputSpecs(caseTurn(testCase), true), {
    split: deltaSplitter(testCase.id),
    terminal: options.finishReason === "length" ? "incomplete" : "completed",
  });
}

/**
 * Serves SSE events one write each, a macrotask apart (not a timer: a stream
 * of hundreds of small deltas stays fast). Responses events get `event:` lines.
 */
const sseNow =
  (events: readonly (string | object)[], named: boolean): UpstreamHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    let index = 0;
    const next = () => {
      if (response.destroyed) return;
      if (index === events.length) return void response.end();
      const event = events[index++]!;
      const name = named && typeof event === "object" ? `event: ${String((event as { type?: unknown }).type)}\n` : "";
      response.write(`${name}data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
      setImmediate(next);
    };
    next();
  };

/** A scripted-upstream handler answering with the case in the given shape. */
export function caseHandler(testCase: AnswerCase, api: CaseApi, stream: boolean, options: AnswerOptions = {}): UpstreamHandler {
  if (api === "chat") return stream ? sseNow(chatStreamAnswer(testCase, options), false) : json(chatAnswer(testCase, options));
  return stream ? sseNow(responsesStreamAnswer(testCase, options), true) : json(responsesAnswer(testCase, options));
}
