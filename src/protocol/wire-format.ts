/**
 * What the request path needs to know about one wire format (chat
 * completions, responses, …): an adapter decodes requests, answers and
 * stream events into neutral values and encodes them back. Adapters hold
 * no policy: rounds, repair and escalation are decided in `src/turn/`.
 */
import type { JsonObject } from "../json.ts";
import type { RouteLabel } from "../observability/metrics.ts";
import type { CallVerdict, JudgedCall } from "../repair/outcomes.ts";
import type { TextHoldbackOptions } from "../repair/text-holdback.ts";
import type { ToolDefinition } from "../repair/types.ts";
import type { ErrorFields } from "../errors.ts";
import type { SseEvent } from "./sse.ts";
import type { ToolResultsFormat } from "./tool-results-format.ts";

/** A tool call as the loops see it, whatever the format. */
export interface WireCall extends JudgedCall {
  readonly name: string;
  /** The arguments as the model emitted them (usually a string, sometimes not). */
  readonly arguments: unknown;
  /** `"length"` when the model was cut off, so that a cut string is never "repaired" shorter. */
  readonly finishReason: string | null;
  /** Where the arguments sit in the answer, for the escalation's `param`. */
  readonly param: string;
}

/** Mends one history call's arguments: new arguments, or `undefined` to keep them. */
export type MendArguments = (name: unknown, args: unknown) => string | undefined;

/** A request's side of the format. */
export interface RequestFormat {
  /** The function tools the request declares, as the engine's tool definitions. */
  declaredTools(body: JsonObject): ToolDefinition[];
  /** A copy of `body` with every history call's arguments put through `mend`, or `undefined` when none changed. */
  mendHistory(body: JsonObject, mend: MendArguments): JsonObject | undefined;
  /** Whether the upstream keeps the conversation itself (a stored conversation): another round would land in it. */
  storedConversation(body: JsonObject): boolean;
  /** How many alternative answers the request asks for (`n`). */
  choiceCount(body: JsonObject): number;
  /** Where the request's tool results sit, for the execution-error step. */
  readonly toolResults: ToolResultsFormat;
}

/** A whole answer, decoded: its calls located, quirks normalised, calls written as text moved into calls. */
export interface DecodedAnswer<Call extends WireCall> {
  /** The parsed answer, changed in place by normalisation and `applyRepairs`. */
  readonly value: JsonObject;
  readonly calls: readonly Call[];
  /** The answer differs from the upstream's bytes already (ids, finish reason, calls pulled out of text, rebuilt). */
  readonly changed: boolean;
  /** Calls found written as text and moved into calls. */
  readonly extracted: number;
  /** The answer was rebuilt from an upstream error (Groq's `tool_use_failed`): it goes out as a 200. */
  readonly rebuilt: boolean;
}

/** What decoding an answer can give besides an answer: nothing to judge, or an answer the client must not get. */
export type AnswerDecoding<Call extends WireCall> =
  | { readonly kind: "answer"; readonly answer: DecodedAnswer<Call> }
  | { readonly kind: "opaque" }
  | { readonly kind: "invalid"; readonly message: string };

/**
 * How an answer's text is read for calls written as text: the request's tools, the hold-back bounds, the clock,
 * and whether to read them at all (`repair.textCalls`; on when absent).
 */
export interface AnswerReading extends TextHoldbackOptions {
  readonly textCalls?: boolean;
}

/** Whether calls written as text are read from the answer. */
export const readsTextCalls = (reading: AnswerReading): boolean => reading.textCalls !== false;

/** A whole (non-streamed) answer's side of the format. */
export interface AnswerFormat<Call extends WireCall> {
  /** Upstream statuses whose JSON body may carry calls. */
  readonly statuses: readonly number[];
  /** `reading`: the request's tools and the bounds on text read as a possible call written as text. */
  decodeAnswer(value: JsonObject, status: number, request: JsonObject, reading: AnswerReading): AnswerDecoding<Call>;
  /** Writes the repaired calls' names and arguments into `answer.value`; nothing else changes. */
  applyRepairs(answer: DecodedAnswer<Call>, verdicts: readonly CallVerdict<Call>[]): void;
  /**
   * The request for a feedback round: `request` with the failed turn and one
   * tool result per call, or `undefined` when the turn cannot be echoed.
   */
  feedbackRequest(request: JsonObject, verdicts: readonly CallVerdict<Call>[], answer: DecodedAnswer<Call>): JsonObject | undefined;
}

