/**
 * Broken `arguments` already in a request's history (an earlier turn the
 * client kept as the model wrote it) make some upstreams reject the whole
 * request. Mend them with the lossless fixers only: the call happened, so a
 * guess at what it meant has no place here.
 */
import { isObject, type JsonObject } from "../protocol/chat-completions.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy of `body` with mended history arguments, or `undefined` when nothing needed mending. */
export function repairHistory(body: JsonObject, context: ToolCallContext): JsonObject | undefined {
  const messages = body.messages;
  if (!Array.isArray(messages)) return undefined;
  let changed: unknown[] | undefined;
  messages.forEach((message: unknown, position) => {
    if (!isObject(message) || message.role !== "assistant" || !Array.isArray(message.tool_calls)) return;
    let calls: unknown[] | undefined;
    message.tool_calls.forEach((call: unknown, index) => {
      if (!isObject(call) || !isObject(call.function)) return;
      const args = call.function.arguments;
      if (typeof args === "string" && parses(args)) return;
      const name = typeof call.function.name === "string" ? call.function.name : "";
      const outcome = context.mendLosslessly({ name, arguments: args });
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
