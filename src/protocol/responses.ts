/**
 * Responses API wire format, non-streamed: which function tools a request
 * declares, where the `function_call` items of an answer sit, and whether
 * the answer was cut short. Works on the parsed answer in place: the route
 * owns that copy.
 */
import type { ToolDefinition } from "../repair/types.ts";
import { splitCallId, synthesizeCallId } from "./call-id.ts";
import { isJsonObject, type JsonObject } from "../json.ts";

/**
 * `tools[]` of `type: "function"` as the engine's tool definitions. Other
 * tool types (web_search, file_search, custom, mcp…) produce other item
 * types and are not ours to check. An omitted `strict` means strict in this
 * API (the chat API defaults to non-strict).
 */
export function declaredResponseTools(body: JsonObject): ToolDefinition[] {
  const tools = body.tools;
  if (!Array.isArray(tools)) return [];
  const definitions: ToolDefinition[] = [];
  for (const tool of tools) {
    if (!isJsonObject(tool) || tool.type !== "function" || typeof tool.name !== "string") continue;
    const { name, description, parameters, strict } = tool;
    definitions.push({
      name,
      ...(typeof description === "string" ? { description } : {}),
      ...(isJsonObject(parameters) || typeof parameters === "boolean" ? { parameters } : {}),
      strict: typeof strict === "boolean" ? strict : true,
    });
  }
  return definitions;
}

/** One `function_call` item of an answer, with the item it is (changed in place on rewrite). */
export interface LocatedFunctionCall {
  /** Its position in `output`. */
  readonly output: number;
  /** `call_id`: what a `function_call_output` answers. */
  readonly callId: string;
  readonly name: string;
  readonly arguments: unknown;
  readonly item: JsonObject;
}

const outputOf = (response: JsonObject): unknown[] => (Array.isArray(response.output) ? response.output : []);

/** Every `function_call` item of `response.output`, in order. */
export function locateFunctionCalls(response: JsonObject): LocatedFunctionCall[] {
  const calls: LocatedFunctionCall[] = [];
  outputOf(response).forEach((item, position) => {
    if (!isJsonObject(item) || item.type !== "function_call") return;
    calls.push({
      output: position,
      callId: typeof item.call_id === "string" ? item.call_id : typeof item.id === "string" ? item.id : "",
      name: typeof item.name === "string" ? item.name : "",
      arguments: item.arguments,
      item,
    });
  });
  return calls;
}

/**
 * The chat-style finish reason the engine understands: `"length"` when the
 * answer (or the item) was cut by `max_output_tokens`, so that a cut string
 * is never "repaired" into a shorter one; `"stop"` when the answer or the
 * item completed, so that a number ending the arguments is whole, as a chat
 * answer's `finish_reason` tells; `null` when neither is known.
 */
export function finishReasonOf(response: JsonObject | undefined, item?: JsonObject): "length" | "stop" | null {
  if (item?.status === "incomplete") return "length";
  const details = response?.incomplete_details;
  if (response?.status === "incomplete" && isJsonObject(details) && details.reason === "max_output_tokens") return "length";
  return response?.status === "completed" || item?.status === "completed" ? "stop" : null;
}

/** Writes a repair into a `function_call` item: `arguments` (and `name` when it was resolved), nothing else. */
export function repairItem(item: JsonObject, name: string, args: string): JsonObject {
  return { ...item, name, arguments: args };
}

/**
 * The `function_call` items a call split into several becomes, in its place:
 * copies of it (unknown fields kept), each with its own item id and call id.
 */
export function splitItems(item: JsonObject, callId: string, calls: readonly { readonly name: string; readonly arguments: string }[]): JsonObject[] {
  return calls.map((call, position) => ({
    ...item,
    ...(typeof item.id === "string" ? { id: splitCallId(item.id, position) } : {}),
    call_id: splitCallId(callId, position),
    name: call.name,
    arguments: call.arguments,
  }));
}

/**
 * The text of an answer that carries no `function_call` item: every
 * `output_text` part of its `message` items, with where each sits, so that a
 * call written as text can be moved into an item of its own.
 */
export function textOnlyMessages(response: JsonObject): Array<{ output: number; text: string }> {
  const output = outputOf(response);
  if (output.some((item) => isJsonObject(item) && item.type === "function_call")) return [];
  const found: Array<{ output: number; text: string }> = [];
  output.forEach((item, position) => {
    if (!isJsonObject(item) || item.type !== "message" || !Array.isArray(item.content)) return;
    const text = item.content
      .map((part: unknown) => (isJsonObject(part) && part.type === "output_text" && typeof part.text === "string" ? part.text : ""))
      .join("");
    if (text !== "") found.push({ output: position, text });
  });
  return found;
}

/** A `function_call` item for each call read from a message's text, with fresh ids. */
export function textCallItems(calls: readonly { readonly name: string; readonly arguments: string }[]): JsonObject[] {
  return calls.map((call) => {
    const suffix = synthesizeCallId();
    return functionCallItem(`fc_${suffix}`, `call_${suffix}`, call.name, call.arguments);
  });
}

/** What replaces a message whose text held calls: the message with the text left (none when nothing is), then the calls' items. */
export function messageWithCalls(message: JsonObject, text: string, items: readonly JsonObject[]): JsonObject[] {
  const rest = text === "" ? [] : [{ ...message, content: [{ type: "output_text", text, annotations: [] }] }];
  return [...rest, ...items];
}

/** A `function_call` output item as the Responses API writes one. */
export function functionCallItem(id: string, callId: string, name: string, args: string): JsonObject {
  return { type: "function_call", id, call_id: callId, name, arguments: args, status: "completed" };
}