/** A stream's neutral events, decoded from upstream SSE events. `Payload` is the format's own event, kept for encoding. */
export type StreamEvent<Payload, Calls> =
  /** Goes to the client as it came (lifecycle, role, reasoning, usage, a finish without calls…). */
  | { readonly kind: "pass"; readonly payload: Payload }
  /**
   * A text delta of `choice` (chat `delta.content`, Responses
   * `response.output_text.delta`); `payload` is the whole event it came in,
   * which is what goes out.
   */
  | { readonly kind: "text"; readonly choice: number; readonly text: string; readonly payload: Payload }
  /** A choice (or the turn) finished with calls, held whole until judged. */
  | { readonly kind: "calls"; readonly calls: Calls }
  /** The upstream reported an error: send it, then end the stream. */
  | { readonly kind: "upstream_error"; readonly payload: Payload }
  /** The stream cannot be carried on (too large, cut short, inconsistent): end it in failure. */
  | { readonly kind: "failure"; readonly message: string };

/** A finished choice's calls (the format adds what it needs to encode them back). */
export interface StreamCalls<Call extends WireCall> {
  readonly calls: readonly Call[];
  /** How many of `calls` were read from text (calls written as text). */
  readonly extracted: number;
}

/** One upstream stream's decoder and the encoder of what goes out; stateful, one per round. */
export interface StreamCodec<Call extends WireCall, Payload, Calls extends StreamCalls<Call>> {
  /** One SSE event's data (and its `event:` name). */
  decode(data: string, event: string | undefined): readonly StreamEvent<Payload, Calls>[];
  /** The upstream ended. */
  end(): readonly StreamEvent<Payload, Calls>[];
  /** A passed event as SSE text. */
  encode(payload: Payload): string;
  /** The held calls as SSE text, with the repaired ones (`verdicts` in the order of `calls.calls`) rewritten. */
  encodeCalls(calls: Calls, verdicts: readonly CallVerdict<Call>[], rewrite: boolean): string;
  /** An error after the stream started, in the format's shape. */
  encodeError(error: ErrorFields): string;
  /** What an escalation of `calls` shows as the upstream's answer: a stream has no single response object. */
  original(calls: Calls): unknown;
}

export interface StreamCodecOptions {
  /** Bound on what the codec holds of one round, in bytes (where the format has no bound of its own). */
  readonly maxHeldBytes: number;
  /** The request's tools, the hold-back bounds and the clock, for text that may be a call written as text. */
  readonly reading: AnswerReading;
}

/** A stream's side of the format. */
export interface StreamFormat<Call extends WireCall, Payload, Calls extends StreamCalls<Call>> {
  createCodec(options: StreamCodecOptions): StreamCodec<Call, Payload, Calls>;
  /**
   * Whether a new round's events may follow what this stream already sent in
   * the same response (chat chunks may; a Responses stream is one response's lifecycle).
   */
  readonly continuesAfterOutput: boolean;
  feedbackRequest(request: JsonObject, verdicts: readonly CallVerdict<Call>[]): JsonObject;
}

/** A whole answer assembled from a stream: the answer, a stream that is not one, or one that ended in an error. */
export type StreamAssembly =
  | { readonly kind: "answer"; readonly value: JsonObject }
  | { readonly kind: "invalid"; readonly message: string }
  | { readonly kind: "error"; readonly message: string };

/**
 * An answer in the other form than the one the request asked for (a stream
 * to a request for a whole answer, or the reverse) turned into the form
 * asked for, so that it is judged and delivered as usual.
 */
export interface FormConversion {
  /** The whole answer a stream's events carry (`[DONE]` included, where the format has it). */
  answerFromStream(events: readonly SseEvent[]): StreamAssembly;
  /** The SSE text of the stream the upstream would have sent for `answer`; `undefined` when `answer` is not one. */
  streamFromAnswer(answer: JsonObject, request: JsonObject): string | undefined;
}

/** An API whose answers carry tool calls: one adapter, one route. */
export interface WireFormat<AnswerCall extends WireCall, StreamCall extends WireCall, Payload, Calls extends StreamCalls<StreamCall>> {
  readonly path: string;
  readonly route: RouteLabel;
  readonly request: RequestFormat;
  readonly answer: AnswerFormat<AnswerCall>;
  readonly stream: StreamFormat<StreamCall, Payload, Calls>;
  readonly conversion: FormConversion;
}
