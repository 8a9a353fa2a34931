/**
 * Responses API answers as OpenAI shapes them, for a scripted upstream.
 * Shapes follow the recorded streams in test/fixtures/responses/ (field
 * order, `sequence_number` from 0, `event:` lines, the `response` object of
 * the lifecycle events).
 */
import { evenPieces } from "./scripted-upstream.ts";
import type { UpstreamHandler } from "./scripted-upstream.ts";

type Json = Record<string, unknown>;

export type OutputSpec =
  | { readonly kind: "text"; readonly text: string; readonly id?: string }
  /** A reasoning item with its text as one `reasoning_text` part (as vLLM and SGLang send an open model's reasoning). */
  | { readonly kind: "reasoning"; readonly text: string; readonly id?: string }
  | { readonly kind: "call"; readonly name: string; readonly arguments: string; readonly callId?: string; readonly id?: string };

/** Tools as a Responses request declares them (omitted `strict` means strict). */
export const responseTools = [
  {
    type: "function" as const,
    name: "read_file",
    description: "Read a file.",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, limit: { type: "integer" } },
      required: ["path"],
      additionalProperties: false,
    },
    strict: false,
  },
  {
    type: "function" as const,
    name: "delete_file",
    description: "Delete a file.",
    parameters: {
      type: "object",
      properties: { file_path: { type: "string" } },
      required: ["file_path"],
      additionalProperties: false,
    },
    strict: false,
  },
];

const itemId = (spec: OutputSpec, index: number) => spec.id ?? (spec.kind === "text" ? `msg_${index}` : spec.kind === "reasoning" ? `rs_${index}` : `fc_${index}`);
const callIdOf = (spec: Extract<OutputSpec, { kind: "call" }>, index: number) => spec.callId ?? `call_${index}`;

/** An output item, complete (or as `output_item.added` opens it). */
export function outputItem(spec: OutputSpec, index: number, done = true): Json {
  if (spec.kind === "reasoning") {
    return { id: itemId(spec, index), type: "reasoning", summary: [], content: done ? [{ type: "reasoning_text", text: spec.text }] : [], status: done ? "completed" : "in_progress" };
  }
  if (spec.kind === "text") {
    return {
      id: itemId(spec, index),
      type: "message",
      status: done ? "completed" : "in_progress",
      content: done ? [{ type: "output_text", annotations: [], logprobs: [], text: spec.text }] : [],
      role: "assistant",
    };
  }
  return {
    id: itemId(spec, index),
    type: "function_call",
    status: done ? "completed" : "in_progress",
    arguments: done ? spec.arguments : "",
    call_id: callIdOf(spec, index),
    name: spec.name,
  };
}

/** A `response` object (non-streamed answer, or the payload of a lifecycle event). */
export function responseObject(output: readonly Json[], extra: Json = {}): Json {
  return {
    id: "resp_test",
    object: "response",
    created_at: 1_760_000_000,
    status: "completed",
    background: false,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: "gpt-test",
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    usage: { input_tokens: 40, input_tokens_details: { cached_tokens: 0 }, output_tokens: 12, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 52 },
    user: null,
    metadata: {},
    ...extra,
  };
}

/** A non-streamed answer carrying `specs`. */
export function responseWith(specs: readonly OutputSpec[], extra: Json = {}): Json {
  return responseObject(
    specs.map((spec, index) => outputItem(spec, index)),
    extra,
  );
}

/**
 * The events OpenAI streams for `specs`: created, in_progress, per item
 * added / deltas / done, then `response.completed` (or `.incomplete`, or
 * nothing when `terminal` is `null`).
 */
export function responseEvents(
  specs: readonly OutputSpec[],
  options: {
    pieces?: number;
    terminal?: "completed" | "incomplete" | null;
    /** Cuts text and arguments into deltas; default: `pieces` equal parts. */
    split?: (text: string) => string[];
  } = {},
): Json[] {
  const split = options.split ?? ((text: string) => evenPieces(text, options.pieces ?? 3));
  const events: Json[] = [];
  const emit = (type: string, fields: Json) => events.push({ type, ...fields, sequence_number: events.length });
  const pending = { ...responseObject([]), status: "in_progress", usage: null };
  emit("response.created", { response: pending });
  emit("response.in_progress", { response: pending });
  specs.forEach((spec, index) => {
    const id = itemId(spec, index);
    emit("response.output_item.added", { item: outputItem(spec, index, false), output_index: index });
    if (spec.kind === "reasoning") {
      const part = { type: "reasoning_text", text: "" };
      emit("response.content_part.added", { content_index: 0, item_id: id, output_index: index, part });
      for (const delta of split(spec.text)) emit("response.reasoning_text.delta", { content_index: 0, delta, item_id: id, output_index: index });
      emit("response.reasoning_text.done", { content_index: 0, item_id: id, output_index: index, text: spec.text });
      emit("response.content_part.done", { content_index: 0, item_id: id, output_index: index, part: { ...part, text: spec.text } });
    } else if (spec.kind === "text") {
      const part = { type: "output_text", annotations: [], logprobs: [], text: "" };
      emit("response.content_part.added", { content_index: 0, item_id: id, output_index: index, part });
      for (const delta of split(spec.text)) {
        emit("response.output_text.delta", { content_index: 0, delta, item_id: id, logprobs: [], output_index: index });
      }
      emit("response.output_text.done", { content_index: 0, item_id: id, logprobs: [], output_index: index, text: spec.text });
      emit("response.content_part.done", { content_index: 0, item_id: id, output_index: index, part: { ...part, text: spec.text } });
    } else {
      for (const delta of split(spec.arguments)) {
        emit("response.function_call_arguments.delta", { delta, item_id: id, output_index: index });
      }
      emit("response.function_call_arguments.done", { arguments: spec.arguments, item_id: id, output_index: index });
    }
    emit("response.output_item.done", { item: outputItem(spec, index), output_index: index });
  });
  const terminal = options.terminal === undefined ? "completed" : options.terminal;
  if (terminal === "completed") emit("response.completed", { response: responseWith(specs) });
  if (terminal === "incomplete") {
    emit("response.incomplete", { response: responseWith(specs, { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }) });
  }
  return events;
}

/** Serves events as OpenAI does: `event: <type>` and one `data:` line each, `delayMs` apart. */
export const sseEvents =
  (events: readonly Json[], delayMs = 0): UpstreamHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    let index = 0;
    const next = () => {
      if (response.destroyed) return;
      if (index === events.length) return void response.end();
      const event = events[index++]!;
      response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      setTimeout(next, delayMs);
    };
    next();
  };

/** Parses a toolmend SSE answer into its events' data, with the `event:` name beside. */
export function parseSse(text: string): Array<{ event: string | undefined; data: Json }> {
  return text
    .split("\n\n")
    .filter((block) => block.trim() !== "" && !block.startsWith(":"))
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .join("\n");
      return { event, data: JSON.parse(data) as Json };
    });
}
