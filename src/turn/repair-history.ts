/**
 * Broken `arguments` already in a request's history (an earlier turn the
 * client kept as the model wrote it) make some upstreams reject the whole
 * request. Mend them with the lossless fixers only: the call happened, so a
 * guess at what it meant has no place here.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Mended arguments for one history call, or `undefined` when they parse or cannot be mended. */
function mendArguments(name: unknown, args: unknown, context: ToolCallContext): string | undefined {
  if (typeof args === "string" && parses(args)) return undefined;
  return context.mendLosslessly({ name: typeof name === "string" ? name : "", arguments: args });
}

/** A copy of a Chat Completions `body` with mended history arguments, or `undefined` when nothing needed mending. */
export function repairHistory(body: JsonObject, context: ToolCallContext): JsonObject | undefined {
  const messages = body.messages;
  if (!Array.isArray(messages)) return undefined;
  let changed: unknown[] | undefined;
  messages.forEach((message: unknown, position) => {
    if (!isJsonObject(message) || message.role !== "assistant" || !Array.isArray(message.tool_calls)) return;
    let calls: unknown[] | undefined;
    message.tool_calls.forEach((call: unknown, index) => {
      if (!isJsonObject(call) || !isJsonObject(call.function)) return;
      const outcome = mendArguments(call.function.name, call.function.arguments, context);
      if (outcome === undefined) return;
      calls ??= [...(message.tool_calls as unknown[])];
      calls[index] = { ...call, function: { ...call.function, arguments: outcome } };
    });
    if (calls === undefined) return;
    changed ??= [...messages];
    changed[position] = { ...message, tool_calls: calls };
  });
  return changed === undefined ? undefined : { ...body, messages: changed };
}

/** The same for a Responses `body`: `function_call` items of its `input`. */
export function repairResponsesHistory(body: JsonObject, context: ToolCallContext): JsonObject | undefined {
  const input = body.input;
  if (!Array.isArray(input)) return undefined;
  let changed: unknown[] | undefined;
  input.forEach((item: unknown, position) => {
    if (!isJsonObject(item) || item.type !== "function_call") return;
    const outcome = mendArguments(item.name, item.arguments, context);
    if (outcome === undefined) return;
    changed ??= [...input];
    changed[position] = { ...item, arguments: outcome };
  });
  return changed === undefined ? undefined : { ...body, input: changed };
}
