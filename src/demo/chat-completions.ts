/**
 * Chat Completions as OpenAI writes it: a `chat.completion` object, or the
 * `chat.completion.chunk` sequence of a stream (role first, tool-call
 * arguments spread over several deltas, finish reason in an empty delta,
 * then a usage chunk with `choices: []` when `stream_options.include_usage`).
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { randomBytes } from "node:crypto";
import { estimateTokens, pickReply, splitIntoDeltas, type DemoReply } from "./scenarios.ts";


/** What the demo reads from a request body; everything else is ignored. */
export interface ChatRequest {
  readonly model: string;
  readonly stream: boolean;
  readonly includeUsage: boolean;
  readonly lastUserText: string;
  readonly declaredTools: string[];
  readonly promptTokens: number;
}


/** Text of a message's `content`: a string or an array of `{type: "text", text}` parts. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((part: unknown) => (isJsonObject(part) && typeof part.text === "string" ? part.text : ""))
    .join("");
}

/** Reads a Chat Completions request; `rawLength` sizes the fake prompt token count. */
export function readChatRequest(body: JsonObject, rawLength: number): ChatRequest {
  const messages = Array.isArray(body.messages) ? body.messages.filter(isJsonObject) : [];
  const lastUser = messages.findLast((message) => message.role === "user");
  const tools = Array.isArray(body.tools) ? body.tools.filter(isJsonObject) : [];
  return {
    model: typeof body.model === "string" ? body.model : "demo-model",
    stream: body.stream === true,
    includeUsage: isJsonObject(body.stream_options) && body.stream_options.include_usage === true,
    lastUserText: contentText(lastUser?.content),
    declaredTools: tools.flatMap((tool) => (isJsonObject(tool.function) && typeof tool.function.name === "string" ? [tool.function.name] : [])),
    promptTokens: Math.max(1, Math.ceil(rawLength / 4)),
  };
}

/** OpenAI's id shapes: `chatcmpl-` + 29 characters, `call_` + 24. */
function randomId(prefix: string, length: number): string {
  return prefix + randomBytes(length).toString("base64url").replace(/[-_]/g, "x").slice(0, length);
}

function usageOf(request: ChatRequest, reply: DemoReply): JsonObject {
  const completion = estimateTokens(reply.kind === "text" ? reply.text : reply.arguments);
  return {
    prompt_tokens: request.promptTokens,
    completion_tokens: completion,
    total_tokens: request.promptTokens + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function finishReasonOf(reply: DemoReply): string {
  return reply.kind === "text" ? "stop" : reply.finishReason;
}

/** The non-streaming answer. */
export function chatCompletion(request: ChatRequest): JsonObject {
  const reply = pickReply(request.lastUserText, request.declaredTools);
  const message: JsonObject =
    reply.kind === "text"
      ? { role: "assistant", content: reply.text, refusal: null, annotations: [] }
      : {
          role: "assistant",
          content: null,
          refusal: null,
          annotations: [],
          tool_calls: [{ id: randomId("call_", 24), type: "function", function: { name: reply.name, arguments: reply.arguments } }],
        };
  return {
    id: randomId("chatcmpl-", 29),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonOf(reply) }],
    usage: usageOf(request, reply),
    service_tier: "default",
    system_fingerprint: "fp_toolmend_demo",
  };
}

/** The streamed answer: the `data:` payloads in order, `[DONE]` last. */
export function chatCompletionChunks(request: ChatRequest): Array<JsonObject | "[DONE]"> {
  const reply = pickReply(request.lastUserText, request.declaredTools);
  const id = randomId("chatcmpl-", 29);
  const created = Math.floor(Date.now() / 1000);
  // With include_usage, OpenAI puts `usage: null` on every chunk but the last.
  const usageField = request.includeUsage ? { usage: null } : {};
  const chunk = (delta: JsonObject, finishReason: string | null = null): JsonObject => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: request.model,
    service_tier: "default",
    system_fingerprint: "fp_toolmend_demo",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...usageField,
  });

  const chunks: Array<JsonObject | "[DONE]"> = [];
  if (reply.kind === "text") {
    chunks.push(chunk({ role: "assistant", content: "", refusal: null }));
    for (const piece of splitIntoDeltas(reply.text)) chunks.push(chunk({ content: piece }));
  } else {
    // The first delta names the call (with `arguments: ""`); later ones carry only index and argument text.
    chunks.push(
      chunk({
        role: "assistant",
        content: null,
        tool_calls: [{ index: 0, id: randomId("call_", 24), type: "function", function: { name: reply.name, arguments: "" } }],
        refusal: null,
      }),
    );
    for (const piece of splitIntoDeltas(reply.arguments)) {
      chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
    }
  }
  chunks.push(chunk({}, finishReasonOf(reply)));
  if (request.includeUsage) {
    chunks.push({
      id,
      object: "chat.completion.chunk",
      created,
      model: request.model,
      service_tier: "default",
      system_fingerprint: "fp_toolmend_demo",
      choices: [],
      usage: usageOf(request, reply),
    });
  }
  chunks.push("[DONE]");
  return chunks;
}
