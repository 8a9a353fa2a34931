/**
 * The Responses API as OpenAI writes it: a `response` object whose `output`
 * holds one `message` or one `function_call` item, or the typed event
 * sequence of a stream (`response.created` … `response.completed`, or
 * `response.incomplete` when max_output_tokens cut the call).
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { randomBytes } from "node:crypto";
import { contentText } from "./chat-completions.ts";
import { estimateTokens, pickReply, splitIntoDeltas, type DemoReply } from "./scenarios.ts";


/** What the demo reads from a Responses request body. */
export interface ResponsesRequest {
  readonly model: string;
  readonly stream: boolean;
  readonly lastUserText: string;
  readonly declaredTools: string[];
  readonly tools: unknown[];
  readonly promptTokens: number;
}

/** One server-sent event: `event: <type>` and its JSON `data`. */
export interface ResponsesEvent {
  readonly type: string;
  readonly data: JsonObject;
}


/** Reads a Responses request: `input` is a string or a list of items, tools are `{type: "function", name}`. */
export function readResponsesRequest(body: JsonObject, rawLength: number): ResponsesRequest {
  const items = Array.isArray(body.input) ? body.input.filter(isJsonObject) : [];
  const lastUser = items.findLast((item) => item.role === "user");
  const tools = Array.isArray(body.tools) ? body.tools.filter(isJsonObject) : [];
  return {
    model: typeof body.model === "string" ? body.model : "demo-model",
    stream: body.stream === true,
    lastUserText: typeof body.input === "string" ? body.input : contentText(lastUser?.content),
    declaredTools: tools.flatMap((tool) => (tool.type === "function" && typeof tool.name === "string" ? [tool.name] : [])),
    tools,
    promptTokens: Math.max(1, Math.ceil(rawLength / 4)),
  };
}

const hexId = (prefix: string): string => prefix + randomBytes(24).toString("hex");

/** The output item once complete; `done: false` gives its opening state for `output_item.added`. */
function outputItem(reply: DemoReply, itemId: string, callId: string, done: boolean): JsonObject {
  if (reply.kind === "text") {
    const content = done ? [{ type: "output_text", text: reply.text, annotations: [], logprobs: [] }] : [];
    return { id: itemId, type: "message", status: done ? "completed" : "in_progress", role: "assistant", content };
  }
  const status = !done ? "in_progress" : reply.finishReason === "length" ? "incomplete" : "completed";
  return { id: itemId, type: "function_call", status, arguments: done ? reply.arguments : "", call_id: callId, name: reply.name };
}

function responseObject(request: ResponsesRequest, reply: DemoReply, id: string, createdAt: number, output: JsonObject[] | null): JsonObject {
  const cut = reply.kind === "tool_call" && reply.finishReason === "length";
  const outputTokens = estimateTokens(reply.kind === "text" ? reply.text : reply.arguments);
  return {
    id,
    object: "response",
    created_at: createdAt,
    status: output === null ? "in_progress" : cut ? "incomplete" : "completed",
    error: null,
    incomplete_details: output !== null && cut ? { reason: "max_output_tokens" } : null,
    instructions: null,
    max_output_tokens: null,
    model: request.model,
    output: output ?? [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: request.tools,
    top_p: 1,
    truncation: "disabled",
    usage:
      output === null
        ? null
        : {
            input_tokens: request.promptTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: outputTokens,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: request.promptTokens + outputTokens,
          },
    user: null,
    metadata: {},
  };
}

/** The non-streaming answer. */
export function responseBody(request: ResponsesRequest): JsonObject {
  const reply = pickReply(request.lastUserText, request.declaredTools);
  const itemId = hexId(reply.kind === "text" ? "msg_" : "fc_");
  const item = outputItem(reply, itemId, hexId("call_").slice(0, 29), true);
  return responseObject(request, reply, hexId("resp_"), Math.floor(Date.now() / 1000), [item]);
}

/** The streamed answer, event by event, with `sequence_number` from 0. */
export function responseEvents(request: ResponsesRequest): ResponsesEvent[] {
  const reply = pickReply(request.lastUserText, request.declaredTools);
  const id = hexId("resp_");
  const createdAt = Math.floor(Date.now() / 1000);
  const itemId = hexId(reply.kind === "text" ? "msg_" : "fc_");
  const callId = hexId("call_").slice(0, 29);
  const finalItem = outputItem(reply, itemId, callId, true);
  const events: ResponsesEvent[] = [];
  const emit = (type: string, fields: JsonObject) => events.push({ type, data: { type, sequence_number: events.length, ...fields } });
  const at = { item_id: itemId, output_index: 0 };

  emit("response.created", { response: responseObject(request, reply, id, createdAt, null) });
  emit("response.in_progress", { response: responseObject(request, reply, id, createdAt, null) });
  emit("response.output_item.added", { output_index: 0, item: outputItem(reply, itemId, callId, false) });
  if (reply.kind === "text") {
    const part = { type: "output_text", text: "", annotations: [], logprobs: [] };
    emit("response.content_part.added", { ...at, content_index: 0, part });
    for (const delta of splitIntoDeltas(reply.text)) {
      emit("response.output_text.delta", { ...at, content_index: 0, delta, logprobs: [] });
    }
    emit("response.output_text.done", { ...at, content_index: 0, text: reply.text, logprobs: [] });
    emit("response.content_part.done", { ...at, content_index: 0, part: { ...part, text: reply.text } });
  } else {
    for (const delta of splitIntoDeltas(reply.arguments)) emit("response.function_call_arguments.delta", { ...at, delta });
    emit("response.function_call_arguments.done", { ...at, arguments: reply.arguments });
  }
  emit("response.output_item.done", { output_index: 0, item: finalItem });
  const final = responseObject(request, reply, id, createdAt, [finalItem]);
  emit(final.status === "incomplete" ? "response.incomplete" : "response.completed", { response: final });
  return events;
}
