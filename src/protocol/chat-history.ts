import { isJsonObject, type JsonObject } from "../json.ts";
import type { MendArguments } from "./wire-format.ts";

/** A copy of a Chat Completions `body` with every `tool_calls` argument of its messages put through `mend`, or `undefined` when none changed. */
export function mendChatHistory(body: JsonObject, mend: MendArguments): JsonObject | undefined {
  const messages = body.messages;
  if (!Array.isArray(messages)) return undefined;
  let changed: unknown[] | undefined;
  messages.forEach((message: unknown, position) => {
    if (!isJsonObject(message) || message.role !== "assistant" || !Array.isArray(message.tool_calls)) return;
    let calls: unknown[] | undefined;
    message.tool_calls.forEach((call: unknown, index) => {
      if (!isJsonObject(call) || !isJsonObject(call.function)) return;
      const outcome = mend(call.function.name, call.function.arguments);
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
