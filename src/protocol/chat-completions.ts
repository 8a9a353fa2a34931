/**
 * Chat Completions wire format, non-streamed: which tools a request declares,
 * where the tool calls of an answer sit, and the quirks normalised on the way.
 * Works on the parsed answer in place: the route owns that copy.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ToolDefinition } from "../repair/types.ts";
import type { WireCall } from "./wire-format.ts";
import { synthesizeCallId } from "./call-id.ts";

/** `tools[].function` of a chat request, as the engine's tool definitions. */
export function declaredTools(body: JsonObject): ToolDefinition[] {
  const tools = body.tools;
  if (!Array.isArray(tools)) return [];
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (!isJsonObject(tool) || !isJsonObject(tool.function) || typeof tool.function.name !== "string") continue;
    const { name, description, parameters, strict } = tool.function;
    definitions.push({
      name,
      ...(typeof description === "string" ? { description } : {}),
      ...(isJsonObject(parameters) || typeof parameters === "boolean" ? { parameters } : {}),
      ...(typeof strict === "boolean" ? { strict } : {}),
    });
  }
  return definitions;
}

/** One tool call of a parsed answer, with the object it lives in (changed in place on rewrite). */
export interface ChatCall extends WireCall {
  readonly choice: number;
  /** Its position in the choice's `tool_calls`. */
  readonly call: number;
  readonly function: JsonObject;
}

const choicesOf = (response: JsonObject): unknown[] => (Array.isArray(response.choices) ? response.choices : []);
const indexOf = (choice: JsonObject, position: number): number => (typeof choice.index === "number" ? choice.index : position);

/**
 * Every tool call in `choices[].message.tool_calls`, normalising on the way
 * what would otherwise confuse a client: a missing id (synthesised), a
 * missing type, and a finish reason that disagrees with the calls.
 */
export function locateToolCalls(response: JsonObject): { calls: ChatCall[]; normalised: boolean } {
  const calls: ChatCall[] = [];
  let normalised = false;
  choicesOf(response).forEach((choice, position) => {
    if (!isJsonObject(choice) || !isJsonObject(choice.message)) return;
    const toolCalls = choice.message.tool_calls;
    if (!Array.isArray(toolCalls) || toolCalls.length === 0) return;
    // Some servers say "stop" on a turn that carries calls; clients then skip them.
    if (choice.finish_reason === "stop") {
      choice.finish_reason = "tool_calls";
      normalised = true;
    }
    toolCalls.forEach((toolCall: unknown, callIndex) => {
      if (!isJsonObject(toolCall) || !isJsonObject(toolCall.function)) return;
      if (typeof toolCall.id !== "string" || toolCall.id === "") {
        toolCall.id = synthesizeCallId();
        normalised = true;
      }
      if (toolCall.type === undefined) {
        toolCall.type = "function";
        normalised = true;
      }
      const index = indexOf(choice, position);
      calls.push({
        choice: index,
        call: callIndex,
        id: toolCall.id as string,
        name: typeof toolCall.function.name === "string" ? toolCall.function.name : "",
        arguments: toolCall.function.arguments,
        finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
        function: toolCall.function,
        param: `choices[${index}].message.tool_calls[${callIndex}].function.arguments`,
      });
    });
  });
  return { calls, normalised };
}

/** Choices that say `tool_calls` but carry none: a failure the client must not take for an answer. */
export function choicesClaimingCallsWithoutAny(response: JsonObject): number[] {
  return choicesOf(response).flatMap((choice, position) => {
    if (!isJsonObject(choice) || choice.finish_reason !== "tool_calls") return [];
    const calls = isJsonObject(choice.message) ? choice.message.tool_calls : undefined;
    return Array.isArray(calls) && calls.length > 0 ? [] : [indexOf(choice, position)];
  });
}

/** The assistant message of choice `index`, for a feedback round. */
export function assistantMessage(response: JsonObject, index: number): JsonObject | undefined {
  const found = choicesOf(response).find((choice, position) => isJsonObject(choice) && indexOf(choice, position) === index);
  return isJsonObject(found) && isJsonObject(found.message) ? found.message : undefined;
}

/** Choices whose `content` may hold a call written as text: string content and no tool_calls. */
export function contentOnlyChoices(response: JsonObject): Array<{ choice: JsonObject; message: JsonObject; content: string }> {
  const found: Array<{ choice: JsonObject; message: JsonObject; content: string }> = [];
  for (const choice of choicesOf(response)) {
    if (!isJsonObject(choice) || !isJsonObject(choice.message)) continue;
    const { message } = choice;
    const calls = message.tool_calls;
    if (typeof message.content === "string" && message.content !== "" && (!Array.isArray(calls) || calls.length === 0)) {
      found.push({ choice, message, content: message.content });
    }
  }
  return found;
}

/**
 * Groq answers a call its parser could not read with `400 tool_use_failed`
 * and the raw text in `failed_generation`: the broken call itself. Returns
 * that text, or `undefined` for any other error.
 */
export function failedGeneration(errorBody: JsonObject): string | undefined {
  const error = errorBody.error;
  if (!isJsonObject(error) || error.code !== "tool_use_failed") return undefined;
  return typeof error.failed_generation === "string" ? error.failed_generation : undefined;
}

/** A chat completion carrying `calls`, for an answer toolmend had to rebuild (Groq's failed generation). */
export function completionFromCalls(
  model: unknown,
  calls: ReadonlyArray<{ id: string; name: string; arguments: string }>,
  text: string,
): JsonObject {
  return {
    id: `chatcmpl-toolmend-${calls[0]?.id ?? "0"}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: typeof model === "string" ? model : "unknown",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text === "" ? null : text,
          tool_calls: calls.map(({ id, name, arguments: args }) => ({ id, type: "function", function: { name, arguments: args } })),
        },
        finish_reason: "tool_calls",
        logprobs: null,
      },
    ],
  };
}
